import '@mantine/dates/styles.css';
import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { LEDGER_DATE_ORDER_MESSAGE } from '@portal/contract/ledger';
import { IconCalendar, IconDeviceFloppy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { AccountReportRequest } from '../api/get-account-report';
import { AgentPicker, type LedgerAgent } from './agent-picker';

type LedgerFormProps = {
  /** Admins pick the agent; an agent's report is always its own (001 §2, §6). */
  admin: boolean;
  ownAgentId: number | null;
  loading: boolean;
  onSubmit: (request: AccountReportRequest) => void;
};

/**
 * The account report's search (001 §2 Accounts): type all or date; with date, From and To are required and
 * Save stays disabled until both are set (and To is not before From); admins also need an agent.
 */
export function LedgerForm({ admin, ownAgentId, loading, onSubmit }: LedgerFormProps) {
  const [agent, setAgent] = useState<LedgerAgent | null>(null);
  const [type, setType] = useState<'all' | 'date'>('all');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);

  const agentId = admin ? agent?.agentId : (ownAgentId ?? undefined);
  const outOfOrder = type === 'date' && from !== null && to !== null && to < from;
  const valid = (!admin || agent !== null) && (type === 'all' || (from !== null && to !== null && !outOfOrder));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onSubmit(type === 'date' && from && to ? { agent_id: agentId, type, from, to } : { agent_id: agentId, type });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Account report">
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
          <Button type="submit" disabled={!valid} loading={loading} leftSection={<IconDeviceFloppy size={16} />}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
