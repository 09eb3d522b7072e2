import { Badge } from '@mantine/core';
import type { ActiveStatus } from '@portal/contract/agents';

const LABELS: Record<ActiveStatus, { text: string; color: string }> = {
  // 001 §3: pending, rejected, anything else shown as Active.
  approved: { text: 'Active', color: 'teal' },
  pending: { text: 'pending', color: 'yellow' },
  rejected: { text: 'rejected', color: 'red' },
};

/** An agent's active_status as the Agents table shows it (001 §2: Active, pending or rejected). */
export function AgentStatusBadge({ status }: { status: ActiveStatus }) {
  const { text, color } = LABELS[status];
  return (
    <Badge variant="light" color={color} tt="none">
      {text}
    </Badge>
  );
}
