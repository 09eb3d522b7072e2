import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertTestGroup, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookingPassengers } from '../bookings/bookings.table.js';
import type { UserRow } from '../users/users.table.js';
import { buildXlsx, insertNamedBooking } from './ticketing.fixtures.js';

// On PostgreSQL the app's pool runs these imports in parallel transactions on different bookings, so neither waits
// for the other's booking lock: both find the number free, and the unique index on ticket_no decides. One import
// wins; the other answers the same 422 as if it had come second, and saves nothing (decision 031).

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db);
});
afterAll(() => t.close());

async function importSheet(rows: unknown[][]) {
  const { payload, headers } = multipart([['file', { filename: 'tickets.xlsx', data: await buildXlsx(rows) }]]);
  return t.app.inject({ method: 'POST', url: '/api/import-ticket-numbers', payload, headers: { ...headers, ...bearer(admin.token) } });
}

async function namedPassenger(surname: string) {
  const { group } = await insertTestGroup(t.db);
  const booking = await insertNamedBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    passengers: [{ firstname: 'ALI', lastname: surname }, { firstname: 'SARA', lastname: surname }],
  });
  return { pnr: group.pnr, ...booking };
}

describe('two imports racing for one ticket number', () => {
  it('when two imports give the same number to passengers of two PNRs at once, then one wins and the other answers 422 and saves nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await namedPassenger('AHMED');
      const second = await namedPassenger('BUTT');
      const shared = `15724100000${String(round).padStart(2, '0')}`;
      const own = (index: number) => `15724200000${String(round * 2 + index).padStart(2, '0')}`;
      const header = ['PNR', 'Surname', 'Given name', 'Ticket number'];
      const responses = await Promise.all([
        importSheet([header, [first.pnr, 'AHMED', 'SARA', own(0)], [first.pnr, 'AHMED', 'ALI', shared]]),
        importSheet([header, [second.pnr, 'BUTT', 'SARA', own(1)], [second.pnr, 'BUTT', 'ALI', shared]]),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 422]);
      const loser = responses.find((response) => response.statusCode === 422)!;
      expect(loser.json()).toEqual({
        message: `Row 3: Ticket number ${shared} is already issued to another passenger.`,
        errors: { file: [`Row 3: Ticket number ${shared} is already issued to another passenger.`] },
      });

      const winner = responses[0]!.statusCode === 200 ? first : second;
      const winnerOwn = responses[0]!.statusCode === 200 ? own(0) : own(1);
      const stored = await t.db
        .select({ id: bookingPassengers.id, ticketNo: bookingPassengers.ticketNo })
        .from(bookingPassengers)
        .where(inArray(bookingPassengers.id, [...first.passengerIds, ...second.passengerIds]));
      // The loser's other row (its own, free number) was not saved either.
      expect(stored.filter((row) => row.ticketNo !== null).sort((a, b) => a.id - b.id)).toEqual([
        { id: winner.passengerIds[0], ticketNo: shared },
        { id: winner.passengerIds[1], ticketNo: winnerOwn },
      ]);
    }
  });
});
