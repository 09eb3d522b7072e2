import { SegmentedControl } from '@mantine/core';
import { activeStatusSchema, type ActiveStatus } from '@portal/contract/agents';

const OPTIONS: Array<{ value: ActiveStatus | 'all'; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Active' },
  { value: 'rejected', label: 'Rejected' },
];

/** A status read from the address (`?status=pending`); anything else is every status. */
export function parseAgentStatus(value: string | null): ActiveStatus | undefined {
  const parsed = activeStatusSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** Which agents the Agents table shows: every status, or one (decision 023: the dashboard links to the pending ones). */
export function AgentStatusFilter({ value, onChange }: { value: ActiveStatus | undefined; onChange: (status: ActiveStatus | undefined) => void }) {
  return (
    <SegmentedControl
      aria-label="Agent status"
      mb="md"
      data={OPTIONS}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'all' ? undefined : parseAgentStatus(next))}
    />
  );
}
