import { rejectAgentRoute } from '@portal/contract/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function rejectAgent(id: number) {
  return apiRequest(rejectAgentRoute, { params: { id } });
}

/** GET reject-user/{id}: Reject an agent; the lists refresh before the toast (decision 021). */
export function useRejectAgent() {
  const refreshList = useRefreshList(agentsRootKey);
  return useMutation({ mutationFn: rejectAgent, onSuccess: refreshList });
}
