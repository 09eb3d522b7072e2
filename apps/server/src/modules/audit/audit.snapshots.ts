import type { AuditKind, AuditSnapshot } from '@portal/contract/audit';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { banners } from '../banners/banners.table.js';
import { readBookingAuditSnapshot } from '../bookings/booking-audit-sql.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { payments } from '../payments/payments.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { settings } from '../settings/settings.table.js';
import { users } from '../users/users.table.js';
import { toAuditJson } from './audit.json.js';

type Reader = (db: Executor, id: number | null) => Promise<AuditSnapshot | null>;

/** The first row as audit JSON (toAuditJson); null when there is none. */
async function one(rows: Promise<object[]>): Promise<AuditSnapshot | null> {
  const [row] = await rows;
  return row ? toAuditJson(row) : null;
}

/** How each kind's snapshot is read: the row, with what belongs to it (legs, passengers), as audit JSON. */
const READERS: Record<AuditKind, Reader> = {
  group: async (db, id) => {
    const [group] = await db.select().from(groups).where(eq(groups.id, id!));
    if (!group) return null;
    const legs = await db.select().from(groupLegs).where(eq(groupLegs.groupId, id!)).orderBy(asc(groupLegs.position));
    return toAuditJson({ ...group, legs: legs.map(({ id: _id, groupId: _group, ...leg }) => leg) });
  },
  // One statement, the snapshot made in SQL by toAuditJson's rules (decision 067): audited booking writes are the
  // most frequent writes, each reading its booking before and after.
  booking: (db, id) => readBookingAuditSnapshot(db, id!),
  payment: (db, id) => one(db.select().from(payments).where(eq(payments.id, id!))),
  agent: (db, id) => one(db.select().from(users).where(eq(users.id, id!))),
  admin: (db, id) => one(db.select().from(users).where(eq(users.id, id!))),
  settings: async (db) => {
    const rows = await db.select().from(settings).orderBy(asc(settings.key));
    return toAuditJson(Object.fromEntries(rows.map((row) => [row.key, row.value])));
  },
  banner: (db, id) => one(db.select().from(banners).where(eq(banners.id, id!))),
  dashboard_button: (db, id) => one(db.select().from(dashboardButtons).where(eq(dashboardButtons.id, id!))),
  airline: (db, id) => one(db.select().from(airlines).where(eq(airlines.id, id!))),
  sector: (db, id) => one(db.select().from(sectors).where(eq(sectors.id, id!))),
};

/** The record's audit snapshot as it is now in this transaction; null when there is none. */
export function readAuditSnapshot(db: Executor, kind: AuditKind, id: number | null): Promise<AuditSnapshot | null> {
  return READERS[kind](db, id);
}
