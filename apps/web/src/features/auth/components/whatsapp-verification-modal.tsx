import { Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { WHATSAPP_CODE_LENGTH, WHATSAPP_PHONE_MESSAGE, WHATSAPP_PHONE_PATTERN } from '@portal/contract/auth';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { clearSession, getSession, useSession } from '@/lib/session';
import { useSendWhatsappCode } from '../api/send-whatsapp-code';
import { useVerifyWhatsapp } from '../api/verify-whatsapp';

/** 000 §9: "logout after WhatsApp verification 3 s". */
export const WHATSAPP_SIGN_OUT_DELAY_MS = 3000;

/**
 * WhatsApp number verification (000 §4-§5, PRODUCT §4): a blocking modal while session.w_verified is true,
 * after the forced password change (that modal comes first, and this one opens on the page after its reload).
 * Steps: enter the number (+ then 10-14 digits; the send button shows only for a valid number), send the
 * code (the button then reads 'Send Agein' and the number becomes a note), 'Change Number' goes back,
 * enter the code, Save. Success: toast, then 3 s later the session is cleared and the user goes to /signin
 * to sign in again (the new session answers w_verified false). The session is cleared at the 3 s mark,
 * not at once, because the dashboard guard would send the user to /signin the moment it is cleared.
 * Failures: the server's message in an error toast (000 §8).
 */
export function WhatsappVerificationModal() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState(false);
  const sendMutation = useSendWhatsappCode();
  const verifyMutation = useVerifyWhatsapp();

  useEffect(() => {
    if (!verified) return undefined;
    const timer = window.setTimeout(() => {
      clearSession();
      queryClient.clear();
      void navigate(paths.signin.getHref(), { replace: true });
    }, WHATSAPP_SIGN_OUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [verified, navigate, queryClient]);

  // The forced password change reloads the page 2 s after it succeeds (000 §4). A page that began with that
  // change pending keeps this modal closed, so nothing typed here is lost to the reload: it opens after it.
  const [passwordChangeFirst] = useState(() => Boolean(getSession()?.change_password));
  const opened = Boolean(session?.w_verified) && !session?.change_password && !passwordChangeFirst;
  const number = phone.trim();
  const numberValid = WHATSAPP_PHONE_PATTERN.test(number);
  const agentId = session?.agent_id ?? null;

  function send(target: string) {
    sendMutation.mutate(
      { phone: target, agent_id: agentId },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          setSentTo(target);
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  }

  function changeNumber() {
    setSentTo(null);
    setCode('');
  }

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Verify your WhatsApp number"
      size="md"
    >
      {verified ? (
        <Text size="sm" role="status">
          Your WhatsApp number is verified. You will be signed out in 3 seconds; please log in again.
        </Text>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!sentTo || code.trim().length === 0) return;
            verifyMutation.mutate(
              { phone: sentTo, code: code.trim(), agent_id: agentId },
              {
                onSuccess: (answer) => {
                  notifySuccess(answer.message);
                  setVerified(true);
                },
                onError: (error) => notifyError(errorMessage(error)),
              },
            );
          }}
        >
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Please verify your WhatsApp number to continue. We will send you a {WHATSAPP_CODE_LENGTH}-digit code.
            </Text>
            {sentTo ? (
              <Paper withBorder p="sm" radius="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm">
                    Code sent to <strong>{sentTo}</strong>
                  </Text>
                  <Button variant="subtle" size="xs" onClick={changeNumber}>
                    Change Number
                  </Button>
                </Group>
              </Paper>
            ) : (
              <TextInput
                label="WhatsApp Number"
                placeholder="+923001234567"
                type="tel"
                autoComplete="tel"
                leftSection={<IconBrandWhatsapp size={16} />}
                value={phone}
                onChange={(event) => setPhone(event.currentTarget.value)}
                error={number.length > 0 && !numberValid ? WHATSAPP_PHONE_MESSAGE : undefined}
              />
            )}
            {sentTo || (number.length > 0 && numberValid) ? (
              <Group justify="flex-end">
                <Button variant="light" loading={sendMutation.isPending} onClick={() => send(sentTo ?? number)}>
                  {sentTo ? 'Send Agein' : 'Send Code'}
                </Button>
              </Group>
            ) : null}
            {sentTo ? (
              <>
                <TextInput
                  label="Verification Code"
                  placeholder="123456"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={WHATSAPP_CODE_LENGTH}
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                />
                <Group justify="flex-end">
                  <Button type="submit" disabled={code.trim().length === 0} loading={verifyMutation.isPending}>
                    Save
                  </Button>
                </Group>
              </>
            ) : null}
          </Stack>
        </form>
      )}
    </Modal>
  );
}
