import { AUDIT_KINDS, auditListRoute, type AuditKind } from '@portal/contract/audit';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListFilters, ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

/** Root key of the audit trail: every write may add rows, so the shell's refresh after writes reaches it. */
export const auditQueryKey = ['audit'] as const;

/** The Audit page's filters in the address (useListParams, decision 022); names are the API's own. */
export const AUDIT_LIST_PARAMS = { kind: AUDIT_KINDS, user: 'text', from: 'date', to: 'date', entity_id: 'id' } as const;

export type AuditFilters = ListFilters<typeof AUDIT_LIST_PARAMS>;

export function getAudit({ page, filters = {}, signal }: { page: number; filters?: AuditFilters; signal?: AbortSignal }) {
  return apiRequest(auditListRoute, { query: { page, ...filters }, signal });
}

export function getAuditQueryOptions(page: number, filters: AuditFilters = {}) {
  return queryOptions({
    queryKey: [...auditQueryKey, { page, ...filters }],
    queryFn: ({ signal }) => getAudit({ page, filters, signal }),
  });
}

/** GET audit?page=N&kind=&user=&from=&to=&entity_id=, newest first, page by page. */
export function useAudit(filters: AuditFilters, pager?: ListPager) {
  return usePagedList({
    pageQuery: (page) => getAuditQueryOptions(page, filters),
    resetKey: JSON.stringify(filters),
    pager,
  });
}

/** One record's own history (the History tab of a group or a booking). */
export function useEntityHistory(kind: AuditKind, entityId: number) {
  return useAudit({ kind, entity_id: String(entityId) });
}
