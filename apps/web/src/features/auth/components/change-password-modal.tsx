import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { changePasswordBodySchema } from '@portal/contract/auth';
import { useEffect, useState } from 'react';
import { RELOAD_DELAY_MS } from '@/config/constants';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { useChangePassword } from '../api/change-password';

type ChangePasswordModalProps = {
  /** Reload after success (000 §4); tests pass a spy. */
  reload?: () => void;
};

/**
 * Forced password change (000 §4-§5): a blocking modal while session.change_password is true.
 * Old and new password required, Save disabled while either is empty, show/hide toggles.
 * Success: toast the message, clear the fields, close, reload after 2 s.
 */
export function ChangePasswordModal({ reload = () => window.location.reload() }: ChangePasswordModalProps) {
  const session = useSession();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const changeMutation = useChangePassword({
    onSuccess: (message) => {
      notifySuccess(message);
      setOldPassword('');
      setNewPassword('');
      window.setTimeout(reload, RELOAD_DELAY_MS);
    },
  });

  const opened = Boolean(session?.change_password);
  // The common-password list (about 220 KB gzipped) loads only when the modal opens, not with every dashboard;
  // once it has arrived the new password is checked against it too (issue 16 point 8).
  const [, setListLoaded] = useState(false);
  useEffect(() => {
    if (!opened) return;
    void import('@portal/contract/common-passwords').then(() => setListLoaded(true));
  }, [opened]);
  // The contract's rule for the new password, shown under the field as it is typed (issue 16 point 8).
  const newPasswordError =
    newPassword.length > 0 ? changePasswordBodySchema.shape.new_password.safeParse(newPassword).error?.issues[0]?.message : undefined;
  const canSave = oldPassword.length > 0 && newPassword.length > 0 && !newPasswordError;

  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Change your password"
      size="md"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!canSave) return;
          changeMutation.mutate(
            { old_password: oldPassword, new_password: newPassword, email: session?.email },
            { onError: (error) => notifyError(errorMessage(error)) },
          );
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            For your security, please replace the password you received by e-mail before you continue.
          </Text>
          <PasswordInput
            label="Old Password"
            required
            autoComplete="current-password"
            value={oldPassword}
            onChange={(event) => setOldPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="New Password"
            required
            autoComplete="new-password"
            value={newPassword}
            error={newPasswordError}
            onChange={(event) => setNewPassword(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!canSave} loading={changeMutation.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
