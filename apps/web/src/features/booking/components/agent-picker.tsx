import { Anchor, Checkbox, Group, Stack } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { AgentSearchSelect } from '@/components/agent-search-select';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { paths } from '@/config/paths';
import type { BookingFormValues } from './booking-form-values';

/**
 * Admin only (000 §5, PRODUCT §4): 'Book for Agent' with a search of agents by name (searchagent, only for
 * a non-empty query) and an 'Add new Agent' link; left unticked, the booking is a walk-in sale.
 */
export function AgentPicker() {
  const { control, formState, setValue } = useFormContext<BookingFormValues>();
  const bookForAgent = useWatch({ control, name: 'book_for_agent' });

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
            <AgentSearchSelect
              value={field.value}
              onChange={field.onChange}
              enabled={bookForAgent}
              toOption={(agent) => ({
                value: String(agent.id),
                label: agent.agent_id !== null ? `${agent.name} (${AGENT_ID_PREFIX}${agent.agent_id})` : agent.name,
              })}
              error={formState.errors.agent?.message}
            />
          )}
        />
      ) : null}
    </Stack>
  );
}
