import { updateAgentRoute, type UpdateAgentBody } from '@portal/contract/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toAgentFormData } from './agent-body';
import { agentsRootKey } from './get-agents';

/** POST updateagent/{id} (001 §7); no new image keeps the stored one. `id` is the row's users.id. */
export function updateAgent({ id, body }: { id: number; body: UpdateAgentBody }) {
  return apiRequest(updateAgentRoute, { params: { id }, body: toAgentFormData(body) });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsRootKey }),
  });
}
