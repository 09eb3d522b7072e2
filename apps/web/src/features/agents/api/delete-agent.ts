import { deleteAgentRoute } from '@portal/contract/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function deleteAgent(id: number) {
  return apiRequest(deleteAgentRoute, { params: { id } });
}

/** GET deleteagent/{id}: Delete an agent (soft); the lists refresh before the toast (decision 021). */
export function useDeleteAgent() {
  const refreshList = useRefreshList(agentsRootKey);
  return useMutation({ mutationFn: deleteAgent, onSuccess: refreshList });
}
