import { addAgentRoute, type AddAgentBody } from '@portal/contract/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toAgentFormData } from './agent-body';
import { agentsRootKey } from './get-agents';

/** POST add-agent as multipart (name, email, phone, image, agency and office details, 001 §7). */
export function createAgent(body: AddAgentBody) {
  return apiRequest(addAgentRoute, { body: toAgentFormData(body) });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsRootKey }),
  });
}
