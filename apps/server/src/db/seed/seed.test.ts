import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, getTableName, inArray, isNull, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/password.js';
import { openTestDatabase } from '../../test/helpers.js';
import { SETTING_DEFAULTS } from '../../modules/settings/settings.table.js';
import type { Database, DatabaseHandle } from '../database.js';
import * as schema from '../schema.js';
import { listDemoImages, readDemoImage } from './demo-images.js';
import { seedDatabase, type SeedOptions } from './seed.js';

const ADMIN_EMAIL = 'owner@example.com';
const DEFAULT_PASSWORD = 'Admin@12345';

function createRecordingLogger() {
  const warnings: string[] = [];
  const logger: SeedOptions['logger'] = {
    info: () => undefined,
    warn: (...args: unknown[]) => {
      warnings.push(args.find((arg): arg is string => typeof arg === 'string') ?? '');
    },
  } as SeedOptions['logger'];
  return { logger, warnings };
}

async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!(table instanceof PgTable)) continue;
    const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
    counts[getTableName(table)] = row!.count;
  }
  return counts;
}

function karachiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
}

function plusDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

describe('seedDatabase', () => {
  describe('when SEED_DEMO is on and the database is empty', () => {
    let handle: DatabaseHandle;
    let db: Database;
    let warnings: string[];
    let afterFirst: Record<string, number>;
    let afterSecond: Record<string, number>;

    beforeAll(async () => {
      handle = await openTestDatabase();
      db = handle.db;
      const recording = createRecordingLogger();
      warnings = recording.warnings;
      const config = { adminEmail: ADMIN_EMAIL, adminPassword: DEFAULT_PASSWORD, seedDemo: true };
      await seedDatabase({ db, config, logger: recording.logger });
      afterFirst = await countRows(db);
      await seedDatabase({ db, config, logger: recording.logger });
      afterSecond = await countRows(db);
    });
    afterAll(() => handle?.close());

    it('then a second run adds nothing', () => {
      expect(afterFirst.groups).toBeGreaterThan(0);
      expect(afterSecond).toEqual(afterFirst);
    });

    it('then there is exactly one admin, with the configured e-mail', async () => {
      const admins = await db.select().from(schema.users).where(eq(schema.users.role, 'admin'));
      expect(admins).toHaveLength(1);
      expect(admins[0]!.email).toBe(ADMIN_EMAIL);
      expect(admins[0]!.activeStatus).toBe('approved');
    });

    it('then each run warns that the default password is in use', () => {
      expect(warnings.filter((message) => message.includes('default password'))).toHaveLength(2);
    });

    it('then the demo agent is approved and signs in with Agent@12345', async () => {
      const [agent] = await db.select().from(schema.users).where(eq(schema.users.email, 'agent@example.com'));
      expect(agent).toMatchObject({ role: 'user', activeStatus: 'approved', agencyName: 'Al-Haram Travels', city: 'Lahore' });
      expect(agent!.agentId).toBe(1001);
      expect(await verifyPassword('Agent@12345', agent!.passwordHash)).toBe(true);
    });

    it('then the other agents include a pending and a rejected one, all with agent ids from 1001 and +92 phones', async () => {
      const agents = await db.select().from(schema.users).where(eq(schema.users.role, 'user')).orderBy(schema.users.agentId);
      expect(agents.length).toBeGreaterThanOrEqual(4);
      expect(agents.map((agent) => agent.agentId)).toEqual(agents.map((_, index) => 1001 + index));
      expect(agents.map((agent) => agent.activeStatus)).toEqual(expect.arrayContaining(['pending', 'rejected']));
      for (const agent of agents) expect(agent.phone).toMatch(/^\+92\d{10}$/);
      for (const agent of agents.filter((candidate) => candidate.activeStatus !== 'approved')) expect(agent.passwordHash).toBeNull();
    });

    it('then there are the 8 airlines, each with a logo file', async () => {
      const rows = await db.select().from(schema.airlines);
      expect(rows.map((row) => row.shortName).sort()).toEqual(
        ['Airblue', 'AirSial', 'Emirates', 'Fly Jinnah', 'PIA', 'SereneAir', 'Saudia', 'flynas'].sort(),
      );
      expect(rows.find((row) => row.shortName === 'PIA')!.fullName).toBe('Pakistan International Airlines');
      const logos = await db.select().from(schema.files).where(eq(schema.files.kind, 'airline_logo'));
      expect(logos).toHaveLength(8);
      expect(rows.every((row) => logos.some((logo) => logo.id === row.logoFileId && logo.visibility === 'public'))).toBe(true);
    });

    it('then every sector is upper-case and named FROM - TO', async () => {
      const rows = await db.select().from(schema.sectors);
      expect(rows.length).toBeGreaterThanOrEqual(10);
      for (const row of rows) {
        for (const value of [row.fromSector, row.toSector, row.fromCity, row.toCity]) expect(value).toBe(value.toUpperCase());
        expect(row.sectorName).toBe(`${row.fromSector} - ${row.toSector}`);
      }
      expect(rows.find((row) => row.sectorName === 'LHE - JED')).toMatchObject({ fromCity: 'LAHORE', toCity: 'JEDDAH' });
    });

    it('then every group sells no more than it holds and first departs within the next 60 days', async () => {
      const rows = await db.select().from(schema.groups);
      expect(rows.length).toBeGreaterThanOrEqual(20);
      const today = karachiToday();
      const last = plusDays(today, 60);
      for (const row of rows) {
        expect(row.totalTicket).toBeLessThanOrEqual(row.ticketsWehave);
        expect(row.departureDate >= today && row.departureDate <= last, `${row.pnr} departs ${row.departureDate}`).toBe(true);
      }
      expect(new Set(rows.map((row) => row.pnr)).size).toBe(rows.length);
    });

    it("then every group has 1, 2, 2 or 4 legs as its ticket type and direction say, the first on the group's date", async () => {
      const rows = await db.select().from(schema.groups);
      const legs = await db.select().from(schema.groupLegs).orderBy(schema.groupLegs.groupId, schema.groupLegs.position);
      const expected = { '1-1': 1, '1-2': 2, '2-1': 2, '2-2': 4 } as const;
      const layouts = new Set<string>();
      for (const row of rows) {
        const own = legs.filter((leg) => leg.groupId === row.id);
        const layout = `${row.ticketType}-${row.direction}` as keyof typeof expected;
        layouts.add(layout);
        expect(own).toHaveLength(expected[layout]);
        expect(own.map((leg) => leg.position)).toEqual(own.map((_, index) => index));
        expect(own[0]!.departureDate).toBe(row.departureDate);
        for (const leg of own) {
          expect(leg.baggageKg).toBeGreaterThanOrEqual(20);
          expect(leg.baggageKg).toBeLessThanOrEqual(40);
          expect(leg.handCarryKg).toBe(7);
        }
      }
      expect([...layouts].sort()).toEqual(['1-1', '1-2', '2-1', '2-2']);
    });

    it("then no group's live bookings take more seats than it sells", async () => {
      const rows = await db
        .select({
          pnr: schema.groups.pnr,
          totalTicket: schema.groups.totalTicket,
          sold: sql<number>`coalesce(sum(${schema.bookings.adults} + ${schema.bookings.children}) filter (where not ${schema.bookings.cancelStatus}), 0)::int`,
        })
        .from(schema.groups)
        .leftJoin(schema.bookings, eq(schema.bookings.groupId, schema.groups.id))
        .groupBy(schema.groups.id);
      for (const row of rows) expect(row.sold, row.pnr).toBeLessThanOrEqual(row.totalTicket);
      expect(rows.some((row) => row.totalTicket - row.sold <= 3 && row.sold > 0)).toBe(true);
    });

    it('then the demo has holds, confirmed, cancelled and walk-in bookings with one passenger per counted person', async () => {
      const rows = await db.select().from(schema.bookings);
      const now = Date.now();
      expect(rows.some((row) => !row.confirmed && !row.cancelStatus && row.cancelAt!.getTime() > now)).toBe(true);
      expect(rows.some((row) => row.confirmed && !row.cancelStatus)).toBe(true);
      expect(rows.some((row) => row.cancelStatus)).toBe(true);
      expect(rows.some((row) => row.walking && row.agentUserId === null)).toBe(true);
      const passengers = await db.select().from(schema.bookingPassengers);
      for (const row of rows) {
        const own = passengers.filter((passenger) => passenger.bookingId === row.id);
        expect(own.filter((passenger) => passenger.type === 'adult')).toHaveLength(row.adults);
        expect(own.filter((passenger) => passenger.type === 'child')).toHaveLength(row.children);
        expect(own.filter((passenger) => passenger.type === 'infant')).toHaveLength(row.infants);
      }
    });

    it('then received amounts are the sums of live payments and the derived amounts agree', async () => {
      const rows = await db.select().from(schema.bookings);
      const live = await db.select().from(schema.payments).where(isNull(schema.payments.deletedAt));
      for (const row of rows) {
        const received = live.filter((payment) => payment.bookingId === row.id).reduce((sum, payment) => sum + payment.receiveAmount, 0);
        expect(row.receivedAmount).toBe(received);
        expect(row.finalTotal).toBe(row.totalAmount - row.discount);
        expect(row.remainingAmount).toBe(row.finalTotal - received);
        expect(row.paymentStatus).toBe(received >= row.finalTotal ? 2 : received > 0 ? 1 : 0);
        if (received > 0) expect(row.confirmed).toBe(true);
      }
      expect(new Set(rows.filter((row) => row.confirmed).map((row) => row.paymentStatus))).toEqual(new Set([0, 1, 2]));
    });

    it("then each agent's ledger balance equals what its confirmed bookings still owe", async () => {
      const agents = await db.select().from(schema.users).where(eq(schema.users.role, 'user'));
      const entries = await db.select().from(schema.ledgerEntries);
      const rows = await db.select().from(schema.bookings);
      expect(entries.map((entry) => entry.type)).toEqual(expect.arrayContaining(['out', 'in', 'reversal']));
      for (const agent of agents) {
        const own = entries.filter((entry) => entry.agentUserId === agent.id);
        const sum = (type: string) => own.filter((entry) => entry.type === type).reduce((total, entry) => total + entry.amount, 0);
        const owed = rows
          .filter((row) => row.agentUserId === agent.id && row.confirmed && !row.cancelStatus)
          .reduce((total, row) => total + row.finalTotal - row.receivedAmount, 0);
        expect(sum('out') - sum('in') - sum('reversal'), agent.email ?? '').toBe(owed);
      }
      const walkIns = rows.filter((row) => row.walking).map((row) => row.id);
      expect(entries.filter((entry) => entry.bookingId !== null && walkIns.includes(entry.bookingId))).toHaveLength(0);
    });

    it('then banners, dashboard buttons, notifications and the hold window setting exist', async () => {
      const counts = afterFirst;
      expect(counts.banners).toBeGreaterThanOrEqual(3);
      expect(counts.dashboard_buttons).toBeGreaterThanOrEqual(3);
      const unread = await db
        .select()
        .from(schema.notifications)
        .where(and(isNull(schema.notifications.readAt)));
      expect(counts.notifications).toBeGreaterThan(unread.length);
      expect(unread.length).toBeGreaterThan(0);
      const [hold] = await db.select().from(schema.settings).where(eq(schema.settings.key, 'hold_window_minutes'));
      expect(hold!.value).toBe(180);
    });
  });

  describe('when SEED_DEMO is off', () => {
    let handle: DatabaseHandle;
    let db: Database;

    beforeAll(async () => {
      handle = await openTestDatabase();
      db = handle.db;
      await seedDatabase({
        db,
        config: { adminEmail: ADMIN_EMAIL, adminPassword: 'Chosen@Password1', seedDemo: false },
        logger: createRecordingLogger().logger,
      });
    });
    afterAll(() => handle?.close());

    it('then it loads no groups, airlines or agents, only the admin and the settings', async () => {
      const counts = await countRows(db);
      // One row per known setting (hold window, desks, bank accounts, support e-mail), written with its default.
      expect(counts).toMatchObject({ groups: 0, airlines: 0, sectors: 0, bookings: 0, users: 1, settings: Object.keys(SETTING_DEFAULTS).length });
    });

    it('then a later run with a non-default password stored logs no warning', async () => {
      const { logger, warnings } = createRecordingLogger();
      // The stored hash decides, not the configuration (PRODUCT §2).
      await seedDatabase({ db, config: { adminEmail: ADMIN_EMAIL, adminPassword: DEFAULT_PASSWORD, seedDemo: false }, logger });
      expect(warnings).toEqual([]);
    });

    it('then SEED_DEMO turned on later still loads the demo, because there is no inventory and no agent yet', async () => {
      await seedDatabase({
        db,
        config: { adminEmail: ADMIN_EMAIL, adminPassword: DEFAULT_PASSWORD, seedDemo: true },
        logger: createRecordingLogger().logger,
      });
      expect((await countRows(db)).groups).toBeGreaterThan(0);
    });
  });

  describe('when a data directory is given', () => {
    let handle: DatabaseHandle;
    let dataDir: string;

    beforeAll(async () => {
      handle = await openTestDatabase();
      dataDir = await mkdtemp(path.join(tmpdir(), 'seed-test-'));
      await seedDatabase({
        db: handle.db,
        config: { adminEmail: ADMIN_EMAIL, adminPassword: DEFAULT_PASSWORD, seedDemo: true, dataDir },
        logger: createRecordingLogger().logger,
      });
    });
    afterAll(async () => {
      await handle?.close();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('then every demo file is written under uploads as a valid PNG or JPEG of the recorded size', async () => {
      const rows = await handle.db.select().from(schema.files);
      expect(rows.length).toBeGreaterThan(8);
      const signatures: Record<string, Buffer> = {
        'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
      };
      for (const row of rows) {
        const bytes = await readFile(path.join(dataDir, 'uploads', ...row.storagePath.split('/')));
        expect(bytes.subarray(0, signatures[row.mime]!.length)).toEqual(signatures[row.mime]);
        expect(row.storagePath.endsWith(row.mime === 'image/jpeg' ? '.jpg' : '.png')).toBe(true);
        expect(bytes.length).toBe(row.size);
        expect(row.storagePath.startsWith(`${row.visibility}/`)).toBe(true);
        expect(row.visibility).toBe(row.kind === 'passport' || row.kind === 'visa' ? 'private' : 'public');
      }
    });

    it('then the banners and my-sector pictures are the committed promotions with text (decision 021)', async () => {
      const pictures = await handle.db
        .select({ kind: schema.files.kind, storagePath: schema.files.storagePath, mime: schema.files.mime })
        .from(schema.files)
        .where(inArray(schema.files.kind, ['banner', 'my_sector_image']));
      const committed = listDemoImages().map((image) => image.file);
      expect(pictures).toHaveLength(committed.length);
      for (const picture of pictures) {
        // Stored as <visibility>/<kind>/<key>-<hash>.<ext> (seed-files.ts); committed as banner-<key>.jpg, sector-<key>.png.
        const [, key, extension] = /^(.+)-[0-9a-f]{12}\.(jpg|png)$/.exec(path.basename(picture.storagePath))!;
        const file = `${picture.kind === 'banner' ? 'banner' : 'sector'}-${key}.${extension}`;
        expect(committed).toContain(file);
        const stored = await readFile(path.join(dataDir, 'uploads', ...picture.storagePath.split('/')));
        expect(stored.equals(await readDemoImage(file))).toBe(true);
      }
    });
  });
});
