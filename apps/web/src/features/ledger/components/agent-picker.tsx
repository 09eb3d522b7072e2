import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { NO_AGENT_FOUND_TEXT } from '@portal/contract/ledger';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { useSearchAgents } from '../api/search-agents';

const SEARCH_DEBOUNCE_MS = 300;

/** The agent a ledger is for: its number (account-api's agent_id) and how it is shown. */
export type LedgerAgent = { agentId: number; label: string };

type AgentPickerProps = { value: LedgerAgent | null; onChange: (agent: LedgerAgent | null) => void };

/**
 * Admins first choose an agent by name (001 §2 Accounts): searchagent runs only for a non-empty query and
 * 'No Agent Found' shows when it finds none. Agents without a number cannot have a ledger and are left out.
 */
export function AgentPicker({ value, onChange }: AgentPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // Choosing an agent writes its label into the search box: that is not a new search.
  const query = value && debounced === value.label ? '' : debounced;
  const agents = useSearchAgents(query);

  const found = (agents.data?.data ?? []).flatMap((agent) =>
    agent.agent_id === null
      ? []
      : [{ value: String(agent.agent_id), label: `${agent.agency_name ?? agent.name} (${AGENT_ID_PREFIX}${agent.agent_id})` }],
  );
  const chosen = value ? { value: String(value.agentId), label: value.label } : null;
  // Keep the chosen agent among the options while a new search runs.
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  const nothingFound = query !== '' && agents.isSuccess && !agents.isFetching && found.length === 0;

  return (
    <Select
      label="Agent"
      required
      placeholder="Search agents by name"
      searchable
      clearable
      leftSection={<IconSearch size={16} />}
      data={options}
      // The server has filtered already.
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      value={chosen?.value ?? null}
      onChange={(next, option) => onChange(next && option ? { agentId: Number(next), label: option.label } : null)}
      nothingFoundMessage={nothingFound ? NO_AGENT_FOUND_TEXT : undefined}
      w={{ base: '100%', sm: 320 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
