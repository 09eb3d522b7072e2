import type { AuditEntry, AuditKind, AuditListResponse, AuditQuery, AuditSnapshot } from '@portal/contract/audit';
import type { FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { insertBookingAuditRow } from '../bookings/booking-audit-sql.js';
import { insertAuditRow, listAuditRows } from './audit.repository.js';
import { readAuditSnapshot } from './audit.snapshots.js';
import type { AuditRow } from './audit.table.js';

export { readAuditSnapshot } from './audit.snapshots.js';

/** Who made a change and from where (decision 035). */
export interface AuditActor {
  /** null: the server itself, or a visitor without a session (registration). */
  userId: number | null;
  name: string;
  /** request.ip: behind TRUST_PROXY the client's address from X-Forwarded-For (decision 013); null for 'system'. */
  address: string | null;
}

/** The server's own changes (the hold sweeper's expiries, deadlines). */
export const SYSTEM_ACTOR: AuditActor = { userId: null, name: 'system', address: null };

/** The actor of a request: the signed-in user (plugins/auth.ts) and the client address Fastify derived. */
export function auditActorOf(request: FastifyRequest): AuditActor {
  const user = request.user;
  return { userId: user?.id ?? null, name: user?.name ?? 'visitor', address: request.ip };
}

export interface AuditChange {
  kind: AuditKind;
  entity_id: number | null;
  /** add, update, delete, close, reopen, confirm, cancel, expire, approve, reject, ... */
  action: string;
  /** The record before the change (readAuditSnapshot before changing it); null or absent for an add. */
  before?: AuditSnapshot | null;
  /** The record after it; absent: read now, in the same transaction (null for a hard delete). */
  after?: AuditSnapshot | null;
}

/**
 * Writes one audit row in the change's own transaction `tx`, so both commit or roll back together. Call it right
 * after the change: `await recordAudit(tx, actor, { kind: 'group', entity_id: id, action: 'update', before })`.
 */
export async function recordAudit(tx: Executor, actor: AuditActor, change: AuditChange): Promise<void> {
  const row = {
    actorUserId: actor.userId,
    actorName: actor.name,
    address: actor.address,
    action: change.action,
    before: change.before ?? null,
  };
  if (change.kind === 'booking' && change.after === undefined && change.entity_id !== null) {
    // The booking's after image read by the insert itself (decision 067).
    await insertBookingAuditRow({ db: tx, row: { ...row, entityId: change.entity_id } });
    return;
  }
  const after = change.after !== undefined ? change.after : await readAuditSnapshot(tx, change.kind, change.entity_id);
  await insertAuditRow({ db: tx, row: { ...row, kind: change.kind, entityId: change.entity_id, after } });
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: row.actorUserId,
    user_name: row.actorName,
    address: row.address,
    kind: row.kind as AuditKind,
    entity_id: row.entityId,
    action: row.action,
    before: (row.before as AuditSnapshot | null) ?? null,
    after: (row.after as AuditSnapshot | null) ?? null,
  };
}

/** GET /api/audit (admin): newest first, filtered, paged. */
export async function getAuditPage({ db, query, pageRequest }: { db: Database; query: AuditQuery; pageRequest: PageRequest }): Promise<AuditListResponse> {
  const { rows, total } = await listAuditRows({
    db,
    filters: { kind: query.kind, user: query.user, from: query.from, to: query.to, entityId: query.entity_id },
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return toPaginated({ rows: rows.map(toAuditEntry), total, pageRequest });
}
