import type { AddAgentBody, UpdateAgentBody } from '@portal/contract/agents';
import { toFormData } from '@/lib/form-data';

/**
 * Multipart body of add-agent and updateagent. The contract turns an emptied optional field into null,
 * which toFormData leaves out, and on updateagent a field not sent keeps its stored value; the server
 * clears a field sent as '' (contract agents.ts), so an emptied field goes out as ''.
 */
export function toAgentFormData(body: AddAgentBody | UpdateAgentBody): FormData {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) values[key] = value === null ? '' : value;
  return toFormData(values);
}
