import { rejectAgentRoute } from '@portal/contract/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function rejectAgent(id: number) {
  return apiRequest(rejectAgentRoute, { params: { id } });
}

/** GET reject-user/{id}: Reject an agent; the lists refresh 2 s later (001 §9). */
export function useRejectAgent() {
  const refreshSoon = useRefreshSoon(agentsRootKey);
  return useMutation({ mutationFn: rejectAgent, onSuccess: refreshSoon });
}
