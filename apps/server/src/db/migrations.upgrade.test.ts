import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, getTableName, isNull, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { HOLD_SWEEP_JOB } from '../modules/bookings/hold-sweeper.js';
import { claimJobRun } from '../modules/jobs/jobs.repository.js';
import { scheduledJobs } from '../modules/jobs/jobs.table.js';
import { allPassengersTicketed, bookingPassengers, bookings, holdsSeats, missingNamesCount } from '../modules/bookings/bookings.table.js';
import { sumSoldSeats } from '../modules/groups/groups.repository.js';
import { groupSeats, groups } from '../modules/groups/groups.table.js';
import { claimReminder } from '../modules/reminders/reminders.repository.js';
import { remindersSent } from '../modules/reminders/reminders.table.js';
import { sendDueReminders } from '../modules/reminders/reminders.usecases.js';
import { users } from '../modules/users/users.table.js';
import { listBookings } from '../modules/bookings/booking-lifecycle.repository.js';
import { bookingCounts } from '../modules/dashboard/booking-counts.table.js';
import { auditLog } from '../modules/audit/audit.table.js';
import { ledgerEntries, ledgerRemovals } from '../modules/ledger/ledger.table.js';
import { sumSalesAndReceiptsByDay } from '../modules/insights/insights.repository.js';
import { payments } from '../modules/payments/payments.table.js';
import { recomputedDayFigures, storedDayFigures } from './workload/workload-invariants.js';
import { getKarachiDate, getKarachiToday } from '../lib/karachi-date.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, openTestDatabase } from '../test/helpers.js';
import { connectMaintenance, quoteIdent, testDatabaseUrl, withDatabase } from '../test/postgres.js';
import { MIGRATIONS_DIR, openDatabase, type Database, type DatabaseHandle } from './database.js';
import * as schema from './schema.js';
import { seedDatabase } from './seed/seed.js';

/**
 * Users keep their data across releases (PRODUCT §1): the database of the release before the newest migration,
 * holding the demo data, is upgraded the way a server start does (openDatabase applies the committed migrations),
 * on this project's engine (PGlite or PostgreSQL). Generic: the migrations come from the journal, and the
 * "previous release" is every migration but the newest, so each new migration is tested by this file unchanged.
 *
 * The demo data is written by today's seed code into a fully migrated database and copied into the old schema,
 * column by column where the old schema has the column (generated columns are left to the database). A future
 * migration that renames or reshapes a column gets its old values from here only if it adds that mapping.
 */

interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

/** Tables a migration fills from the data already there (their own test checks what they hold). */
const FILLED_BY_MIGRATIONS = new Set(['booking_counts', 'group_seats', 'day_totals']);

const DEMO_AGENT = { email: 'agent@example.com', password: 'Agent@12345' };
const silentLogger = { info: () => undefined, warn: () => undefined };

/** The smallest interface both engines' raw clients offer. */
interface RawSql {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

async function readJournal(): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}

/** A migrations folder holding only `entries` (the same files and journal lines), for drizzle's migrator. */
async function writeMigrationsFolder(dir: string, entries: JournalEntry[]): Promise<string> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  await mkdir(path.join(dir, 'meta'), { recursive: true });
  await writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  for (const entry of entries) await copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** Base tables of the public schema and their columns that can be written (not generated). */
async function describeTables(client: RawSql): Promise<Map<string, { writable: string[]; all: string[] }>> {
  const { rows } = await client.query<{ table_name: string; column_name: string; is_generated: string }>(
    `select c.table_name, c.column_name, c.is_generated
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, { writable: string[]; all: string[] }>();
  for (const row of rows) {
    const table = tables.get(row.table_name) ?? { writable: [], all: [] };
    table.all.push(row.column_name);
    if (row.is_generated !== 'ALWAYS') table.writable.push(row.column_name);
    tables.set(row.table_name, table);
  }
  return tables;
}

/** Per table: its row count and a digest of every row over the given columns (any order of rows). */
async function fingerprint(client: RawSql, tables: Map<string, { all: string[] }>): Promise<Record<string, { count: number; digest: string }>> {
  const result: Record<string, { count: number; digest: string }> = {};
  for (const [table, { all }] of tables) {
    const columns = all.map(quoteIdent).join(', ');
    const { rows } = await client.query<{ count: number; digest: string }>(
      `select count(*)::int as count, md5(coalesce(string_agg(r, '|' order by r), '')) as digest
         from (select row(${columns})::text as r from ${quoteIdent(table)}) s`,
    );
    result[table] = rows[0]!;
  }
  return result;
}

/**
 * Copies every row of the old schema's tables from `source` (today's schema) into `target` (the old one), the
 * old columns only, and the sequences' positions. Foreign keys are not checked during the copy (replica role),
 * since rows arrive table by table, not in dependency order.
 */
async function copyDemoData({ source, target }: { source: RawSql; target: RawSql }): Promise<void> {
  const tables = await describeTables(target);
  await target.query('begin');
  await target.query('set local session_replication_role = replica');
  for (const [table, { writable }] of tables) {
    const columns = writable.map(quoteIdent).join(', ');
    const { rows } = await source.query<{ data: unknown }>(
      `select coalesce(json_agg(t), '[]'::json) as data from (select ${columns} from ${quoteIdent(table)}) t`,
    );
    const data = typeof rows[0]!.data === 'string' ? rows[0]!.data : JSON.stringify(rows[0]!.data);
    await target.query(
      `insert into ${quoteIdent(table)} (${columns}) select ${columns} from json_populate_recordset(null::${quoteIdent(table)}, $1::json)`,
      [data],
    );
  }
  const { rows: sequences } = await target.query<{ name: string }>(
    `select sequence_name as name from information_schema.sequences where sequence_schema = 'public'`,
  );
  for (const { name } of sequences) {
    const { rows } = await source.query<{ last_value: string; is_called: boolean }>(`select last_value, is_called from ${quoteIdent(name)}`);
    await target.query('select setval($1, $2::bigint, $3)', [quoteIdent(name), String(rows[0]!.last_value), rows[0]!.is_called]);
  }
  await target.query('commit');
}

function rawOf(db: Database): RawSql {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      if (params.length > 0) throw new Error('the source is only read without parameters');
      const result = (await db.execute(sql.raw(text))) as unknown as { rows: T[] };
      return { rows: result.rows };
    },
  };
}

/** An empty database on this project's engine, migrated with only `folder`'s migrations; `upgrade` opens it as a server does. */
async function openOldDatabase(folder: string): Promise<{ raw: RawSql; upgrade(): Promise<DatabaseHandle> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const client = new PGlite();
    await client.waitReady;
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    return {
      raw: client,
      async upgrade() {
        const dump = await client.dumpDataDir('none');
        await client.close();
        return openDatabase({ dataDir: 'memory://', template: dump });
      },
    };
  }
  const name = `${inject('pgRunPrefix')}upgrade_${randomBytes(4).toString('hex')}`;
  const admin = await connectMaintenance();
  try {
    await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testDatabaseUrl(), name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await migratePg(drizzlePg(client), { migrationsFolder: folder });
  return {
    raw: client,
    async upgrade() {
      await client.end();
      const handle = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
      return {
        ...handle,
        close: async () => {
          await handle.close();
          const cleanup = await connectMaintenance();
          try {
            await cleanup.query(`drop database if exists ${quoteIdent(name)} with (force)`);
          } finally {
            await cleanup.end();
          }
        },
      };
    },
  };
}

const entries = await readJournal();

describe('upgrading a database of the previous release', () => {
  const previous = entries.slice(0, -1);
  const newest = entries.at(-1)!;
  let workDir: string;
  let upgraded: DatabaseHandle;
  let before: Record<string, { count: number; digest: string }>;
  let oldTables: Map<string, { writable: string[]; all: string[] }>;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'portal-upgrade-'));
    const old = await openOldDatabase(await writeMigrationsFolder(path.join(workDir, 'migrations'), previous));

    // The demo data as today's seed writes it (SEED_DEMO=1), into a fully migrated database.
    const demo = await openTestDatabase();
    try {
      await seedDatabase({ db: demo.db, config: { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, seedDemo: true }, logger: silentLogger });
      await copyDemoData({ source: rawOf(demo.db), target: old.raw });
    } finally {
      await demo.close();
    }
    oldTables = await describeTables(old.raw);
    before = await fingerprint(old.raw, oldTables);
    upgraded = await old.upgrade();
  }, 180_000);

  afterAll(async () => {
    await upgraded?.close();
    await rm(workDir, { recursive: true, force: true });
  });

  it(`when ${previous.at(-1)?.tag ?? 'nothing'} is upgraded to ${newest.tag}, then the demo data is there and every table keeps its rows and values`, async () => {
    expect(before.users!.count).toBeGreaterThan(1);
    expect(before.bookings!.count).toBeGreaterThan(0);
    expect(await fingerprint(rawOf(upgraded.db), oldTables)).toEqual(before);
  });

  it('when read through today\'s schema, then every table answers with its rows', async () => {
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable) || FILLED_BY_MIGRATIONS.has(getTableName(table))) continue;
      const rows = await upgraded.db.select().from(table);
      expect(rows.length, getTableName(table)).toBe(before[getTableName(table)]?.count ?? 0);
    }
  });

  it('when the users table gained failed_sign_ins and locked_until (0002), then every user has them at their defaults', async () => {
    const rows = await upgraded.db.select({ failedSignIns: users.failedSignIns, lockedUntil: users.lockedUntil }).from(users);
    expect(rows.length).toBe(before.users!.count);
    expect(rows.every((row) => row.failedSignIns === 0 && row.lockedUntil === null)).toBe(true);
  });

  it('when the users table gained share_markup (0003, decision 026), then every user starts without a markup', async () => {
    const rows = await upgraded.db.select({ shareMarkup: users.shareMarkup }).from(users);
    expect(rows.length).toBe(before.users!.count);
    expect(rows.every((row) => row.shareMarkup === 0)).toBe(true);
  });

  it('when scheduled_jobs arrived (0004, decision 033), then it starts empty and the first tick of the hold sweep on the upgraded database runs', async () => {
    expect(await upgraded.db.select().from(scheduledJobs)).toEqual([]);
    expect(await claimJobRun({ db: upgraded.db, name: HOLD_SWEEP_JOB, now: new Date(), intervalMs: 30_000, leaseMs: 60_000 })).toBe(1);
    await upgraded.db.delete(scheduledJobs);
  });

  it('when booking_passengers gained ticket_no (0005, decision 031), then no passenger has a number, no booking reads ticketed and a number can be given', async () => {
    const rows = await upgraded.db.select({ id: bookingPassengers.id, ticketNo: bookingPassengers.ticketNo }).from(bookingPassengers);
    expect(rows.length).toBe(before.booking_passengers!.count);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ticketNo === null)).toBe(true);
    const ticketed = await upgraded.db.select({ id: bookings.id }).from(bookings).where(allPassengersTicketed);
    expect(ticketed).toEqual([]);
    // The unique index and the 13-digit check hold on the upgraded table.
    await upgraded.db.update(bookingPassengers).set({ ticketNo: '1572400000001' }).where(eq(bookingPassengers.id, rows[0]!.id));
    await expect(upgraded.db.update(bookingPassengers).set({ ticketNo: '1572400000001' }).where(eq(bookingPassengers.id, rows[1]!.id))).rejects.toThrow();
    await upgraded.db.update(bookingPassengers).set({ ticketNo: null }).where(eq(bookingPassengers.id, rows[0]!.id));
  });

  it('when audit_log arrived (0006, decision 035), then it starts empty, takes rows and refuses to change or remove them', async () => {
    expect(await upgraded.db.select().from(auditLog)).toEqual([]);
    const [row] = await upgraded.db.insert(auditLog).values({ actorName: 'system', kind: 'settings', action: 'update' }).returning();
    await expect(upgraded.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(upgraded.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    expect(await upgraded.db.select().from(auditLog)).toEqual([row]);
  });

  it('when bookings gained bookings_confirmed_at_idx (0007, decision 034), then it is there and the sales per day of the demo data read through it equal the bookings', async () => {
    const indexes = (await upgraded.db.execute(sql`select indexname from pg_indexes where tablename = 'bookings' and indexname = 'bookings_confirmed_at_idx'`)) as unknown as { rows: unknown[] };
    expect(indexes.rows).toHaveLength(1);
    const live = await upgraded.db.select().from(bookings).where(sql`${bookings.confirmed} and not ${bookings.cancelStatus}`);
    expect(live.length).toBeGreaterThan(0);
    const first = live.map((row) => getKarachiDate(row.confirmedAt!)).sort()[0]!;
    const days = await sumSalesAndReceiptsByDay({ db: upgraded.db, from: first, to: getKarachiToday() });
    const expected = live.filter((row) => getKarachiDate(row.confirmedAt!) <= getKarachiToday()).reduce((sum, row) => sum + row.finalTotal, 0);
    expect(days.reduce((sum, day) => sum + day.sales, 0)).toBe(expected);
  });

  it('when users gained credit_limit and credit_low and bookings cancellation_charge and credit_override (0008, decision 032), then every agent is unlimited and no booking has a charge or an override', async () => {
    const people = await upgraded.db.select({ creditLimit: users.creditLimit, creditLow: users.creditLow }).from(users);
    expect(people.length).toBe(before.users!.count);
    expect(people.every((row) => row.creditLimit === null && row.creditLow === false)).toBe(true);
    const rows = await upgraded.db.select({ charge: bookings.cancellationCharge, override: bookings.creditOverride }).from(bookings);
    expect(rows.length).toBe(before.bookings!.count);
    expect(rows.every((row) => row.charge === 0 && row.override === false)).toBe(true);
  });

  it('when groups gained deadlines and passengers may wait for names (0009, decision 030), then every group has no deadline, every passenger keeps its name, none is missing, and the checks hold', async () => {
    const groupRows = await upgraded.db.select().from(groups);
    expect(groupRows.length).toBe(before.groups!.count);
    expect(groupRows.every((row) => row.depositDeadline === null && row.nameDeadline === null && row.ticketingDeadline === null && row.nameDeadlineDoneAt === null)).toBe(true);
    const passengers = await upgraded.db.select().from(bookingPassengers);
    expect(passengers.length).toBeGreaterThan(0);
    expect(passengers.every((row) => row.firstname !== null && row.lastname !== null && row.title !== null && row.passportFileId !== null)).toBe(true);
    const missing = await upgraded.db.select({ id: bookings.id, missing: missingNamesCount }).from(bookings);
    expect(missing.every((row) => row.missing === 0)).toBe(true);
    // A passenger is whole or waits for every detail: half a passenger is refused on the upgraded table.
    await expect(upgraded.db.update(bookingPassengers).set({ firstname: null }).where(eq(bookingPassengers.id, passengers[0]!.id))).rejects.toThrow();
    await expect(
      upgraded.db
        .update(groups)
        .set({ nameDeadline: new Date('2030-01-02T00:00:00Z'), ticketingDeadline: new Date('2030-01-01T00:00:00Z') })
        .where(eq(groups.id, groupRows[0]!.id)),
    ).rejects.toThrow();
  });

  it('when reminders_sent arrived (0010, decision 036), then it starts empty, the demo data has nothing to remind of, and a deadline given now is reminded of once', async () => {
    expect(await upgraded.db.select().from(remindersSent)).toEqual([]);
    const now = new Date();
    const logger = { error: (details: unknown) => expect.fail(JSON.stringify(details)) };
    expect((await sendDueReminders({ db: upgraded.db, now, publicUrl: 'http://localhost:8080', logger })).sent).toEqual([]);

    const [group] = await upgraded.db.select().from(groups).where(eq(groups.closeStatus, false)).limit(1);
    const deadline = new Date(Math.ceil((now.getTime() + 30 * 3_600_000) / 60_000) * 60_000);
    await upgraded.db.update(groups).set({ depositDeadline: deadline }).where(eq(groups.id, group!.id));
    try {
      const admins = await upgraded.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
      const first = await sendDueReminders({ db: upgraded.db, now, publicUrl: 'http://localhost:8080', logger });
      expect(first.sent.map((reminder) => [reminder.claim.groupId, reminder.claim.hoursBefore])).toEqual(admins.map(() => [group!.id, 48]));
      expect((await sendDueReminders({ db: upgraded.db, now, publicUrl: 'http://localhost:8080', logger })).sent).toEqual([]);
      // The key and its checks hold on the upgraded table.
      const claim = { groupId: group!.id, deadlineKind: 'deposit' as const, deadlineAt: deadline, hoursBefore: 48, userId: admins[0]!.id, bookingId: null, sentAt: now };
      expect(await claimReminder({ db: upgraded.db, reminder: claim })).toBe(false);
      await expect(upgraded.db.insert(remindersSent).values({ ...claim, hoursBefore: 12 })).rejects.toThrow();
    } finally {
      await upgraded.db.update(groups).set({ depositDeadline: null }).where(eq(groups.id, group!.id));
      await upgraded.db.delete(remindersSent);
    }
  });

  it('when group_seats arrived (0012, decision 043), then each group holds the standing seats of its bookings, sold seats read as the old sum, and writes keep it', async () => {
    const standing = sql`not ${bookings.cancelStatus} and (${bookings.confirmed} or ${bookings.cancelAt} is null)`;
    const recomputed = await upgraded.db
      .select({ groupId: bookings.groupId, standingSeats: sql<number>`sum(${bookings.adults} + ${bookings.children})::int`.mapWith(Number) })
      .from(bookings)
      .where(standing)
      .groupBy(bookings.groupId)
      .orderBy(bookings.groupId);
    expect(recomputed.length).toBeGreaterThan(0);
    expect(await upgraded.db.select().from(groupSeats).orderBy(groupSeats.groupId)).toEqual(recomputed);

    const groupIds = (await upgraded.db.select({ id: groups.id }).from(groups)).map((row) => row.id);
    const oldSum = async () =>
      new Map(
        (
          await upgraded.db
            .select({ groupId: bookings.groupId, sold: sql<number>`sum(${bookings.adults} + ${bookings.children})::int`.mapWith(Number) })
            .from(bookings)
            .where(holdsSeats)
            .groupBy(bookings.groupId)
        ).map((row) => [row.groupId, row.sold]),
      );
    expect(await sumSoldSeats({ db: upgraded.db, groupIds })).toEqual(await oldSum());

    // The trigger runs on the upgraded database: a confirmed booking cancelled and restored moves its group's seats.
    const [confirmed] = await upgraded.db.select().from(bookings).where(and(eq(bookings.confirmed, true), eq(bookings.cancelStatus, false))).limit(1);
    await upgraded.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, confirmed!.id));
    try {
      expect(await sumSoldSeats({ db: upgraded.db, groupIds })).toEqual(await oldSum());
    } finally {
      await upgraded.db.update(bookings).set({ cancelStatus: false, cancelledAt: null }).where(eq(bookings.id, confirmed!.id));
    }
    expect(await upgraded.db.select().from(groupSeats).orderBy(groupSeats.groupId)).toEqual(recomputed);
  });

  it('when booking_counts arrived (0011, decision 045), then it counts the demo bookings as they are, per agent and state, and keeps counting new writes', async () => {
    const recount = async () => {
      const rowsOf = async (query: SQL) => ((await upgraded.db.execute(query)) as unknown as { rows: unknown[] }).rows;
      const stored = await rowsOf(sql`select agent_user_id, confirmed, cancel_status, payment_status, sum(n)::int as n from booking_counts
        group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`);
      const recomputed = await rowsOf(sql`select coalesce(agent_user_id, 0) as agent_user_id, confirmed, cancel_status, payment_status, count(*)::int as n
        from bookings group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
      return { stored, recomputed };
    };
    const { stored, recomputed } = await recount();
    expect(recomputed.length).toBeGreaterThan(1);
    expect(stored).toEqual(recomputed);
    // Only when 0011 is the migration under test: later, booking_counts comes copied from the demo database, whose
    // writes left several delta rows per key (the sums above still hold).
    if (newest.tag === '0011_booking_counts') {
      expect((await upgraded.db.select().from(bookingCounts)).length, 'one row per key after the backfill').toBe(stored.length);
    }
    const [booking] = await upgraded.db.select().from(bookings).where(and(eq(bookings.confirmed, true), eq(bookings.cancelStatus, false))).limit(1);
    await upgraded.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, booking!.id));
    try {
      const after = await recount();
      expect(after.stored).toEqual(after.recomputed);
      expect(after.stored).not.toEqual(stored);
    } finally {
      await upgraded.db.update(bookings).set({ cancelStatus: false, cancelledAt: null }).where(eq(bookings.id, booking!.id));
    }
    expect((await recount()).stored).toEqual(stored);
  });

  it('when ledger_entries gained balance and report_json (0013, decision 049), then every demo row holds its running balance and report text, and writes restate them', async () => {
    /** Each row's balance and account-api text recomputed from the other columns (date then id order per agent). */
    const recomputed = async () => {
      const rows = await upgraded.db
        .select({ entry: ledgerEntries, pnr: groups.pnr })
        .from(ledgerEntries)
        .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
        .leftJoin(groups, eq(groups.id, bookings.groupId))
        .orderBy(ledgerEntries.agentUserId, ledgerEntries.entryDate, ledgerEntries.id);
      const balances = new Map<number, number>();
      return rows.map(({ entry, pnr }) => {
        const balance = (balances.get(entry.agentUserId) ?? 0) + (entry.type === 'out' ? entry.amount : -entry.amount);
        balances.set(entry.agentUserId, balance);
        const text = JSON.stringify({
          id: entry.id,
          receive_date: entry.entryDate,
          text: entry.text,
          type: entry.type,
          receive_amount: entry.amount,
          balance,
          pnr: entry.bookingId === null ? null : pnr,
          booking: entry.bookingId,
        });
        return { expected: { id: entry.id, balance, reportJson: text }, stored: { id: entry.id, balance: entry.balance, reportJson: entry.reportJson } };
      });
    };
    const first = await recomputed();
    expect(first.length).toBeGreaterThan(0);
    expect(first.map((row) => row.stored)).toEqual(first.map((row) => row.expected));

    // The triggers run on the upgraded database: a row posted back-dated restates the agent's later rows.
    const [agentRow] = first;
    const [owner] = await upgraded.db.select({ agentUserId: ledgerEntries.agentUserId, entryDate: ledgerEntries.entryDate }).from(ledgerEntries).where(eq(ledgerEntries.id, agentRow!.expected.id));
    const [posted] = await upgraded.db
      .insert(ledgerEntries)
      .values({ agentUserId: owner!.agentUserId, type: 'out', amount: 1_000, entryDate: '2000-01-01', text: 'Back-dated' })
      .returning({ id: ledgerEntries.id });
    try {
      const after = await recomputed();
      expect(after.map((row) => row.stored)).toEqual(after.map((row) => row.expected));
      expect(after.find((row) => row.expected.id === agentRow!.expected.id)!.stored.balance).toBe(agentRow!.expected.balance + 1_000);
    } finally {
      await upgraded.db.delete(ledgerEntries).where(eq(ledgerEntries.id, posted!.id));
    }
    const restored = await recomputed();
    expect(restored.map((row) => row.stored)).toEqual(first.map((row) => row.expected));
  });

  it('when ledger_entries gained revision (0014, decision 050), then every demo row holds its own, and a posting, an edit and a restatement draw higher ones', async () => {
    const revisions = async () =>
      new Map((await upgraded.db.select({ id: ledgerEntries.id, revision: ledgerEntries.revision }).from(ledgerEntries)).map((row) => [row.id, row.revision]));
    const first = await revisions();
    expect(first.size).toBeGreaterThan(0);
    expect(new Set(first.values()).size).toBe(first.size);
    for (const revision of first.values()) expect(revision).toBeGreaterThan(0);
    const highest = Math.max(...first.values());

    // A row posted back-dated draws a revision, and so does each later row of the agent its restatement rewrites.
    const [oldest] = await upgraded.db.select().from(ledgerEntries).orderBy(ledgerEntries.entryDate, ledgerEntries.id).limit(1);
    const agentRows = await upgraded.db.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.agentUserId, oldest!.agentUserId));
    const [posted] = await upgraded.db
      .insert(ledgerEntries)
      .values({ agentUserId: oldest!.agentUserId, type: 'out', amount: 1_000, entryDate: '2000-01-01', text: 'Back-dated' })
      .returning({ id: ledgerEntries.id, revision: ledgerEntries.revision });
    try {
      expect(posted!.revision).toBeGreaterThan(highest);
      const after = await revisions();
      for (const { id } of agentRows) expect(after.get(id), `row ${id}`).toBeGreaterThan(posted!.revision);
      const [edited] = await upgraded.db.update(ledgerEntries).set({ text: 'Edited' }).where(eq(ledgerEntries.id, posted!.id)).returning({ revision: ledgerEntries.revision });
      expect(edited!.revision).toBeGreaterThan(Math.max(...after.values()));
    } finally {
      await upgraded.db.delete(ledgerEntries).where(eq(ledgerEntries.id, posted!.id));
    }
    // The removal is recorded for the agent (ledger_removals), with a revision above every row's.
    const removals = await upgraded.db.select().from(ledgerRemovals).where(eq(ledgerRemovals.agentUserId, oldest!.agentUserId));
    expect(Math.max(...removals.map((row) => row.revision))).toBeGreaterThan(Math.max(...(await revisions()).values()));
  });

  it('when day_totals arrived (0015, decision 061), then it holds each day\'s sales and receipts of the demo data as they are, and keeps them with new writes', async () => {
    const rowsOf = async (query: SQL) => ((await upgraded.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const figures = (query: SQL) =>
      rowsOf(sql`select to_char(day, 'YYYY-MM-DD') as day, sales::text as sales, receipts::text as receipts from (${query}) as figures
        where sales <> 0 or receipts <> 0 order by day`);
    const refigure = async () => ({ stored: await figures(storedDayFigures), recomputed: await figures(recomputedDayFigures) });
    const { stored, recomputed } = await refigure();
    expect(recomputed.length).toBeGreaterThan(1);
    expect(stored).toEqual(recomputed);
    // The triggers run on the upgraded database: a confirmed booking cancelled leaves its day's sales, a payment
    // deleted its day's receipts; both restored, every day is as it was.
    const [booking] = await upgraded.db.select().from(bookings).where(and(eq(bookings.confirmed, true), eq(bookings.cancelStatus, false))).limit(1);
    const [payment] = await upgraded.db.select().from(payments).where(isNull(payments.deletedAt)).limit(1);
    expect(payment).toBeDefined();
    await upgraded.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, booking!.id));
    await upgraded.db.update(payments).set({ deletedAt: new Date() }).where(eq(payments.id, payment!.id));
    try {
      const after = await refigure();
      expect(after.stored).toEqual(after.recomputed);
      expect(after.stored).not.toEqual(stored);
    } finally {
      await upgraded.db.update(bookings).set({ cancelStatus: false, cancelledAt: null }).where(eq(bookings.id, booking!.id));
      await upgraded.db.update(payments).set({ deletedAt: null }).where(eq(payments.id, payment!.id));
    }
    expect((await refigure()).stored).toEqual(stored);
  });

  it('when bookings\' agent index gained the id (0016, decision 073), then only the new index is there and an agent\'s first page reads the demo bookings newest first', async () => {
    const rowsOf = async <Row>(query: SQL) => ((await upgraded.db.execute(query)) as unknown as { rows: Row[] }).rows;
    const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'bookings' and indexname like 'bookings_agent_created%'`,
    );
    expect(indexes.map((row) => row.indexname)).toEqual(['bookings_agent_created_id_idx']);
    expect(indexes[0]!.indexdef).toContain('(agent_user_id, created_at, id)');
    const [agent] = await upgraded.db.select().from(users).where(eq(users.email, DEMO_AGENT.email));
    const expected = await rowsOf<{ id: number }>(
      sql`select id from bookings where agent_user_id = ${agent!.id} order by created_at desc, id desc limit 20`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const page = await listBookings({ db: upgraded.db, filter: { agentUserId: agent!.id }, limit: 20, offset: 0 });
    expect(page.rows.map((row) => row.booking.id)).toEqual(expected.map((row) => Number(row.id)));
    expect(page.total).toBe((await upgraded.db.select().from(bookings).where(eq(bookings.agentUserId, agent!.id))).length);
  });

  it('when the upgraded database serves the app, then the demo administrator and agent sign in', async () => {
    const dataDir = path.join(workDir, 'data');
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, db: upgraded.db });
    try {
      for (const [email, password] of [
        [ADMIN_EMAIL, ADMIN_PASSWORD],
        [DEMO_AGENT.email, DEMO_AGENT.password],
      ] as const) {
        const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: '10.1.2.3' });
        expect(response.statusCode, `${email}: ${response.body}`).toBe(200);
        const token = (response.json() as { success: { token: string } }).success.token;
        const profile = await app.inject({ method: 'GET', url: '/api/my-profile', headers: { authorization: `Bearer ${token}` } });
        expect(profile.json().data.share_markup, email).toBe(0);
      }
    } finally {
      await app.close();
    }
  });
});
