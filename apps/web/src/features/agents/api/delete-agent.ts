import { deleteAgentRoute } from '@portal/contract/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function deleteAgent(id: number) {
  return apiRequest(deleteAgentRoute, { params: { id } });
}

/** GET deleteagent/{id}: Delete an agent (soft); the lists refresh 2 s later (001 §9). */
export function useDeleteAgent() {
  const refreshSoon = useRefreshSoon(agentsRootKey);
  return useMutation({ mutationFn: deleteAgent, onSuccess: refreshSoon });
}
