import { AuditList } from '@/features/audit/components/audit-list';

/** /dashboard/audit (admin, decision 035): the audit trail. */
export default function AuditRoute() {
  return <AuditList />;
}
