import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull, sql, sum } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { airlines } from '../../modules/airlines/airlines.table.js';
import { bookingPassengers, bookings } from '../../modules/bookings/bookings.table.js';
import { files } from '../../modules/files/files.table.js';
import { groups } from '../../modules/groups/groups.table.js';
import { ledgerEntries } from '../../modules/ledger/ledger.table.js';
import { payments } from '../../modules/payments/payments.table.js';
import { sectors } from '../../modules/sectors/sectors.table.js';
import { users } from '../../modules/users/users.table.js';
import { bearer, openTestDatabase, randomIp } from '../../test/helpers.js';
import type { Database, DatabaseHandle } from '../database.js';
import { getKarachiDate } from '../seed/calendar.js';
import { seedDatabase } from '../seed/seed.js';
import { createRandom } from '../seed/random.js';
import { generateWorkload, WorkloadDatabaseNotEmptyError, type WorkloadResult } from './generate-workload.js';
import { checkWorkloadInvariants } from './workload-invariants.js';
import { planBookings } from './workload-bookings.js';
import { WORKLOAD_SECTORS } from './workload-catalogue.js';
import { planGroups } from './workload-inventory.js';

const SCALE = 0.01;
const SEED = 4_242;
const DAY = 86_400_000;

async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return Number(row!.value);
}

describe('generateWorkload', () => {
  describe(`when it fills an empty database at scale ${SCALE}`, () => {
    let handle: DatabaseHandle;
    let db: Database;
    let app: FastifyInstance;
    let dataDir: string;
    let result: WorkloadResult;
    const now = new Date();

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'portal-workload-'));
      handle = await openTestDatabase();
      db = handle.db;
      result = await generateWorkload({ db, now, seed: SEED, scale: SCALE, uploadsDir: path.join(dataDir, 'uploads') });
      // What a server starting on the workload does first.
      const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
      await seedDatabase({ db, config, logger: { info: () => undefined, warn: () => undefined } });
      app = await buildApp({ config, db });
    });

    afterAll(async () => {
      await app?.close();
      await handle?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('then the sizes follow the scale and the reported counts match the tables', async () => {
      expect(result.counts).toMatchObject({ agents: 5, airlines: 10, sectors: 20, groups: 6, bookings: 500, passengers: 1_500 });
      expect(result.seconds).toBeGreaterThan(0);
      const agentRows = await db.select({ value: count() }).from(users).where(eq(users.role, 'user'));
      expect(Number(agentRows[0]!.value)).toBe(result.counts.agents);
      expect(await countRows(db, airlines)).toBe(result.counts.airlines);
      expect(await countRows(db, sectors)).toBe(result.counts.sectors);
      expect(await countRows(db, groups)).toBe(result.counts.groups);
      expect(await countRows(db, bookings)).toBe(result.counts.bookings);
      expect(await countRows(db, bookingPassengers)).toBe(result.counts.passengers);
      expect(await countRows(db, payments)).toBe(result.counts.payments);
      expect(await countRows(db, ledgerEntries)).toBe(result.counts.ledgerEntries);
      const usedSectors = await db.selectDistinct({ name: sectors.sectorName }).from(sectors);
      expect(usedSectors.map((row) => row.name.replace(' - ', '-')).sort()).toEqual([...WORKLOAD_SECTORS].sort());
    });

    it('then the server start-up adds no second administrator', async () => {
      const admins = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
      expect(admins).toEqual([{ email: 'admin@example.com' }]);
    });

    it('then no group is oversold and every received_amount, payment and charge agrees with the ledger (workload-invariants.ts)', async () => {
      expect(await checkWorkloadInvariants({ db })).toEqual({
        groups: result.counts.groups,
        bookings: result.counts.bookings,
        oversoldGroups: 0,
        oversoldSeats: 0,
        receivedMismatches: 0,
        paymentLedgerMismatches: 0,
        chargeMismatches: 0,
        balanceMismatches: 0,
        dayTotalMismatches: 0,
      });
      const rows = await db
        .select({ sold: sql<number>`coalesce(sum(${bookings.adults} + ${bookings.children}), 0)::int` })
        .from(bookings)
        .where(eq(bookings.cancelStatus, false));
      expect(Number(rows[0]!.sold)).toBeGreaterThan(0);
      const paid = await db.select({ id: payments.id, bookingId: payments.bookingId, amount: payments.receiveAmount }).from(payments);
      const totals = new Map((await db.select({ id: bookings.id, finalTotal: bookings.finalTotal }).from(bookings)).map((row) => [row.id, row.finalTotal]));
      const everPaid = new Map<number, number>();
      for (const payment of paid) {
        expect(payment.amount).toBeGreaterThan(0);
        everPaid.set(payment.bookingId, (everPaid.get(payment.bookingId) ?? 0) + payment.amount);
      }
      for (const [bookingId, amount] of everPaid) expect(amount).toBeLessThanOrEqual(totals.get(bookingId)!);
      const received = await db.select({ received: bookings.receivedAmount, finalTotal: bookings.finalTotal }).from(bookings);
      expect(received.some((row) => row.received === row.finalTotal && row.received > 0)).toBe(true);
      expect(received.some((row) => row.received > 0 && row.received < row.finalTotal)).toBe(true);
    });

    it('when rows break the rules, then the invariant check counts each one', async () => {
      const agentRows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).orderBy(users.id);
      const chargedOf = async (agentUserId: number) =>
        (await db
          .select({ id: bookings.id, groupId: bookings.groupId })
          .from(bookings)
          .where(and(eq(bookings.agentUserId, agentUserId), eq(bookings.confirmed, true), eq(bookings.cancelStatus, false), sql`${bookings.receivedAmount} > 0`))
          .limit(1))[0]!;
      const [first, second, third] = [await chargedOf(agentRows[0]!.id), await chargedOf(agentRows[1]!.id), await chargedOf(agentRows[2]!.id)];
      await expect(
        db.transaction(async (tx) => {
          await tx.update(groups).set({ totalTicket: 0 }).where(eq(groups.id, first.groupId));
          await tx.update(bookings).set({ receivedAmount: sql`${bookings.receivedAmount} + 1` }).where(eq(bookings.id, first.id));
          const [payment] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.bookingId, second.id), isNull(payments.deletedAt))).limit(1);
          await tx.delete(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id));
          await tx.update(ledgerEntries).set({ amount: sql`${ledgerEntries.amount} + 5` }).where(and(eq(ledgerEntries.bookingId, third.id), eq(ledgerEntries.type, 'out')));
          await tx.execute(sql`insert into day_totals (day, sales, receipts) values ('2001-02-03', 0, 1)`);
          const invariants = await checkWorkloadInvariants({ db: tx });
          expect(invariants).toMatchObject({ oversoldGroups: 1, receivedMismatches: 1, paymentLedgerMismatches: 1, chargeMismatches: 1, balanceMismatches: 3, dayTotalMismatches: 1 });
          expect(invariants.oversoldSeats).toBeGreaterThan(0);
          tx.rollback();
        }),
      ).rejects.toThrow(/rollback/i);
      expect((await checkWorkloadInvariants({ db })).balanceMismatches).toBe(0);
    });

    it('then the booking states are the API states: live and expired holds, confirmed, cancelled after charge, walk-ins', async () => {
      const rows = await db.select().from(bookings);
      const liveHolds = rows.filter((row) => !row.confirmed && !row.cancelStatus);
      const expired = rows.filter((row) => !row.confirmed && row.cancelStatus && row.cancelledBy === null);
      const confirmed = rows.filter((row) => row.confirmed && !row.cancelStatus);
      const cancelledAfterCharge = rows.filter((row) => row.confirmed && row.cancelStatus);
      const walkIns = rows.filter((row) => row.walking);
      for (const group of [liveHolds, expired, confirmed, cancelledAfterCharge, walkIns]) expect(group.length).toBeGreaterThan(0);
      expect(confirmed.length).toBeGreaterThan(rows.length / 2);
      expect(confirmed.some((row) => row.discount > 0)).toBe(true);
      for (const row of liveHolds) expect(row.cancelAt!.getTime()).toBeGreaterThan(now.getTime());
      for (const row of expired) expect(row.cancelledAt!.getTime()).toBeGreaterThanOrEqual(row.cancelAt!.getTime());
      for (const row of walkIns) expect(row.agentUserId).toBeNull();
      for (const row of rows) {
        expect(row.infants).toBeLessThanOrEqual(row.adults);
        expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(row.createdAt.getTime()).toBeGreaterThan(now.getTime() - 61 * DAY);
      }
      // Ledger: one `out` per charged agent booking, one `reversal` per charged agent booking cancelled.
      const charged = rows.filter((row) => row.confirmed && row.agentUserId !== null);
      const outs = await db.select({ value: count() }).from(ledgerEntries).where(eq(ledgerEntries.type, 'out'));
      const reversals = await db.select({ value: count() }).from(ledgerEntries).where(eq(ledgerEntries.type, 'reversal'));
      expect(Number(outs[0]!.value)).toBe(charged.length);
      expect(Number(reversals[0]!.value)).toBe(charged.filter((row) => row.cancelStatus).length);
    });

    it("then each agent's balance from account-api is what it was charged less what it paid", async () => {
      const agents = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'user'));
      expect(agents.length).toBe(5);
      for (const agent of agents) {
        const [charged] = await db
          .select({ value: sum(bookings.finalTotal).mapWith(Number) })
          .from(bookings)
          .where(and(eq(bookings.agentUserId, agent.id), eq(bookings.confirmed, true), eq(bookings.cancelStatus, false)));
        const [paid] = await db
          .select({ value: sum(payments.receiveAmount).mapWith(Number) })
          .from(payments)
          .innerJoin(bookings, eq(bookings.id, payments.bookingId))
          .where(and(eq(bookings.agentUserId, agent.id), isNull(payments.deletedAt)));
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: agent.email, password: 'Agent@12345' },
          remoteAddress: randomIp(),
        });
        expect(login.statusCode).toBe(200);
        const session = login.json<{ success: { token: string; change_password: boolean } }>().success;
        expect(session.change_password).toBe(false);
        const report = await app.inject({ method: 'POST', url: '/api/account-api', headers: bearer(session.token), payload: { type: 'all' } });
        expect(report.statusCode).toBe(200);
        expect(report.json<{ data: { closing_balance: number } }>().data.closing_balance).toBe((charged?.value ?? 0) - (paid?.value ?? 0));
      }
    });

    it('then agent01@bench.example has the most bookings', async () => {
      const rows = await db
        .select({ email: users.email, bookings: count(bookings.id) })
        .from(users)
        .innerJoin(bookings, eq(bookings.agentUserId, users.id))
        .groupBy(users.email)
        .orderBy(sql`count(${bookings.id}) desc`);
      expect(result.busyAgentEmail).toBe('agent01@bench.example');
      expect(rows[0]!.email).toBe('agent01@bench.example');
      expect(Number(rows[0]!.bookings)).toBeGreaterThan(Number(rows[1]!.bookings));
    });

    it('then BENCHLOCK is open with 150 free seats, departing in 30 days', async () => {
      const [group] = await db.select().from(groups).where(eq(groups.pnr, 'BENCHLOCK'));
      expect(group).toMatchObject({ id: result.contentionGroupId, totalTicket: 150, ticketsWehave: 150, closeStatus: false, price: 185_000 });
      const today = getKarachiDate(now);
      expect(group!.departureDate).toBe(new Date(Date.parse(today) + 30 * DAY).toISOString().slice(0, 10));
      const booked = await db.select({ value: count() }).from(bookings).where(eq(bookings.groupId, result.contentionGroupId));
      expect(Number(booked[0]!.value)).toBe(0);
    });

    it('then the shared passport scan is stored on disk and the id sequences are past the explicit ids', async () => {
      const [scan] = await db.select().from(files).where(eq(files.kind, 'passport'));
      expect(existsSync(path.join(dataDir, 'uploads', ...scan!.storagePath.split('/')))).toBe(true);
      const [next] = await db.insert(groups).values({ ...(await db.select().from(groups).limit(1))[0]!, id: undefined, pnr: 'NEXTROW' }).returning({ id: groups.id });
      expect(next!.id).toBeGreaterThan(result.counts.groups);
    });

    it('then a second run on the same database is refused', async () => {
      await expect(generateWorkload({ db, now, seed: SEED, scale: SCALE })).rejects.toBeInstanceOf(WorkloadDatabaseNotEmptyError);
    });
  });

  describe('when the same seed plans twice', () => {
    it('then the rows are the same', () => {
      const now = new Date('2025-08-01T06:00:00Z');
      const ids = {
        airlineIds: new Map(['pia', 'airblue', 'sereneair', 'airsial', 'flyjinnah', 'saudia', 'flynas', 'emirates', 'qatar', 'airarabia'].map((key, index) => [key, index + 1])),
        sectorIds: new Map(WORKLOAD_SECTORS.map((sector, index) => [sector, index + 1])),
        mySectorIds: new Map(['umrah', 'madinah', 'riyadh', 'dammam', 'dubai', 'sharjah', 'abudhabi', 'doha', 'muscat'].map((key, index) => [key, index + 1])),
      };
      const plan = () => {
        const random = createRandom(SEED);
        const groupPlan = planGroups({ random, ids, adminId: 1, groupCount: 5, today: getKarachiDate(now), now });
        const agents = [2, 3, 4].map((id) => ({ id }));
        return planBookings({ random, now, holdWindowMinutes: 180, adminId: 1, agents, groups: groupPlan.groups, bookingCount: 100, passengerCount: 300, passportFileId: 1, visaFileId: 2 });
      };
      expect(JSON.stringify(plan())).toBe(JSON.stringify(plan()));
    });
  });
});
