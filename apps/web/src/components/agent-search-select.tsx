import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { searchAgentRoute, type AgentOption } from '@portal/contract/bookings';
import { NO_AGENT_FOUND_TEXT } from '@portal/contract/ledger';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { apiRequest } from '@/lib/api-client';

const SEARCH_DEBOUNCE_MS = 300;

export type SearchedAgent = AgentOption;

type AgentSearchSelectProps = {
  /** The chosen option's value ('' or null: none). */
  value: string | null;
  /** How `value` reads when this picker did not choose it itself (it came from the address, decision 022). */
  valueLabel?: string | null;
  onChange: (value: string | null, label: string | null) => void;
  /** How a found agent is offered: its value (users id or agent number) and label; null leaves it out. */
  toOption: (agent: SearchedAgent) => ComboboxItem | null;
  /** false: no search runs (e.g. while 'Book for Agent' is unticked). */
  enabled?: boolean;
  placeholder?: string;
  error?: ReactNode;
  w?: React.ComponentProps<typeof Select>['w'];
};

/**
 * The one agent picker (000 §5 'Book for Agent', 001 §2 Accounts, the Send Email dialog): POST searchagent
 * runs only for a non-empty query, after a short pause in typing, and 'No Agent Found' shows when it finds
 * none. The chosen agent stays among the options while a new search runs; an agent given from outside (the
 * ledger's address) shows under `valueLabel`.
 */
export function AgentSearchSelect({
  value,
  valueLabel = null,
  onChange,
  toOption,
  enabled = true,
  placeholder = 'Search agents by name',
  error,
  w,
}: AgentSearchSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const current = value && chosen?.value === value ? chosen : value && valueLabel ? { value, label: valueLabel } : null;
  // Choosing an agent writes its label into the search box: that is not a new search.
  const query = enabled && !(current && debounced === current.label) ? debounced : '';
  const agents = useQuery({
    queryKey: ['agents', 'search', query],
    queryFn: ({ signal }) => apiRequest(searchAgentRoute, { body: { searchquery: query }, signal }),
    enabled: query !== '',
  });

  const found = (agents.data?.data ?? []).flatMap((agent) => {
    const option = toOption(agent);
    return option ? [option] : [];
  });
  const options = current && !found.some((option) => option.value === current.value) ? [current, ...found] : found;
  const nothingFound = query !== '' && agents.isSuccess && !agents.isFetching && found.length === 0;

  return (
    <Select
      label="Agent"
      required
      placeholder={placeholder}
      searchable
      clearable
      leftSection={<IconSearch size={16} />}
      data={options}
      // The server has filtered already.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={current?.value ?? null}
      onChange={(next, option) => {
        setChosen(next && option ? option : null);
        onChange(next, next && option ? option.label : null);
      }}
      nothingFoundMessage={nothingFound ? NO_AGENT_FOUND_TEXT : undefined}
      error={error}
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
