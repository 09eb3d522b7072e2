import { Anchor, Checkbox, Group, Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSearchAgents } from '../api/search-agents';
import type { BookingFormValues } from './booking-form-values';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Admin only (000 §5, PRODUCT §4): 'Book for Agent' with a search of agents by name (searchagent, only for
 * a non-empty query) and an 'Add new Agent' link; left unticked, the booking is a walk-in sale.
 */
export function AgentPicker() {
  const { control, formState, setValue } = useFormContext<BookingFormValues>();
  const bookForAgent = useWatch({ control, name: 'book_for_agent' });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const agents = useSearchAgents(bookForAgent ? debounced : '');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);

  const found = (agents.data?.data ?? []).map((agent) => ({
    value: String(agent.id),
    label: agent.agent_id !== null ? `${agent.name} (${AGENT_ID_PREFIX}${agent.agent_id})` : agent.name,
  }));
  // Keep the chosen agent among the options while a new search runs.
  const options = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Controller
          control={control}
          name="book_for_agent"
          render={({ field }) => (
            <Checkbox
              label="Book for Agent"
              checked={field.value}
              onChange={(event) => {
                field.onChange(event.currentTarget.checked);
                if (!event.currentTarget.checked) setValue('agent', null);
              }}
            />
          )}
        />
        <Anchor component={Link} to={paths.dashboard.agents.getHref()} target="_blank" size="sm">
          Add new Agent
        </Anchor>
      </Group>
      {bookForAgent ? (
        <Controller
          control={control}
          name="agent"
          render={({ field }) => (
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
              value={field.value}
              onChange={(value, option) => {
                setChosen(value ? option : null);
                field.onChange(value);
              }}
              nothingFoundMessage={debounced.trim() && !agents.isFetching ? 'No agent found' : undefined}
              error={formState.errors.agent?.message}
            />
          )}
        />
      ) : null}
    </Stack>
  );
}
