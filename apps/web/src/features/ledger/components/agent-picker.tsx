import { AgentSearchSelect } from '@/components/agent-search-select';
import { AGENT_ID_PREFIX } from '@/config/constants';

/** The agent a ledger is for: its number (account-api's agent_id) and how it is shown. */
export type LedgerAgent = { agentId: number; label: string };

type AgentPickerProps = { value: LedgerAgent | null; onChange: (agent: LedgerAgent | null) => void };

/**
 * Admins first choose an agent by name (001 §2 Accounts). Agents without a number cannot have a ledger and
 * are left out.
 */
export function AgentPicker({ value, onChange }: AgentPickerProps) {
  return (
    <AgentSearchSelect
      value={value ? String(value.agentId) : null}
      onChange={(next, label) => onChange(next && label ? { agentId: Number(next), label } : null)}
      toOption={(agent) =>
        agent.agent_id === null
          ? null
          : { value: String(agent.agent_id), label: `${agent.agency_name ?? agent.name} (${AGENT_ID_PREFIX}${agent.agent_id})` }
      }
      w={{ base: '100%', sm: 320 }}
    />
  );
}
