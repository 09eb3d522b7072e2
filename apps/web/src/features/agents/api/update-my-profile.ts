import { updateMyProfileRoute, type UpdateMyProfileBody } from '@portal/contract/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { updateSession } from '@/lib/session';
import { myProfileQueryKey } from './get-my-profile';

/** POST update-my-profile (administrators only; agents' profiles are read-only, 000 §6). An emptied phone goes out as '' to clear it. */
export function updateMyProfile(body: UpdateMyProfileBody) {
  return apiRequest(updateMyProfileRoute, { body: toFormData({ ...body, phone: body.phone ?? '' }) });
}

export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyProfile,
    onSuccess: ({ data }) => {
      // The header and sidebar show the session's name and picture: keep them in step with the profile.
      updateSession({ name: data.name, image: data.image, ...(data.email ? { email: data.email } : {}) });
      return queryClient.invalidateQueries({ queryKey: myProfileQueryKey });
    },
  });
}
