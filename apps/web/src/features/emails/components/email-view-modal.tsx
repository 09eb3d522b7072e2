import { Alert, Center, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import type { EmailSummary } from '@portal/contract/emails';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useEmail } from '../api/get-email';
import { EmailStatusBadge } from './email-status-badge';

type EmailViewModalProps = { email: EmailSummary; opened: boolean; onClose: () => void };

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={90} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-word' }}>
        {children}
      </Text>
    </Group>
  );
}

/** View (PRODUCT §5 Emails page): the message as it was queued, with the latest error when a try failed. */
export function EmailViewModal({ email, opened, onClose }: EmailViewModalProps) {
  const detail = useEmail(email.id, { enabled: opened });
  const shown = detail.data?.data ?? email;

  return (
    <Modal opened={opened} onClose={onClose} title={email.subject} size="lg">
      <Stack gap="sm">
        <Field label="To">{shown.to}</Field>
        <Field label="Status">
          <EmailStatusBadge status={shown.status} />
        </Field>
        <Field label="Attempts">{shown.attempts}</Field>
        <Field label="Created">{formatDateTime(shown.created_at)}</Field>
        {shown.sent_at ? <Field label="Sent">{formatDateTime(shown.sent_at)}</Field> : null}
        {shown.last_error ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Last error">
            {shown.last_error}
          </Alert>
        ) : null}
        {detail.data ? (
          <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-gray-0)">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="email-text">
              {detail.data.data.text}
            </Text>
          </Paper>
        ) : detail.error ? (
          <Alert color="red" variant="light">
            {errorMessage(detail.error)}
          </Alert>
        ) : (
          <Center py="md">
            <Loader size="sm" aria-label="Loading" />
          </Center>
        )}
      </Stack>
    </Modal>
  );
}
