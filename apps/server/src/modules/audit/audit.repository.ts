import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { auditLog, type AuditRow, type NewAuditRow } from './audit.table.js';

export async function insertAuditRow({ db, row }: { db: Executor; row: NewAuditRow }): Promise<void> {
  await db.insert(auditLog).values(row);
}

export interface AuditFilters {
  kind?: string | undefined;
  /** The user's number, or part of the name (any case). */
  user?: string | undefined;
  /** Asia/Karachi days YYYY-MM-DD, both included; '' = open. */
  from: string;
  to: string;
  entityId?: number | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Audit rows newest first (the `at` index), filtered. */
export async function listAuditRows({
  db,
  filters,
  limit,
  offset,
}: {
  db: Executor;
  filters: AuditFilters;
  limit: number;
  offset: number;
}): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.kind) conditions.push(eq(auditLog.kind, filters.kind));
  if (filters.entityId !== undefined) conditions.push(eq(auditLog.entityId, filters.entityId));
  if (filters.user) {
    const byName = ilike(auditLog.actorName, `%${escapeLike(filters.user)}%`);
    conditions.push(/^\d{1,9}$/.test(filters.user) ? or(eq(auditLog.actorUserId, Number(filters.user)), byName)! : byName);
  }
  if (filters.from) conditions.push(sql`${auditLog.at} >= (${filters.from}::date::timestamp at time zone 'Asia/Karachi')`);
  if (filters.to) conditions.push(sql`${auditLog.at} < ((${filters.to}::date + 1)::timestamp at time zone 'Asia/Karachi')`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset);
  const [total] = await db.select({ value: count() }).from(auditLog).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}
