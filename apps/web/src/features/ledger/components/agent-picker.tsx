import { AgentSearchSelect } from '@/components/agent-search-select';
import { AGENT_ID_PREFIX } from '@/config/constants';

/** The agent a ledger is for: its number (account-api's agent_id) and how it is shown. */
export type LedgerAgent = { agentId: number; label: string };

/** 'Bilal Travels (Agent-1042)': how the picker offers an agent, and how an agent from the address reads. */
export function describeLedgerAgent({ agent_id, agency_name, name }: { agent_id: number; agency_name: string | null; name: string }): string {
  return `${agency_name ?? name} (${AGENT_ID_PREFIX}${agent_id})`;
}

type AgentPickerProps = { value: LedgerAgent | null; onChange: (agent: LedgerAgent | null) => void };

/**
 * Admins first choose an agent by name (001 §2 Accounts). Agents without a number cannot have a ledger and
 * are left out.
 */
export function AgentPicker({ value, onChange }: AgentPickerProps) {
  return (
    <AgentSearchSelect
      value={value ? String(value.agentId) : null}
      valueLabel={value?.label ?? null}
      onChange={(next, label) => onChange(next && label ? { agentId: Number(next), label } : null)}
      toOption={(agent) =>
        agent.agent_id === null
          ? null
          : { value: String(agent.agent_id), label: describeLedgerAgent({ ...agent, agent_id: agent.agent_id }) }
      }
      w={{ base: '100%', sm: 320 }}
    />
  );
}
