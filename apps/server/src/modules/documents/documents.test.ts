import { mkdir, rm, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedUrl } from '../../lib/signed-url.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertAirline, insertSector } from '../../test/inventory-factories.js';
import { imageOf, JPEG_BYTES, PNG_BYTES, uniquePng } from '../../test/uploads.js';
import { resolveStoragePath } from '../files/files.usecases.js';
import { users } from '../users/users.table.js';
import { getBookingPdfLinks, getPrivateFileLink } from './document-links.js';
import { formatCalendarDate, formatKarachiDate } from './document-format.js';
import { insertBookingWithPassengers, storeFile, type BookingFixture, type PassengerFixture } from './documents.fixtures.js';
import { extractPdfLines, extractPdfText, hasPdfImage } from './pdf-text.fixtures.js';

// Booking PDF and private files through the whole app (PRODUCT §4 "Files and documents", issue 4).

const INVALID_LINK = { message: 'This link has expired or is not valid.' };
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let agent: TestAgent;
let adminId: number;
let pnr: string;
let groupId: number;
let confirmed: BookingFixture;
let hold: BookingFixture;
let walkIn: BookingFixture;
const holdExpiry = new Date('2030-01-15T10:30:00Z');

function passenger(overrides: Partial<PassengerFixture> & Pick<PassengerFixture, 'firstname' | 'lastname' | 'passportNo'>): PassengerFixture {
  return {
    type: 'adult',
    title: 'Mr',
    dob: '1990-01-02',
    passportExpiryDate: '2032-06-30',
    passport: uniquePng(),
    ...overrides,
  };
}

/** What a browser sends for a signed link: its path and query. */
function toRequestUrl(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function sign(path: string, options: { now?: Date; ttlSeconds?: number } = {}): string {
  return toRequestUrl(createSignedUrl({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, path, ...options }));
}

function bookingLinks(bookingId: number) {
  const links = getBookingPdfLinks({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, bookingId });
  return { view: toRequestUrl(links.view), download: toRequestUrl(links.download) };
}

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

beforeAll(async () => {
  t = await buildTestApp();
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  adminId = admin!.id;
  agent = await t.createAgent();

  // A logo whose file is really on the disk, so the PDF embeds it.
  const logoPath = 'public/airline_logo/documents-test-logo.png';
  const logoFile = resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: logoPath });
  await mkdir(logoFile.replace(/[/\\][^/\\]+$/, ''), { recursive: true });
  await writeFile(logoFile, PNG_BYTES);
  const airlineId = await insertAirline(t.db, { fullName: 'Pakistan International', logoPath });
  const outbound = await insertSector(t.db, { from: 'LHE', to: 'JED' });
  const onward = await insertSector(t.db, { from: 'JED', to: 'MED' });
  const group = await insertGroupRow(t.db, { airlineId, sectorIds: [outbound, onward], departureDate: daysFromToday(30) });
  pnr = group.pnr;
  groupId = group.id;

  confirmed = await insertBookingWithPassengers({
    db: t.db,
    uploadsDir: t.app.uploadsDir,
    groupId: group.id,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    discount: 5_000,
    receivedAmount: 100_000,
    passengers: [
      passenger({ firstname: 'AHMED', lastname: 'KHAN', passportNo: 'AB1234567', passport: PNG_BYTES, visa: PDF_BYTES }),
      passenger({ title: 'Mrs', firstname: 'SARA', lastname: 'KHAN', passportNo: 'CD7654321', dob: '1992-11-20', passport: JPEG_BYTES }),
      passenger({ type: 'infant', title: 'Inf', firstname: 'ALI', lastname: 'KHAN', passportNo: 'EF1112223', dob: daysFromToday(-200) }),
    ],
  });
  hold = await insertBookingWithPassengers({
    db: t.db,
    uploadsDir: t.app.uploadsDir,
    groupId: group.id,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    state: 'hold',
    cancelAt: holdExpiry,
    passengers: [passenger({ firstname: 'BILAL', lastname: 'AHMAD', passportNo: 'GH3334445' })],
  });
  walkIn = await insertBookingWithPassengers({
    db: t.db,
    uploadsDir: t.app.uploadsDir,
    groupId: group.id,
    addedBy: adminId,
    state: 'cancelled',
    passengers: [passenger({ title: 'Ms', firstname: 'HINA', lastname: 'RAZA', passportNo: 'IJ5556667' })],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/booking-pdf/:bookingId', () => {
  it('when the view link is opened, then 200 with an inline PDF, not cached', async () => {
    const response = await get(bookingLinks(confirmed.bookingId).view);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="booking-${confirmed.bookingId}-${pnr}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('when the download link is opened, then the same PDF as an attachment named booking-{id}-{PNR}.pdf', async () => {
    const response = await get(bookingLinks(confirmed.bookingId).download);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="booking-${confirmed.bookingId}-${pnr}.pdf"`);
    expect(extractPdfText(response.rawPayload)).toContain(pnr);
  });

  it('when a confirmed agent booking is printed, then agency, PNR, airline, legs, passengers, totals and status are in it', async () => {
    const response = await get(bookingLinks(confirmed.bookingId).view);
    const lines = extractPdfLines(response.rawPayload);
    const text = lines.join('\n');

    expect(lines).toContain(pnr);
    expect(lines).toContain('Test Travels');
    expect(lines).toContain(`Agent-${agent.user.agentId}`);
    expect(lines).toContain('Pakistan International');
    expect(hasPdfImage(response.rawPayload)).toBe(true);
    // Both legs: flight, sector, airports, dates and times, baggage with the hand carry, meal.
    for (const [flight, sector] of [['PK-100', 'LHE - JED'], ['PK-101', 'JED - MED']]) {
      expect(lines).toContain(flight);
      expect(lines).toContain(sector);
    }
    const day = formatCalendarDate(daysFromToday(30));
    expect(lines.filter((line) => line === `${day} 03:15`)).toHaveLength(2);
    expect(lines.filter((line) => line === `${day} 08:45`)).toHaveLength(2);
    expect(lines.filter((line) => line === 'ALLAMA IQBAL INTL')).toHaveLength(2);
    expect(lines.filter((line) => line === 'KING ABDULAZIZ INTL')).toHaveLength(2);
    // Each leg row ends with its baggage and then the meal (the group has none).
    const baggageRows = lines.flatMap((line, index) => (line === '30kg + 7kg hand carry' ? [index] : []));
    expect(baggageRows).toHaveLength(2);
    for (const index of baggageRows) expect(lines[index + 1]).toBe('No');
    // Passengers with title, type, date of birth, passport and expiry.
    for (const name of ['AHMED KHAN', 'SARA KHAN', 'ALI KHAN']) expect(lines).toContain(name);
    for (const passport of ['AB1234567', 'CD7654321', 'EF1112223']) expect(lines).toContain(passport);
    expect(lines).toEqual(expect.arrayContaining(['Mr', 'Mrs', 'Inf', 'Adult', 'Infant', '02 Jan 1990', '20 Nov 1992', '30 Jun 2032']));
    // 2 adults at 150,000 and an infant at 25,000; discount 5,000; received 100,000.
    expect(lines).toEqual(expect.arrayContaining(['PKR 325,000', 'PKR 5,000', 'PKR 320,000', 'PKR 100,000', 'PKR 220,000']));
    expect(lines).toContain('Confirmed');
    expect(text).toContain(formatKarachiDate(new Date()));
    // Other bookings' passengers are not in it.
    expect(text).not.toContain('BILAL');
    expect(text).not.toContain('HINA');
  });

  it('when a booking is on Hold, then its status shows the expiry as Ex. date at time in Asia/Karachi', async () => {
    const response = await get(bookingLinks(hold.bookingId).view);
    expect(response.statusCode).toBe(200);
    const lines = extractPdfLines(response.rawPayload);
    // 10:30 UTC is 15:30 in Karachi (UTC+5).
    expect(lines).toContain('Hold (Ex. 15 Jan 2030 at 03:30 PM)');
    expect(lines).toContain('BILAL AHMAD');
    expect(lines).toEqual(expect.arrayContaining(['PKR 150,000', 'PKR 0']));
  });

  it('when a cancelled walk-in sale is printed, then it says Walk-in and Cancelled', async () => {
    const response = await get(bookingLinks(walkIn.bookingId).view);
    expect(response.statusCode).toBe(200);
    const lines = extractPdfLines(response.rawPayload);
    expect(lines).toContain('Walk-in');
    expect(lines).toContain('Cancelled');
    expect(lines).toContain('HINA RAZA');
    expect(lines.some((line) => line.startsWith('Agent-'))).toBe(false);
  });

  it('when an admin cancels a confirmed booking with a charge, then its PDF prints the charge line; without one, none', async () => {
    const charged = await insertBookingWithPassengers({
      db: t.db,
      uploadsDir: t.app.uploadsDir,
      groupId,
      addedBy: agent.user.id,
      agentUserId: agent.user.id,
      passengers: [passenger({ firstname: 'UMAR', lastname: 'FAROOQ', passportNo: 'KL8889990' })],
    });
    const adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const cancel = await t.app.inject({
      method: 'GET',
      url: `/api/cancelbooking/${charged.bookingId}?cancellation_charge=37500`,
      headers: bearer(adminToken),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const lines = extractPdfLines((await get(bookingLinks(charged.bookingId).view)).rawPayload);
    expect(lines).toContain('Cancelled');
    expect(lines).toContain('Cancellation charge: PKR 37,500 (kept on cancelling; the agent owes it).');
    // The amounts table is unchanged: 150,000 final, nothing received.
    expect(lines).toEqual(expect.arrayContaining(['PKR 150,000', 'PKR 0']));
    const uncharged = extractPdfLines((await get(bookingLinks(confirmed.bookingId).view)).rawPayload);
    expect(uncharged.some((line) => line.startsWith('Cancellation charge'))).toBe(false);
    const walkInLines = extractPdfLines((await get(bookingLinks(walkIn.bookingId).view)).rawPayload);
    expect(walkInLines.some((line) => line.startsWith('Cancellation charge'))).toBe(false);
  });

  it('when the signature is altered, missing, expired or made for another booking, then 403 and no PDF', async () => {
    const view = bookingLinks(confirmed.bookingId).view;
    const tampered = view.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    const expired = sign(`/api/booking-pdf/${confirmed.bookingId}`, { now: new Date(Date.now() - 3_600_000) });
    const otherBooking = bookingLinks(hold.bookingId).view.replace(`/api/booking-pdf/${hold.bookingId}`, `/api/booking-pdf/${confirmed.bookingId}`);
    const laterExpiry = view.replace(/expires=(\d+)/, (_match, expires: string) => `expires=${Number(expires) + 3600}`);
    for (const url of [tampered, expired, otherBooking, laterExpiry, `/api/booking-pdf/${confirmed.bookingId}`, `/api/booking-pdf/${confirmed.bookingId}?expires=9999999999`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(INVALID_LINK);
    }
  });

  it('when the booking does not exist, then 404 even with a valid link', async () => {
    const response = await get(bookingLinks(999_999).view);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Booking not found.' });
  });

  it('when the id is not a number, then 422, never a 500', async () => {
    const response = await get(sign('/api/booking-pdf/abc'));
    expect(response.statusCode).toBe(422);
  });

  it('when the airline logo file is missing from the disk, then the PDF is still made without it', async () => {
    const logoFile = resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: 'public/airline_logo/documents-test-logo.png' });
    await rm(logoFile);
    try {
      const response = await get(bookingLinks(confirmed.bookingId).view);
      expect(response.statusCode).toBe(200);
      expect(hasPdfImage(response.rawPayload)).toBe(false);
      expect(extractPdfLines(response.rawPayload)).toContain(pnr);
    } finally {
      await writeFile(logoFile, PNG_BYTES);
    }
  });
});

describe('GET /api/private-files/:fileId', () => {
  function fileLink(fileId: number): string {
    return toRequestUrl(getPrivateFileLink({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, fileId }));
  }

  it('when a passport scan link is opened, then its stored file with its stored type, inline and not cached', async () => {
    for (const [file, bytes, mime] of [
      [confirmed.files[0]!.passport, PNG_BYTES, 'image/png'],
      [confirmed.files[1]!.passport, JPEG_BYTES, 'image/jpeg'],
      [confirmed.files[0]!.visa!, PDF_BYTES, 'application/pdf'],
    ] as const) {
      const response = await get(fileLink(file.id));
      expect(response.statusCode, mime).toBe(200);
      expect(response.headers['content-type'], mime).toBe(mime);
      expect(response.headers['content-disposition']).toBe('inline');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      // Images are stored re-encoded (issue 16.11): the same picture; a PDF as it was sent.
      if (mime === 'application/pdf') expect(response.rawPayload.equals(bytes), mime).toBe(true);
      else expect(await imageOf(response.rawPayload), mime).toMatchObject({ format: mime.slice('image/'.length), width: (await imageOf(bytes)).width });
    }
  });

  it('when the file is public (a logo), then 404: public files are not served here', async () => {
    const logo = await storeFile({ db: t.db, uploadsDir: t.app.uploadsDir, kind: 'airline_logo', data: uniquePng(), filename: 'logo.png' });
    expect(logo.visibility).toBe('public');
    const response = await get(fileLink(logo.id));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found.' });
  });

  it('when the file id is unknown, or its bytes are gone from the disk, then 404', async () => {
    expect((await get(fileLink(999_999))).statusCode).toBe(404);
    const orphan = await storeFile({ db: t.db, uploadsDir: t.app.uploadsDir, kind: 'visa', data: uniquePng(), filename: 'gone.png' });
    await rm(resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: orphan.storagePath }));
    const response = await get(fileLink(orphan.id));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'File not found.' });
  });

  it('when the signature is altered, expired or made for another file, then 403 and no bytes', async () => {
    const passport = confirmed.files[0]!.passport;
    const other = confirmed.files[1]!.passport;
    const link = fileLink(passport.id);
    const tampered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    const expired = sign(`/api/private-files/${passport.id}`, { now: new Date(Date.now() - 3_600_000) });
    const otherFile = fileLink(other.id).replace(`/api/private-files/${other.id}`, `/api/private-files/${passport.id}`);
    // A booking PDF signature does not open a file of the same number.
    const otherKind = bookingLinks(passport.id).view.replace(`/api/booking-pdf/${passport.id}`, `/api/private-files/${passport.id}`);
    for (const url of [tampered, expired, otherFile, otherKind, `/api/private-files/${passport.id}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(INVALID_LINK);
    }
  });
});

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is built, then the four document routes are public with their file types', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const { paths } = response.json();
    const expected: Record<string, string> = {
      '/api/booking-pdf/{bookingId}': 'application/pdf',
      '/api/pnr-pdf/{pnr}': 'application/pdf',
      '/api/pnr-excel/{pnr}': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      '/api/private-files/{fileId}': 'image/png',
    };
    for (const [route, mime] of Object.entries(expected)) {
      const operation = paths[route]?.get;
      expect(operation, route).toBeDefined();
      expect(operation.security, route).toEqual([]);
      expect(operation.responses['200'].content[mime].schema, route).toMatchObject({ type: 'string', format: 'binary' });
      const query = operation.parameters.filter((parameter: { in: string }) => parameter.in === 'query').map((parameter: { name: string }) => parameter.name);
      expect(query, route).toEqual(expect.arrayContaining(['expires', 'signature']));
    }
  });
});
