import '@mantine/dates/styles.css';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LEDGER_DATE_ORDER_MESSAGE, SHOW_LEDGER_LABEL } from '@portal/contract/ledger';
import { IconCalendar, IconReportSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { LedgerParams } from '../api/get-account-report';
import { AgentPicker, type LedgerAgent } from './agent-picker';

type LedgerFormProps = {
  /** Admins pick the agent; an agent's report is always its own (001 §2, §6). */
  admin: boolean;
  /** The ledger on screen, as the address holds it (decision 022): the fields start from it and follow it. */
  applied: LedgerParams;
  /** How the applied agent reads ('Bilal Travels (Agent-1042)'), once known. */
  appliedAgentLabel: string | null;
  loading: boolean;
  onSubmit: (params: LedgerParams) => void;
};

function agentOf(params: LedgerParams, label: string | null): LedgerAgent | null {
  const agentId = params.agent_id === undefined ? undefined : Number(params.agent_id);
  return agentId === undefined ? null : { agentId, label: label ?? `Agent-${agentId}` };
}

/**
 * The account report's search (001 §2 Accounts): type all or date; with date, From and To are required and the run
 * button stays disabled until both are set (and To is not before From); admins also need an agent. The button
 * says what it does, 'Show ledger' (issue 21 §8; the seeds' 'Save' saved nothing).
 */
export function LedgerForm({ admin, applied, appliedAgentLabel, loading, onSubmit }: LedgerFormProps) {
  const [agent, setAgent] = useState<LedgerAgent | null>(() => agentOf(applied, appliedAgentLabel));
  const [type, setType] = useState<'all' | 'date'>(applied.from && applied.to ? 'date' : 'all');
  const [from, setFrom] = useState<string | null>(applied.from ?? null);
  const [to, setTo] = useState<string | null>(applied.to ?? null);

  // The address changed (Back, a link from Agents Balance): the fields show what it holds.
  const appliedKey = `${applied.agent_id ?? ''}|${applied.from ?? ''}|${applied.to ?? ''}`;
  const [shownKey, setShownKey] = useState(appliedKey);
  if (shownKey !== appliedKey) {
    setShownKey(appliedKey);
    setAgent(agentOf(applied, appliedAgentLabel));
    setType(applied.from && applied.to ? 'date' : 'all');
    setFrom(applied.from ?? null);
    setTo(applied.to ?? null);
  }
  // The report names the agent chosen from the address: the picker shows that name.
  if (agent && appliedAgentLabel && String(agent.agentId) === applied.agent_id && agent.label !== appliedAgentLabel) {
    setAgent({ ...agent, label: appliedAgentLabel });
  }

  const outOfOrder = type === 'date' && from !== null && to !== null && to < from;
  const valid = (!admin || agent !== null) && (type === 'all' || (from !== null && to !== null && !outOfOrder));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    const range = type === 'date' && from && to ? { from, to } : {};
    onSubmit(admin && agent ? { agent_id: String(agent.agentId), ...range } : range);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Account report" data-no-print>
      <Stack gap="sm" mb="lg">
        <Group gap="sm" align="flex-end" wrap="wrap">
          {admin ? <AgentPicker value={agent} onChange={setAgent} /> : null}
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Search Type
            </Text>
            <SegmentedControl
              aria-label="Search Type"
              value={type}
              onChange={(next) => setType(next === 'date' ? 'date' : 'all')}
              data={[
                { value: 'all', label: 'All' },
                { value: 'date', label: 'Date' },
              ]}
            />
          </Stack>
          {type === 'date' ? (
            <>
              <DatePickerInput
                label="From"
                required
                placeholder="Pick a date"
                valueFormat="DD MMM YYYY"
                leftSection={<IconCalendar size={16} />}
                nextLabel="Next month"
                previousLabel="Previous month"
                maxDate={to ?? undefined}
                value={from}
                onChange={setFrom}
                w={{ base: '100%', xs: 180 }}
                popoverProps={{ withinPortal: true }}
              />
              <DatePickerInput
                label="To"
                required
                placeholder="Pick a date"
                valueFormat="DD MMM YYYY"
                leftSection={<IconCalendar size={16} />}
                nextLabel="Next month"
                previousLabel="Previous month"
                minDate={from ?? undefined}
                value={to}
                onChange={setTo}
                error={outOfOrder ? LEDGER_DATE_ORDER_MESSAGE : undefined}
                w={{ base: '100%', xs: 180 }}
                popoverProps={{ withinPortal: true }}
              />
            </>
          ) : null}
          <Button type="submit" disabled={!valid} loading={loading} leftSection={<IconReportSearch size={16} />}>
            {SHOW_LEDGER_LABEL}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
