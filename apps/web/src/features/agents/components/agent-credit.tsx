import { Box, Stack, Text } from '@mantine/core';
import type { Agent } from '@portal/contract/agents';
import { formatPKR } from '@/lib/money';
import { useMyProfile } from '../api/get-my-profile';

type Credit = Pick<Agent, 'credit_limit' | 'balance' | 'available_credit'>;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** 'PKR 1.2M' for the phone header, where the full amount does not fit. */
function formatShortPKR(amount: number): string {
  return `PKR ${compact.format(amount)}`;
}

/** Under zero or under 10 % of the limit reads red (PRODUCT §6: the agent is told at that line). */
function availableColor({ credit_limit, available_credit }: Credit): string | undefined {
  if (credit_limit === null || available_credit === null) return undefined;
  return available_credit * 100 < credit_limit * 10 ? 'red' : 'teal';
}

/** The Agents table's Credit cell (PRODUCT §6): 'Unlimited', or what is available of the limit. */
export function AgentCreditCell({ agent }: { agent: Credit }) {
  if (agent.credit_limit === null || agent.available_credit === null) {
    return (
      <Text size="sm" c="dimmed">
        Unlimited
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} c={availableColor(agent)} style={{ whiteSpace: 'nowrap' }}>
        {formatPKR(agent.available_credit)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        of {formatPKR(agent.credit_limit)}
      </Text>
    </Stack>
  );
}

/**
 * The agent's header (PRODUCT §6): its balance (what it owes) and, with a limit, its available credit. Full amounts
 * from the sm breakpoint; on a phone the same two figures, shortened, so the header never overflows.
 */
export function AgentCreditSummary() {
  const profile = useMyProfile();
  const data = profile.data;
  if (!data || data.role !== 'user') return null;
  const limited = data.credit_limit !== null && data.available_credit !== null;
  const lines = [
    { label: 'Balance', value: data.balance, color: undefined as string | undefined },
    ...(limited ? [{ label: 'Available credit', value: data.available_credit ?? 0, color: availableColor(data) }] : []),
  ];
  return (
    <Box role="group" aria-label="Your credit" style={{ flexShrink: 0 }}>
      <Stack gap={0} visibleFrom="sm">
        {lines.map((line) => (
          <Text key={line.label} size="xs" style={{ whiteSpace: 'nowrap' }}>
            <Text span c="dimmed" size="xs">
              {line.label}:{' '}
            </Text>
            <Text span fw={600} size="xs" c={line.color}>
              {formatPKR(line.value)}
            </Text>
          </Text>
        ))}
      </Stack>
      <Stack gap={0} hiddenFrom="sm">
        {lines.map((line) => (
          <Text key={line.label} fz={11} lh={1.2} style={{ whiteSpace: 'nowrap' }} aria-label={`${line.label}: ${formatPKR(line.value)}`}>
            <Text span c="dimmed" fz={11}>
              {line.label === 'Balance' ? 'Bal ' : 'Avail '}
            </Text>
            <Text span fw={600} fz={11} c={line.color}>
              {formatShortPKR(line.value)}
            </Text>
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
