import ExcelJS from 'exceljs';
import { TICKET_NAME_MISSING_MESSAGE, IMPORT_UNMATCHED_REASONS } from '@portal/contract/ticketing';
import { describeDeadlineMissing } from '@portal/contract/deadlines';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { getPnrExcelLink } from '../documents/document-links.js';
import { extractPdfLines } from '../documents/pdf-text.fixtures.js';
import { groups, type GroupRow } from '../groups/groups.table.js';
import { bookingPassengers } from './bookings.table.js';
import { bookingFields, insertAgentWithToken, insertBookableGroup, passenger, postBooking } from './bookings.fixtures.js';
import { namesLaterFields, setNameDeadline } from './names-later.fixtures.js';

/**
 * PRODUCT §6 names later in what shows names (decision 030): 'TBA' in the booking PDF, the PNR Excel and the airline
 * name list; ticket numbers wait for a name; the admin dashboard's Deadlines list says what is missing.
 */

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let adminToken: string;
let agent: { user: { id: number }; token: string };
let group: GroupRow;
let tbaBooking: number;
let namedBooking: number;

function toRequestUrl(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  agent = await insertAgentWithToken(t.db, { agencyName: 'TBA Travels' });
  group = await insertBookableGroup(t.db, { totalTicket: 20, firstDay: 30 });
  await setNameDeadline(t.db, group.id, new Date(Date.now() + 5 * 86_400_000));
  const confirmedFor = { agent: String(agent.user.id), confirmed: '1' };
  const named = await postBooking(
    t.app,
    adminToken,
    multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult', firstname: 'Ali', lastname: 'Khan' })], extra: confirmedFor })),
  );
  expect(named.statusCode, named.body).toBe(201);
  namedBooking = named.json().data.id;
  const tba = await postBooking(t.app, adminToken, multipart(namesLaterFields({ pnr: group.pnr, types: ['adult', 'infant'], extra: confirmedFor })));
  expect(tba.statusCode, tba.body).toBe(201);
  tbaBooking = tba.json().data.id;
});
afterAll(() => t.close());

async function detail(bookingId: number) {
  const response = await t.app.inject({ method: 'POST', url: '/api/booking-detail', payload: { booking_id: bookingId }, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('TBA where names show', () => {
  it('when the name list is asked for, then passengers without names print as TBA lines, numbered with the others', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/pnr-namelist?pnr=${group.pnr}`, headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('1. KHAN/ALI MR\n2. TBA/TBA\nINF TBA/TBA\n');
  });

  it('when the booking PDF is opened, then the passenger rows read TBA with dashes for the details', async () => {
    const links = await detail(tbaBooking);
    const response = await t.app.inject({ method: 'GET', url: toRequestUrl(links.pdf_view_link) });
    expect(response.statusCode).toBe(200);
    const lines = extractPdfLines(response.rawPayload);
    expect(lines.filter((line) => line === 'TBA')).toHaveLength(2);
    expect(lines).not.toContain('null');
  });

  it('when the PNR Excel is downloaded, then surname and given name read TBA for passengers without names', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: toRequestUrl(getPnrExcelLink({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, pnr: group.pnr })),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    const surname = header.indexOf('Surname');
    const given = header.findIndex((name) => /given/i.test(name));
    expect(surname).toBeGreaterThanOrEqual(0);
    expect(rows.slice(1).map((row) => [row[surname], row[given]])).toEqual([
      ['KHAN', 'ALI'],
      ['TBA', 'TBA'],
      ['TBA', 'TBA'],
    ]);
  });
});

describe('ticket numbers wait for a name', () => {
  it('when an admin gives a passenger without a name a ticket number, then 422 on that ticket and nothing is saved', async () => {
    const passengers = await t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, tbaBooking)).orderBy(asc(bookingPassengers.position));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/update-ticket-numbers',
      payload: { booking_id: tbaBooking, tickets: [{ passenger_id: passengers[0]!.id, ticket_no: '' }, { passenger_id: passengers[1]!.id, ticket_no: '1572401234567' }] },
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: TICKET_NAME_MISSING_MESSAGE, errors: { 'tickets.1.ticket_no': [TICKET_NAME_MISSING_MESSAGE] } });
    expect(TICKET_NAME_MISSING_MESSAGE).toBe('This passenger has no name yet: fill in the names before the ticket number.');
    const after = await t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, tbaBooking));
    expect(after.every((row) => row.ticketNo === null)).toBe(true);
  });

  it('when an import names TBA, then its row is left unmatched with the reason, and the named passenger still matches', async () => {
    const csv = `PNR,Surname,Given name,Ticket number\n${group.pnr},TBA,TBA,1572409999991\n${group.pnr},KHAN,ALI MR,1572409999992\n`;
    const form = multipart([
      ['dry_run', '1'],
      ['file', { filename: 'tickets.csv', contentType: 'text/csv', data: Buffer.from(csv) }],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/import-ticket-numbers', payload: form.payload, headers: { ...form.headers, ...bearer(adminToken) } });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.unmatched).toEqual([expect.objectContaining({ row: 2, reason: IMPORT_UNMATCHED_REASONS.noName })]);
    expect(data.matched).toEqual([expect.objectContaining({ row: 3, booking_id: namedBooking, passenger_name: 'Mr ALI KHAN' })]);
  });
});

describe('GET /api/dashboard-deadlines', () => {
  it('when groups have deadlines in and out of the next 14 days, then the ones inside are listed soonest first with what is missing', async () => {
    const now = Date.now();
    const at = (days: number) => new Date(now + days * 86_400_000);
    await t.db
      .update(groups)
      .set({ depositDeadline: at(2), nameDeadline: at(5), ticketingDeadline: at(20) })
      .where(eq(groups.id, group.id));
    const closed = await insertBookableGroup(t.db, { closed: true });
    await t.db.update(groups).set({ depositDeadline: at(1) }).where(eq(groups.id, closed.id));
    const past = await insertBookableGroup(t.db);
    await t.db.update(groups).set({ depositDeadline: at(-1), ticketingDeadline: at(13) }).where(eq(groups.id, past.id));

    const response = await t.app.inject({ method: 'GET', url: '/api/dashboard-deadlines', headers: bearer(adminToken) });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.pnr, row.kind])).toEqual([
      [group.pnr, 'deposit'],
      [group.pnr, 'name'],
      [past.pnr, 'ticketing'],
    ]);
    // 2 names missing (the adult and the infant); both confirmed bookings owe their totals; 3 passengers without e-tickets.
    expect(rows[0]).toEqual({
      key: `deposit-${group.id}`,
      group_id: group.id,
      pnr: group.pnr,
      airline_name: 'Test Airways',
      kind: 'deposit',
      deadline: at(2).toISOString(),
      missing_names: 2,
      tickets_missing: 3,
      amount_due: 100_000 + 100_000 + 20_000,
      bookings_due: 2,
    });
    expect(describeDeadlineMissing(rows[0] as never)).toEqual(['2 names missing', 'PKR 220,000 due on 2 bookings']);
    expect(describeDeadlineMissing(rows[1] as never)).toEqual(['2 names missing']);
    expect(rows[2]).toMatchObject({ missing_names: 0, tickets_missing: 0, amount_due: 0 });

    const agentAnswer = await t.app.inject({ method: 'GET', url: '/api/dashboard-deadlines', headers: bearer(agent.token) });
    expect(agentAnswer.statusCode).toBe(403);
  });
});
