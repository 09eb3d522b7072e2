import { generalRoute, type GeneralResponse } from '@portal/contract/groups';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';

export async function getGeneral({ signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest(generalRoute, { signal });
  return answer.data;
}

export function getGeneralQueryOptions() {
  return queryOptions({ queryKey: ['general'], queryFn: ({ signal }) => getGeneral({ signal }) });
}

/** GET general: the airlines, my sectors and sectors the group form chooses from (001 §7). */
export function useGeneral() {
  return useQuery(getGeneralQueryOptions());
}

type GeneralMySector = GeneralResponse['data']['my_sectors'][number];

/**
 * A my sector just added from the group form (issue 21 §9) joins the choices at once, in name order as the
 * server lists them, so it can be selected before GET general answers again; the list is then fetched again.
 */
export function useAddMySectorChoice() {
  const queryClient = useQueryClient();
  return useCallback(
    (mySector: GeneralMySector) => {
      const { queryKey } = getGeneralQueryOptions();
      queryClient.setQueryData(queryKey, (data) => {
        if (!data || data.my_sectors.some((item) => item.id === mySector.id)) return data;
        const my_sectors = [...data.my_sectors, { id: mySector.id, name: mySector.name }].sort(
          (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
        );
        return { ...data, my_sectors };
      });
      void queryClient.invalidateQueries({ queryKey });
    },
    [queryClient],
  );
}
