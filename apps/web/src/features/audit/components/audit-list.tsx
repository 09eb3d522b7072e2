import { PageHeader } from '@/components/page-header';
import { useListParams } from '@/lib/list-params';
import { AUDIT_LIST_PARAMS, useAudit } from '../api/get-audit';
import { AuditFiltersBar } from './audit-filters';
import { AuditTable } from './audit-table';

export const AUDIT_TITLE = 'Audit';

/** /dashboard/audit (PRODUCT §6, decision 035): every change, newest first, filtered in the address. */
export function AuditList() {
  const { filters, patchFilters, pager } = useListParams(AUDIT_LIST_PARAMS);
  const list = useAudit(filters, pager);
  return (
    <>
      <PageHeader title={AUDIT_TITLE} description={`${list.total} ${list.total === 1 ? 'change' : 'changes'}`} />
      <AuditFiltersBar value={filters} onChange={patchFilters} />
      <AuditTable list={list} />
    </>
  );
}
