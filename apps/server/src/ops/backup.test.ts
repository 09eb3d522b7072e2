import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { AllPendingPaymentsResponse } from '@portal/contract/payments';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { MIGRATIONS_DIR, openDatabase, type Database, type DatabaseHandle } from '../db/database.js';
import { seedDatabase } from '../db/seed/seed.js';
import { bookingPassengers, bookings } from '../modules/bookings/bookings.table.js';
import { bookingFields, daysFromToday, insertAgentWithToken, insertBookableGroup, passenger } from '../modules/bookings/bookings.fixtures.js';
import { insertUserWithToken } from '../modules/bookings/booking-lifecycle.factories.js';
import { files } from '../modules/files/files.table.js';
import { BACKUP_MARKER_PREFIX, BACKUP_MARKER_STALE_MS, removeStoredFile, resolveStoragePath } from '../modules/files/files.usecases.js';
import { groups } from '../modules/groups/groups.table.js';
import { ledgerEntries } from '../modules/ledger/ledger.table.js';
import { payments } from '../modules/payments/payments.table.js';
import { bearer, multipart } from '../test/helpers.js';
import { connectMaintenance, quoteIdent, testDatabaseUrl, withDatabase } from '../test/postgres.js';
import { BackupError } from './backup.errors.js';
import { createBackup, restoreBackup } from './backup.js';

/**
 * Issue 16 point 15: a backup of a running portal, taken while bookings and payments are being written,
 * restores into an empty DATA_DIR (and an empty PostgreSQL database) with every write acknowledged before the
 * backup began, the files its rows name, and the seat and ledger invariants. Runs on both engines: on PGlite
 * the portal holds its DATA_DIR's lock and the backup asks it for the snapshot (ops/backup-requests.ts).
 */

/** The migrations this build applies (drizzle's journal): what a backup of a current database records. */
async function migrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

const onPostgres = process.env.TEST_DB === 'postgres';
const silentLogger = { info: () => undefined, warn: () => undefined };
const temporaryDirs: string[] = [];
const databases: string[] = [];

async function makeTemporaryDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  temporaryDirs.push(dir);
  return dir;
}

/** A new PostgreSQL database of this run (dropped at the end): migrated from the template, or empty. */
async function createTestDatabase({ migrated }: { migrated: boolean }): Promise<string> {
  const name = `${inject('pgRunPrefix')}backup_${randomBytes(4).toString('hex')}`;
  const admin = await connectMaintenance();
  try {
    await admin.query(`create database ${quoteIdent(name)}${migrated ? ` template ${quoteIdent(inject('pgTemplate'))}` : ''}`);
  } finally {
    await admin.end();
  }
  databases.push(name);
  return withDatabase(testDatabaseUrl(), name);
}

interface Portal {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  dataDir: string;
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** The portal as main.ts runs it: a real DATA_DIR (embedded database and its lock, uploads) or PostgreSQL. */
async function openPortal({ dataDir, databaseUrl, seed }: { dataDir: string; databaseUrl: string | undefined; seed: boolean }): Promise<Portal> {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
  const handle = await openDatabase({ databaseUrl, dataDir });
  if (seed) await seedDatabase({ db: handle.db, config, logger: silentLogger });
  const app = await buildApp({ config, db: handle.db });
  let closed: Promise<void> | undefined;
  return {
    app,
    db: handle.db,
    handle,
    dataDir,
    databaseUrl,
    close: () => (closed ??= app.close().then(() => handle.close())),
  };
}

const portals: Portal[] = [];

afterAll(async () => {
  for (const portal of portals) await portal.close().catch(() => undefined);
  for (const dir of temporaryDirs) await rm(dir, { recursive: true, force: true });
  if (databases.length > 0) {
    const admin = await connectMaintenance();
    try {
      for (const name of databases) await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    } finally {
      await admin.end();
    }
  }
});

/** One write and when it was sent and acknowledged (performance.now()). */
interface Write {
  kind: 'booking' | 'confirm' | 'payment';
  bookingId: number;
  /** The payment's text, unique per payment (the API answers no payment id). */
  text?: string;
  sentAt: number;
  ackedAt: number;
}

interface Load {
  admin: { token: string };
  agents: Array<{ token: string }>;
  groupPnrs: string[];
}

async function prepareLoad(portal: Portal): Promise<Load> {
  const admin = await insertUserWithToken(portal.db, { role: 'admin', name: 'Backup Admin' });
  const agents = [await insertAgentWithToken(portal.db), await insertAgentWithToken(portal.db), await insertAgentWithToken(portal.db)];
  const groupRows = [await insertBookableGroup(portal.db, { totalTicket: 400 }), await insertBookableGroup(portal.db, { totalTicket: 400 })];
  return { admin, agents, groupPnrs: groupRows.map((group) => group.pnr) };
}

let paymentCounter = 0;

/** Books a seat as an agent (with a passport scan), confirms it and pays part of it as the admin; records each acknowledged step. */
async function writeRound(portal: Portal, load: Load, worker: number, round: number, writes: Write[]): Promise<void> {
  const agent = load.agents[(worker + round) % load.agents.length]!;
  const pnr = load.groupPnrs[round % load.groupPnrs.length]!;
  const form = multipart(bookingFields({ pnr, passengers: [passenger({ type: 'adult' })] }));
  let sentAt = performance.now();
  const booked = await portal.app.inject({ method: 'POST', url: '/api/add-booking', payload: form.payload, headers: { ...form.headers, ...bearer(agent.token) } });
  expect(booked.statusCode, booked.body).toBe(201);
  const bookingId = (booked.json() as { data: { id: number } }).data.id;
  writes.push({ kind: 'booking', bookingId, sentAt, ackedAt: performance.now() });

  sentAt = performance.now();
  const confirmed = await portal.app.inject({
    method: 'POST',
    url: '/api/confirmbooking',
    payload: { booking_id: bookingId, discount: 0, receive_payment: 0, sure: 0 },
    headers: bearer(load.admin.token),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  writes.push({ kind: 'confirm', bookingId, sentAt, ackedAt: performance.now() });

  paymentCounter += 1;
  const text = `Backup load payment ${paymentCounter}`;
  sentAt = performance.now();
  const paid = await portal.app.inject({
    method: 'POST',
    url: '/api/update-booking-payment',
    payload: { booking_id: bookingId, receive_amount: 1_000 + paymentCounter, receive_date: daysFromToday(0), text },
    headers: bearer(load.admin.token),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  writes.push({ kind: 'payment', bookingId, text, sentAt, ackedAt: performance.now() });
}

/** The rules a restored database must keep (PRODUCT §4; the same checks as db/workload/workload.test.ts). */
async function expectInvariants(db: Database, uploadsDir: string): Promise<void> {
  const sold = await db
    .select({ id: groups.id, totalTicket: groups.totalTicket, sold: sql<number>`coalesce(sum(${bookings.adults} + ${bookings.children}), 0)::int` })
    .from(groups)
    .leftJoin(bookings, and(eq(bookings.groupId, groups.id), eq(bookings.cancelStatus, false)))
    .groupBy(groups.id);
  for (const row of sold) expect(Number(row.sold), `group ${row.id} oversold`).toBeLessThanOrEqual(row.totalTicket);

  const live = new Map<number, number>();
  for (const payment of await db.select().from(payments).where(isNull(payments.deletedAt))) {
    live.set(payment.bookingId, (live.get(payment.bookingId) ?? 0) + payment.receiveAmount);
  }
  for (const row of await db.select().from(bookings)) {
    expect(row.receivedAmount, `received of #${row.id}`).toBe(live.get(row.id) ?? 0);
    expect(row.remainingAmount, `remaining of #${row.id}`).toBe(row.finalTotal - row.receivedAmount);
  }
  // Every live agent payment has its ledger `in` row of the same amount; every confirmed agent booking its `out`.
  const [unmatched] = await db
    .select({ value: count() })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(ledgerEntries, eq(ledgerEntries.paymentId, payments.id))
    .where(sql`${bookings.agentUserId} is not null and ${payments.deletedAt} is null and (${ledgerEntries.id} is null or ${ledgerEntries.amount} <> ${payments.receiveAmount})`);
  expect(Number(unmatched!.value)).toBe(0);
  const [charged] = await db.select({ value: count() }).from(bookings).where(sql`${bookings.confirmed} and ${bookings.agentUserId} is not null`);
  const [outs] = await db.select({ value: count() }).from(ledgerEntries).where(eq(ledgerEntries.type, 'out'));
  expect(Number(outs!.value)).toBe(Number(charged!.value));

  // Every file a row names is in the restored uploads, byte for byte the size the row says.
  const fileRows = await db.select().from(files);
  expect(fileRows.length).toBeGreaterThan(0);
  for (const row of fileRows) {
    const absolute = resolveStoragePath({ uploadsDir, storagePath: row.storagePath });
    expect(existsSync(absolute), `file of row ${row.id}: ${row.storagePath}`).toBe(true);
    expect((await readFile(absolute)).length).toBe(row.size);
  }
  const [withoutScan] = await db.select({ value: count() }).from(bookingPassengers).where(isNull(bookingPassengers.passportFileId));
  expect(Number(withoutScan!.value)).toBe(0);
}

describe(`backup and restore on ${onPostgres ? 'PostgreSQL' : 'the embedded database'} (issue 16 point 15)`, () => {
  let source: Portal;
  let load: Load;
  let backupFile: string;
  let restoredDataDir: string;
  let restoredDatabaseUrl: string | undefined;

  beforeAll(async () => {
    source = await openPortal({
      dataDir: await makeTemporaryDir('portal-backup-source-'),
      databaseUrl: onPostgres ? await createTestDatabase({ migrated: true }) : undefined,
      seed: true,
    });
    portals.push(source);
    load = await prepareLoad(source);
    // A PGlite made on disk (initdb), seeded with the demo data: on 2 busy cores, beside the other suites, this
    // took over a minute.
  }, 180_000);

  it('when bookings and payments are written while a backup is taken, then its restore holds every write acknowledged before it began, their files and the invariants', async () => {
    const writes: Write[] = [];
    for (let round = 0; round < 4; round++) await writeRound(source, load, 0, round, writes);

    let stopped = false;
    const workers = [0, 1, 2].map(async (worker) => {
      for (let round = 0; !stopped; round++) {
        await writeRound(source, load, worker, round, writes);
        // A breath between rounds: in this one process the backup's own work shares the event loop with the load.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const outDir = await makeTemporaryDir('portal-backups-');
    const backupStarted = performance.now();
    let snapshotTaken = Number.POSITIVE_INFINITY;
    const { file, manifest } = await createBackup({
      dataDir: source.dataDir,
      databaseUrl: source.databaseUrl,
      outDir,
      // The load goes on a little past the snapshot; packing the file after it needs no load to be tested.
      onSnapshotTaken: () => {
        snapshotTaken = performance.now();
        setTimeout(() => (stopped = true), 300);
      },
    });
    await Promise.all(workers);
    backupFile = file;

    expect(path.basename(file)).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(manifest).toMatchObject({ engine: onPostgres ? 'postgres' : 'pglite', appSecret: true, database: { migrations: await migrationCount() } });
    // The load ran through the snapshot: writes were sent before it was taken and acknowledged after the backup began.
    expect(writes.filter((write) => write.sentAt < snapshotTaken && write.ackedAt > backupStarted).length).toBeGreaterThan(0);
    expect(writes.filter((write) => write.sentAt > snapshotTaken).length).toBeGreaterThan(0);

    restoredDataDir = path.join(await makeTemporaryDir('portal-restore-'), 'data');
    restoredDatabaseUrl = onPostgres ? await createTestDatabase({ migrated: false }) : undefined;
    await restoreBackup({ file, dataDir: restoredDataDir, databaseUrl: restoredDatabaseUrl });

    const restored = await openPortal({ dataDir: restoredDataDir, databaseUrl: restoredDatabaseUrl, seed: false });
    portals.push(restored);
    const bookingRows = await restored.db.select().from(bookings);
    const byId = new Map(bookingRows.map((row) => [row.id, row]));
    const paymentTexts = new Set((await restored.db.select().from(payments)).map((row) => row.text));
    const before = writes.filter((write) => write.ackedAt < backupStarted);
    expect(before.length).toBeGreaterThanOrEqual(12);
    for (const write of before) {
      expect(byId.has(write.bookingId), `booking #${write.bookingId} (${write.kind})`).toBe(true);
      if (write.kind === 'confirm') expect(byId.get(write.bookingId)!.confirmed, `confirmation of #${write.bookingId}`).toBe(true);
      if (write.kind === 'payment') expect(paymentTexts.has(write.text!), write.text).toBe(true);
    }
    // Nothing sent after the snapshot was taken is in it.
    for (const write of writes.filter((item) => item.sentAt > snapshotTaken)) {
      if (write.kind === 'booking') expect(byId.has(write.bookingId), `booking #${write.bookingId} made after the backup`).toBe(false);
      if (write.kind === 'payment') expect(paymentTexts.has(write.text!), `${write.text} made after the backup`).toBe(false);
    }
    await expectInvariants(restored.db, restored.app.uploadsDir);
    expect(await readFile(path.join(restoredDataDir, 'app-secret'), 'utf8')).toBe(await readFile(path.join(source.dataDir, 'app-secret'), 'utf8'));

    // The restored portal answers as the original did: the same admin token, the General Report from its rows.
    const report = await restored.app.inject({ method: 'GET', url: '/api/listofallpendingpayments', headers: bearer(load.admin.token) });
    expect(report.statusCode, report.body).toBe(200);
    const confirmedRows = bookingRows.filter((row) => row.confirmed && !row.cancelStatus);
    expect((report.json() as AllPendingPaymentsResponse).data.report.received_payment).toBe(confirmedRows.reduce((sum, row) => sum + row.receivedAmount, 0));
  }, 90_000);

  it('when the target DATA_DIR is not empty, then the restore refuses and changes nothing', async () => {
    const target = await makeTemporaryDir('portal-restore-busy-');
    await writeFile(path.join(target, 'notes.txt'), 'keep me');
    await mkdir(path.join(target, 'uploads', 'public'), { recursive: true });
    const restore = restoreBackup({ file: backupFile, dataDir: target, databaseUrl: onPostgres ? await createTestDatabase({ migrated: false }) : undefined });
    await expect(restore).rejects.toThrow(BackupError);
    await expect(restore).rejects.toThrow(`${target} is not empty (it holds notes.txt); a restore never overwrites.`);
    expect((await readdir(target)).sort()).toEqual(['notes.txt', 'uploads']);
  });

  it.runIf(onPostgres)('when the target database is not empty, then the restore refuses and writes nothing to it or to DATA_DIR', async () => {
    const target = path.join(await makeTemporaryDir('portal-restore-pg-'), 'data');
    const restore = restoreBackup({ file: backupFile, dataDir: target, databaseUrl: restoredDatabaseUrl });
    await expect(restore).rejects.toThrow(/^The database .* is not empty \(it holds .*\); a restore never overwrites\. Create a new, empty database/);
    expect(await readdir(target)).toEqual([]);
  });

  it.runIf(onPostgres)('when a PostgreSQL backup is restored without DATABASE_URL, then it says so and restores nothing', async () => {
    const target = path.join(await makeTemporaryDir('portal-restore-engine-'), 'data');
    await expect(restoreBackup({ file: backupFile, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      'is a backup of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it.',
    );
    expect(await readdir(target)).toEqual([]);
  });

  it.runIf(!onPostgres)('when no server runs, then the backup opens the embedded database itself and restores the same rows', async () => {
    const [{ value: bookingCount }] = (await source.db.select({ value: count() }).from(bookings)) as [{ value: number }];
    await source.close();
    const { file } = await createBackup({ dataDir: source.dataDir, databaseUrl: undefined });
    expect(path.dirname(file)).toBe(path.join(source.dataDir, 'backups'));
    const target = path.join(await makeTemporaryDir('portal-restore-offline-'), 'data');
    await restoreBackup({ file, dataDir: target, databaseUrl: undefined });
    const restored = await openPortal({ dataDir: target, databaseUrl: undefined, seed: false });
    portals.push(restored);
    const [{ value }] = (await restored.db.select({ value: count() }).from(bookings)) as [{ value: number }];
    expect(value).toBe(bookingCount);
    await expectInvariants(restored.db, restored.app.uploadsDir);
  }, 60_000);
});

describe('stored files while a backup runs (decision 019)', () => {
  it('when a backup marker is fresh, then a stored file is kept; when it is stale or gone, then it is deleted', async () => {
    const uploadsDir = await makeTemporaryDir('portal-uploads-');
    const storagePath = 'private/passport/scan-1.png';
    const absolute = resolveStoragePath({ uploadsDir, storagePath });
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, 'bytes');
    const marker = path.join(uploadsDir, `${BACKUP_MARKER_PREFIX}20261125-063012-1a2b3c4d`);
    await writeFile(marker, '{}');

    await removeStoredFile({ uploadsDir, storagePath });
    expect(existsSync(absolute)).toBe(true);

    const stale = new Date(Date.now() - BACKUP_MARKER_STALE_MS - 1_000);
    await utimes(marker, stale, stale);
    await removeStoredFile({ uploadsDir, storagePath });
    expect(existsSync(absolute)).toBe(false);

    await writeFile(absolute, 'bytes');
    await rm(marker);
    await removeStoredFile({ uploadsDir, storagePath });
    expect(existsSync(absolute)).toBe(false);
  });
});
