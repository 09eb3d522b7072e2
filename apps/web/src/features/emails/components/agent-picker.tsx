import { AgentSearchSelect } from '@/components/agent-search-select';
import { AGENT_ID_PREFIX } from '@/config/constants';

type AgentPickerProps = {
  /** The chosen agent's number (send-email's agent_id) as text, '' for none. */
  value: string;
  onChange: (agentId: string) => void;
  error?: string;
};

/**
 * The Send Email dialog's recipient: agents found by name, agency or number. Agents without a number cannot
 * be addressed and are left out.
 */
export function AgentPicker({ value, onChange, error }: AgentPickerProps) {
  return (
    <AgentSearchSelect
      value={value}
      onChange={(next) => onChange(next ?? '')}
      toOption={(agent) =>
        agent.agent_id === null
          ? null
          : {
              value: String(agent.agent_id),
              label: `${agent.name}${agent.agency_name ? `, ${agent.agency_name}` : ''} (${AGENT_ID_PREFIX}${agent.agent_id})`,
            }
      }
      placeholder="Search agents by name, agency or number"
      error={error}
    />
  );
}
