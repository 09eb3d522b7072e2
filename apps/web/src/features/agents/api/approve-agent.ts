import { approveAgentRoute } from '@portal/contract/agents';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function approveAgent(id: number) {
  return apiRequest(approveAgentRoute, { params: { id } });
}

/** GET approve-user/{id}: Accept a pending or rejected agent; the lists refresh before the toast (decision 021). */
export function useApproveAgent() {
  const refreshList = useRefreshList(agentsRootKey);
  return useMutation({ mutationFn: approveAgent, onSuccess: refreshList });
}
