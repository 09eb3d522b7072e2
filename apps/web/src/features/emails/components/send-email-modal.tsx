import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { MESSAGE_MAX_LENGTH, SEND_EMAIL_BUTTON, sendEmailBodySchema, SUBJECT_MAX_LENGTH, type SendEmailBody } from '@portal/contract/emails';
import { Controller } from 'react-hook-form';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSendEmail } from '../api/send-email';
import { AgentPicker } from './agent-picker';
import { useZodForm } from '@/lib/zod-form';

type SendEmailFormValues = { agent_id: string; subject: string; message: string };

/** Send Email (issue 6, PRODUCT §5): a plain-text message to one agent, queued in the outbox. */
function SendEmailForm({ onDone }: { onDone: () => void }) {
  const mutation = useSendEmail();
  const form = useZodForm<SendEmailFormValues, SendEmailBody>(sendEmailBodySchema, {
    defaultValues: { agent_id: '', subject: '', message: '' },
  });
  const { errors } = form.formState;
  const toField = fieldsOf<SendEmailFormValues>(['agent_id', 'subject', 'message']);

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onDone();
      },
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="agent_id"
          render={({ field }) => <AgentPicker value={field.value} onChange={field.onChange} error={errors.agent_id?.message} />}
        />
        <TextInput label="Subject" required maxLength={SUBJECT_MAX_LENGTH} error={errors.subject?.message} {...form.register('subject')} />
        <Textarea
          label="Message"
          required
          autosize
          minRows={6}
          maxRows={14}
          maxLength={MESSAGE_MAX_LENGTH}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={mutation.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SendEmailModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={SEND_EMAIL_BUTTON} size="lg">
      {opened ? <SendEmailForm onDone={onClose} /> : null}
    </Modal>
  );
}
