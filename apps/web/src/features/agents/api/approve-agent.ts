import { approveAgentRoute } from '@portal/contract/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function approveAgent(id: number) {
  return apiRequest(approveAgentRoute, { params: { id } });
}

/** GET approve-user/{id}: Accept a pending or rejected agent; the lists refresh 2 s later (001 §9). */
export function useApproveAgent() {
  const refreshSoon = useRefreshSoon(agentsRootKey);
  return useMutation({ mutationFn: approveAgent, onSuccess: refreshSoon });
}
