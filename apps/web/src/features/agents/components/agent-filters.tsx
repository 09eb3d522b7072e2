import { Group, Select, TextInput } from '@mantine/core';
import { ACTIVE_STATUSES, AGENT_STATUS_FILTER_LABELS, type ActiveStatus } from '@portal/contract/agents';
import { IconSearch } from '@tabler/icons-react';
import { useTypedFilter } from '@/lib/typed-filter';
import type { AgentFilters } from '../api/get-agents';

const ALL_STATUSES = '';
const STATUS_OPTIONS = [
  { value: ALL_STATUSES, label: 'All statuses' },
  ...ACTIVE_STATUSES.map((status) => ({ value: status, label: AGENT_STATUS_FILTER_LABELS[status] })),
];

type AgentFiltersProps = { value: AgentFilters; onChange: (filters: AgentFilters) => void };

/**
 * The Agents table's search and status filter (issue 21 §7, decision 022): the search applies as the admin stops
 * typing, the status at once; both live in the address, and the fields follow it when it changes.
 */
export function AgentFiltersBar({ value, onChange }: AgentFiltersProps) {
  const search = useTypedFilter({ current: value.search, onApply: (next) => onChange({ ...value, search: next }) });

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" role="search" aria-label="Search agents" data-no-print>
      <TextInput
        label="Search agents"
        placeholder="Name, agency, email, phone, ID"
        leftSection={<IconSearch size={16} />}
        value={search.text}
        onChange={(event) => search.change(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
      />
      <Select
        label="Status"
        data={STATUS_OPTIONS}
        value={value.status ?? ALL_STATUSES}
        allowDeselect={false}
        onChange={(next) => onChange({ ...value, search: search.take(), status: (next || undefined) as ActiveStatus | undefined })}
        w={{ base: '100%', xs: 180 }}
      />
    </Group>
  );
}
