import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { DEFAULT_ADMIN_PASSWORD } from '../../config/config.js';
import { hashPassword } from '../../lib/password.js';
import { airlines } from '../../modules/airlines/airlines.table.js';
import { bookingPassengers, bookings } from '../../modules/bookings/bookings.table.js';
import { groups } from '../../modules/groups/groups.table.js';
import { ledgerEntries } from '../../modules/ledger/ledger.table.js';
import { payments } from '../../modules/payments/payments.table.js';
import { SETTING_DEFAULTS, settings } from '../../modules/settings/settings.table.js';
import { nextAgentIdSql, users } from '../../modules/users/users.table.js';
import type { Database, Transaction } from '../database.js';
import { getKarachiDate } from '../seed/calendar.js';
import { createPng } from '../seed/png.js';
import { createRandom, type Random } from '../seed/random.js';
import { storeSeedFile, type SeedFileTarget } from '../seed/seed-files.js';
import { advanceIdSequence, insertInBatches } from './bulk-insert.js';
import { planBookings, type WorkloadRows } from './workload-bookings.js';
import { AGENCY_CITIES, AGENCY_PREFIXES, AGENCY_SUFFIXES, WORKLOAD_NAMES } from './workload-catalogue.js';
import { insertGroups, insertWorkloadCatalogue, planGroups } from './workload-inventory.js';

/** The server's default first administrator (config.ts), so a server started on the workload adds no other. */
export const WORKLOAD_ADMIN_EMAIL = 'admin@example.com';
export const WORKLOAD_ADMIN_PASSWORD = DEFAULT_ADMIN_PASSWORD;
export const WORKLOAD_AGENT_PASSWORD = 'Agent@12345';
export const DEFAULT_WORKLOAD_SEED = 20_250_808;

/** Sizes at scale 1 (issue 8); airlines and sectors are the fixed catalogue whatever the scale. */
const FULL_SIZE = { agents: 50, groups: 500, bookings: 50_000, passengers: 150_000 } as const;
const MIN_SIZE = { agents: 5, groups: 5, bookings: 20 } as const;
const DAY = 86_400_000;

/** agent01@bench.example, agent02@bench.example, ...; agent01 is the busiest. */
export function getWorkloadAgentEmail(rank: number): string {
  return `agent${String(rank).padStart(2, '0')}@bench.example`;
}

export class WorkloadDatabaseNotEmptyError extends Error {}

export interface GenerateWorkloadOptions {
  db: Database;
  /** Groups depart after it, bookings were made before it. */
  now: Date;
  /** Same seed and scale, same rows (dates follow `now`). */
  seed?: number;
  /** 1 is the full workload; 0.01 a hundredth of it (with the minimums above). */
  scale?: number;
  /** DATA_DIR/uploads: the scan and image files are written there; undefined keeps only their rows. */
  uploadsDir?: string | undefined;
  /** Progress lines for a person watching (the CLI writes them to stderr). */
  onProgress?: (message: string) => void;
}

export interface WorkloadCounts {
  agents: number;
  airlines: number;
  sectors: number;
  /** Rows of the groups table: the workload's groups plus the contention group. */
  groups: number;
  bookings: number;
  passengers: number;
  /** Live and deleted (refunded) payment rows. */
  payments: number;
  ledgerEntries: number;
}

export interface WorkloadResult {
  seconds: number;
  counts: WorkloadCounts;
  busyAgentEmail: string;
  contentionGroupId: number;
}

/**
 * Fills an empty, migrated database with the benchmark workload (issue 8): the first admin, agents, airlines,
 * sectors, my-sectors, groups with legs, bookings with passengers, payments and ledger rows, every row as the
 * API would have written it (see workload-bookings.ts), in one transaction with multi-row inserts.
 */
export async function generateWorkload({ db, now, seed = DEFAULT_WORKLOAD_SEED, scale = 1, uploadsDir, onProgress }: GenerateWorkloadOptions): Promise<WorkloadResult> {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new Error(`The workload scale must be a number above 0, not ${scale}`);
  if (!Number.isInteger(seed)) throw new Error(`The workload seed must be an integer, not ${seed}`);
  const started = performance.now();
  const progress = (message: string) => onProgress?.(`${((performance.now() - started) / 1000).toFixed(1)}s ${message}`);
  const random = createRandom(seed);
  const bookingCount = Math.max(MIN_SIZE.bookings, Math.round(FULL_SIZE.bookings * scale));
  const sizes = {
    agents: Math.max(MIN_SIZE.agents, Math.round(FULL_SIZE.agents * scale)),
    groups: Math.max(MIN_SIZE.groups, Math.round(FULL_SIZE.groups * scale)),
    bookings: bookingCount,
    passengers: Math.round((bookingCount * FULL_SIZE.passengers) / FULL_SIZE.bookings),
  };

  // Hashing is slow on purpose (lib/password.ts): once per password, every agent shares the hash.
  const [adminHash, agentHash] = await Promise.all([hashPassword(WORKLOAD_ADMIN_PASSWORD), hashPassword(WORKLOAD_AGENT_PASSWORD)]);

  const summary = await db.transaction(async (tx) => {
    await assertEmpty(tx);
    await tx
      .insert(settings)
      .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing({ target: settings.key });
    const holdWindowMinutes = SETTING_DEFAULTS.hold_window_minutes;

    const [admin] = await tx
      .insert(users)
      .values({
        role: 'admin',
        name: 'Administrator',
        email: WORKLOAD_ADMIN_EMAIL,
        passwordHash: adminHash,
        activeStatus: 'approved',
        source: 'seed',
        createdAt: new Date(now.getTime() - 400 * DAY),
        updatedAt: new Date(now.getTime() - 400 * DAY),
      })
      .returning({ id: users.id });
    const adminId = admin!.id;
    const agents = await insertAgents({ tx, random, now, count: sizes.agents, passwordHash: agentHash });
    progress(`${agents.length} agents`);

    const files: SeedFileTarget = { uploadsDir, createdBy: adminId };
    // One stored passport scan and one visa copy shared by every passenger: 150,000 files would measure the
    // disk, not the portal. Sharing is safe: a replaced scan is deleted only when no other passenger uses it.
    const passportFileId = await storeSeedFile(tx, files, {
      kind: 'passport',
      name: 'workload-passport-scan',
      bytes: createPng({ width: 120, height: 84, colour: '#E8EEF4', accent: '#1F4E79' }),
    });
    const visaFileId = await storeSeedFile(tx, files, {
      kind: 'visa',
      name: 'workload-visa-copy',
      bytes: createPng({ width: 120, height: 84, colour: '#F4F1E8', accent: '#0B6E4F' }),
    });

    const ids = await insertWorkloadCatalogue({ tx, files });
    const plan = planGroups({ random, ids, adminId, groupCount: sizes.groups, today: getKarachiDate(now), now });
    const rows = planBookings({
      random,
      now,
      holdWindowMinutes,
      adminId,
      agents,
      groups: plan.groups,
      bookingCount: sizes.bookings,
      passengerCount: sizes.passengers,
      passportFileId,
      visaFileId,
    });
    progress(`planned ${rows.bookings.length} bookings, ${rows.passengers.length} passengers, ${rows.payments.length} payments`);

    await insertGroups(tx, plan);
    await insertBookingRows(tx, rows, progress);
    return {
      counts: {
        agents: agents.length,
        airlines: ids.airlineIds.size,
        sectors: ids.sectorIds.size,
        groups: plan.rows.length,
        bookings: rows.bookings.length,
        passengers: rows.passengers.length,
        payments: rows.payments.length,
        ledgerEntries: rows.ledgerEntries.length,
      },
      contentionGroupId: plan.contentionGroupId,
    };
  });
  // Statistics for the planner, as autovacuum would gather them on a server that has been running a while
  // (the embedded database starts with an ANALYZE of its own, see db/database.ts).
  await db.execute(sql`analyze`);
  progress('analyzed');

  return {
    seconds: Math.round((performance.now() - started) / 10) / 100,
    counts: summary.counts,
    busyAgentEmail: getWorkloadAgentEmail(1),
    contentionGroupId: summary.contentionGroupId,
  };
}

/** Explicit ids below assume nothing is there yet; a second run on the same database must not mix in. */
async function assertEmpty(tx: Transaction): Promise<void> {
  const [row] = await tx
    .select({
      taken: sql<boolean>`exists (select 1 from ${users}) or exists (select 1 from ${groups})
        or exists (select 1 from ${airlines}) or exists (select 1 from ${bookings})`,
    })
    .from(sql`(select 1) as probe`);
  if (row?.taken !== false) {
    throw new WorkloadDatabaseNotEmptyError(
      'The database already has data (users, airlines, groups or bookings); the workload needs an empty database: create a new one, or use an empty DATA_DIR',
    );
  }
}

/** Active, approved agents who can use the API at once: no password change, no WhatsApp check pending. */
async function insertAgents({
  tx,
  random,
  now,
  count,
  passwordHash,
}: {
  tx: Transaction;
  random: Random;
  now: Date;
  count: number;
  passwordHash: string;
}): Promise<{ id: number; email: string }[]> {
  const values: (PgInsertValue<typeof users> & { email: string })[] = [];
  for (let rank = 1; rank <= count; rank++) {
    const name = `${random.pick(WORKLOAD_NAMES.male)} ${random.pick(WORKLOAD_NAMES.last)}`;
    const city = random.pick(AGENCY_CITIES);
    const phone = `+923${random.int(0, 4)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`;
    const createdAt = new Date(now.getTime() - random.int(90, 720) * DAY);
    values.push({
      role: 'user',
      // Agent numbers come from agent_id_seq (1001, 1002, ...) as for every agent the app creates.
      agentId: nextAgentIdSql,
      name,
      email: getWorkloadAgentEmail(rank),
      passwordHash,
      activeStatus: 'approved',
      isActive: true,
      changePassword: false,
      whatsappPending: false,
      whatsappPhone: phone,
      whatsappVerifiedAt: new Date(createdAt.getTime() + DAY),
      agencyName: `${random.pick(AGENCY_PREFIXES)} ${random.pick(AGENCY_SUFFIXES)}`,
      propriterName: name,
      phone,
      officeNo: `+92${city.areaCode}${random.int(1_000_000, 9_999_999)}`,
      officeAddress: `Office ${random.int(1, 40)}, ${city.address}`,
      city: city.city,
      country: 'Pakistan',
      source: 'admin',
      createdAt,
      updatedAt: createdAt,
    });
  }
  const inserted = await tx.insert(users).values(values).returning({ id: users.id, email: users.email });
  const byEmail = new Map(inserted.map((row) => [row.email, row.id]));
  // Busiest first, as the booking planner expects.
  return values.map((value) => ({ id: byEmail.get(value.email)!, email: value.email }));
}

async function insertBookingRows(tx: Transaction, rows: WorkloadRows, progress: (message: string) => void): Promise<void> {
  await insertInBatches(tx, bookings, rows.bookings);
  await advanceIdSequence(tx, bookings);
  progress('bookings inserted');
  await insertInBatches(tx, bookingPassengers, rows.passengers);
  progress('passengers inserted');
  await insertInBatches(tx, payments, rows.payments);
  await advanceIdSequence(tx, payments);
  await insertInBatches(tx, ledgerEntries, rows.ledgerEntries);
  progress('payments and ledger inserted');
}
