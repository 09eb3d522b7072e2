import { Badge } from '@mantine/core';
import type { EmailStatus } from '@portal/contract/emails';

const LOOK: Record<EmailStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'yellow' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

/** PRODUCT §5: each outbox row's status (queued, sent, failed). */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { label, color } = LOOK[status];
  return (
    <Badge variant="light" color={color}>
      {label}
    </Badge>
  );
}
