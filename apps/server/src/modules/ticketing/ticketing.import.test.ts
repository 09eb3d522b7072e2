import { asc, gt, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp, type TestFilePart } from '../../test/helpers.js';
import { PNG_BYTES } from '../../test/uploads.js';
import { insertTestGroup, insertUserWithToken, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import { bookingPassengers } from '../bookings/bookings.table.js';
import { notifications } from '../notifications/notifications.table.js';
import type { UserRow } from '../users/users.table.js';
import { buildXlsx, insertNamedBooking } from './ticketing.fixtures.js';

// import-ticket-numbers (PRODUCT §6 "Ticket numbers", decision 031): xlsx and CSV, the dry run, matching by PNR +
// surname + given name, and every bad file answered 422 on `file` with nothing saved (never a 500).

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;
let pnr: string;
let family: { id: number; passengerIds: number[] };
let shahs: Array<{ id: number; passengerIds: number[] }>;

const HEADER = ['PNR', 'Surname', 'Given name', 'Ticket number'];
const ALI = '1572400000001';
const AYESHA = '1572400000002';
const USMAN = '1572400000003';
const SHAH = '1572400000004';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Sana Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Imran Qureshi', agencyName: 'Al-Haram Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100 });
  pnr = group.group.pnr;
  const common = { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id };
  family = await insertNamedBooking(t.db, {
    ...common,
    passengers: [
      { firstname: 'ALI RAZA', lastname: 'KHAN' },
      { firstname: 'AYESHA', lastname: 'KHAN', title: 'Mrs' },
    ],
  });
  await insertNamedBooking(t.db, { ...common, state: 'hold', passengers: [{ firstname: 'USMAN', lastname: 'TARIQ' }] });
  shahs = [
    await insertNamedBooking(t.db, { ...common, passengers: [{ firstname: 'MUHAMMAD', lastname: 'SHAH' }] }),
    await insertNamedBooking(t.db, { ...common, passengers: [{ firstname: 'MUHAMMAD', lastname: 'SHAH' }] }),
  ];
  await insertNamedBooking(t.db, { ...common, state: 'cancelled', passengers: [{ firstname: 'OMAR', lastname: 'FAROOQ' }] });
});
afterAll(() => t.close());

// Each test starts with no numbers, so files can be sent again.
beforeEach(async () => {
  await t.db.update(bookingPassengers).set({ ticketNo: null });
});

function importFile(file: TestFilePart | undefined, { dryRun = false, token = admin.token } = {}) {
  const fields: Array<[string, string | TestFilePart]> = [];
  if (file) fields.push(['file', file]);
  fields.push(['dry_run', dryRun ? '1' : '0']);
  const { payload, headers } = multipart(fields);
  return t.app.inject({ method: 'POST', url: '/api/import-ticket-numbers', payload, headers: { ...headers, ...bearer(token) } });
}

function csvFile(text: string, filename = 'tickets.csv'): TestFilePart {
  return { filename, contentType: 'text/csv', data: Buffer.from(text, 'utf8') };
}

async function xlsxFile(rows: unknown[][]): Promise<TestFilePart> {
  return { filename: 'tickets.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await buildXlsx(rows) };
}

async function storedNumbers() {
  return t.db
    .select({ id: bookingPassengers.id, ticketNo: bookingPassengers.ticketNo })
    .from(bookingPassengers)
    .where(isNotNull(bookingPassengers.ticketNo))
    .orderBy(asc(bookingPassengers.id));
}

/** The sheet every matching test sends: two matches, then a hold, an ambiguous name, a cancelled and a stranger. */
function airlineRows(): unknown[][] {
  return [
    HEADER,
    [pnr, 'khan', '  ali   raza mr ', ALI],
    [pnr.toLowerCase(), 'KHAN', 'Ayesha', `${AYESHA.slice(0, 3)}-${AYESHA.slice(3)}`],
    [pnr, 'TARIQ', 'USMAN', USMAN],
    [pnr, 'SHAH', 'MUHAMMAD', SHAH],
    [pnr, 'FAROOQ', 'OMAR', '1572400000005'],
    ['ZZZ999', 'KHAN', 'ALI RAZA', '1572400000006'],
  ];
}

const UNMATCHED = [
  { row: 4, pnr: '', surname: 'TARIQ', given_name: 'USMAN', ticket_no: USMAN, reason: 'The booking is not confirmed.' },
  {
    row: 5,
    pnr: '',
    surname: 'SHAH',
    given_name: 'MUHAMMAD',
    ticket_no: SHAH,
    reason: 'More than one passenger on this PNR has this name: type the number on the booking.',
  },
  { row: 6, pnr: '', surname: 'FAROOQ', given_name: 'OMAR', ticket_no: '1572400000005', reason: 'No passenger of a live booking on this PNR has this name.' },
  { row: 7, pnr: 'ZZZ999', surname: 'KHAN', given_name: 'ALI RAZA', ticket_no: '1572400000006', reason: 'No passenger of a live booking on this PNR has this name.' },
];

function unmatched() {
  return UNMATCHED.map((row) => ({ ...row, pnr: row.pnr || pnr }));
}

function matched() {
  return [
    {
      row: 2,
      pnr,
      surname: 'khan',
      given_name: 'ali raza mr',
      ticket_no: ALI,
      booking_id: family.id,
      passenger_id: family.passengerIds[0],
      passenger_name: 'Mr ALI RAZA KHAN',
      previous_ticket_no: null,
    },
    {
      row: 3,
      pnr,
      surname: 'KHAN',
      given_name: 'Ayesha',
      ticket_no: AYESHA,
      booking_id: family.id,
      passenger_id: family.passengerIds[1],
      passenger_name: 'Mrs AYESHA KHAN',
      previous_ticket_no: null,
    },
  ];
}

describe('import-ticket-numbers: matching', () => {
  it('when an xlsx is sent as a dry run, then the matched and unmatched rows are answered and nothing is saved', async () => {
    const response = await importFile(await xlsxFile(airlineRows()), { dryRun: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Dry run: nothing was saved.',
      data: { dry_run: 1, matched: matched(), unmatched: unmatched(), saved: 0, ticketed_bookings: [] },
    });
    expect(await storedNumbers()).toEqual([]);
  });

  it('when the same sheet is imported as CSV, then the matched rows are saved, the booking is ticketed and its agent told', async () => {
    const mark = (await t.db.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id))).at(-1)?.id ?? 0;
    // Quoted fields (a comma and a doubled quote inside), CRLF line ends and a blank line are all read.
    const csv = airlineRows()
      .map((row) => row.map((value) => (String(value).includes(' ') ? `"${String(value)}"` : String(value))).join(','))
      .join('\r\n')
      .concat('\r\n,,,\r\n"ZZZ999","O""BRIEN, JR","PAT","1572400000007"\r\n');
    const response = await importFile(csvFile(`\uFEFF${csv}`));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: '2 ticket numbers saved.', data: { dry_run: 0, saved: 2, ticketed_bookings: [family.id] } });
    expect(body.data.matched).toEqual(matched());
    expect(body.data.unmatched.at(-1)).toEqual({
      row: 9,
      pnr: 'ZZZ999',
      surname: 'O"BRIEN, JR',
      given_name: 'PAT',
      ticket_no: '1572400000007',
      reason: 'No passenger of a live booking on this PNR has this name.',
    });
    expect(await storedNumbers()).toEqual([
      { id: family.passengerIds[0], ticketNo: ALI },
      { id: family.passengerIds[1], ticketNo: AYESHA },
    ]);
    const told = await t.db.select().from(notifications).where(gt(notifications.id, mark));
    expect(told.map((row) => [row.userId, row.message])).toEqual([[agent.user.id, `Your booking #${family.id} (PNR ${pnr}) is ticketed`]]);

    const list = await t.app.inject({ method: 'GET', url: `/api/agnetlistofbookings?booking_id=${family.id}`, headers: bearer(agent.token) });
    expect(list.json().data[0]).toMatchObject({ ticketed: 1 });
  });

  it('when a row names a passenger a row above already took, then it is unmatched; a number typed as a number cell keeps its zeros', async () => {
    const response = await importFile(
      await xlsxFile([
        ['Ticket No', 'First name', 'Last name', 'pnr'],
        [12_400_000_001, 'ALI RAZA', 'KHAN', pnr],
        ['1572400000009', 'ALI RAZA', 'KHAN', pnr],
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.matched).toEqual([expect.objectContaining({ row: 2, ticket_no: '0012400000001', passenger_id: family.passengerIds[0] })]);
    expect(response.json().data.unmatched).toEqual([expect.objectContaining({ row: 3, reason: 'Row 2 already gives this passenger a ticket number.' })]);
  });

  it('when a passenger already has a number, then the import replaces it and the preview shows the old one', async () => {
    await importFile(csvFile(`PNR,Surname,Given name,Ticket number\n${pnr},KHAN,AYESHA,${AYESHA}\n`));
    const response = await importFile(csvFile(`PNR;Surname;Given name;Ticket number\n${pnr};KHAN;AYESHA;1572400000010\n`), { dryRun: true });
    expect(response.json().data.matched).toEqual([expect.objectContaining({ ticket_no: '1572400000010', previous_ticket_no: AYESHA })]);
  });

  it('when an agent imports, then 403 and nothing is saved', async () => {
    const response = await importFile(await xlsxFile(airlineRows()), { token: agent.token });
    expect(response.statusCode).toBe(403);
    expect(await storedNumbers()).toEqual([]);
  });
});

describe('import-ticket-numbers: bad files', () => {
  async function expectFileError(file: TestFilePart | undefined, messages: string[]) {
    const response = await importFile(file);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: messages[0], errors: { file: messages } });
    expect(await storedNumbers()).toEqual([]);
  }

  it('when one number is given twice in the file, then 422 naming the row and nothing is saved', async () => {
    await expectFileError(
      csvFile(`${HEADER.join(',')}\n${pnr},KHAN,ALI RAZA,${ALI}\n${pnr},KHAN,AYESHA,${ALI}\n`),
      [`Row 3: Ticket number ${ALI} is given twice.`],
    );
  });

  it('when a matched number is already another passenger’s, then 422 and nothing is saved', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/update-ticket-numbers',
      payload: { booking_id: shahs[0]!.id, tickets: [{ passenger_id: shahs[0]!.passengerIds[0], ticket_no: AYESHA }] },
      headers: bearer(admin.token),
    });
    const response = await importFile(await xlsxFile([HEADER, [pnr, 'KHAN', 'ALI RAZA', ALI], [pnr, 'KHAN', 'AYESHA', AYESHA]]));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: `Row 3: Ticket number ${AYESHA} is already issued to another passenger.`,
      errors: { file: [`Row 3: Ticket number ${AYESHA} is already issued to another passenger.`] },
    });
    expect((await storedNumbers()).map((row) => row.ticketNo)).toEqual([AYESHA]);
  });

  it('when a number is not 13 digits or a name is empty, then 422 listing each bad row', async () => {
    await expectFileError(
      await xlsxFile([HEADER, [pnr, 'KHAN', 'ALI RAZA', '15724000000'], [pnr, '', 'AYESHA', AYESHA], [pnr, 'KHAN', 'AYESHA', 'E-TICKET']]),
      ['Row 2: The ticket number must be 13 digits.', 'Row 3: The surname is empty.', 'Row 4: The ticket number must be 13 digits.'],
    );
  });

  it('when columns are missing or misnamed, then 422 naming them', async () => {
    await expectFileError(
      csvFile(`PNR,Name,Ticket\n${pnr},ALI RAZA KHAN,${ALI}\n`),
      ['The file has no Surname, Given name columns: the first row must name PNR, Surname, Given name and Ticket number.'],
    );
    await expectFileError(
      await xlsxFile([['PNR', 'Surname', 'Given name', 'Amount'], [pnr, 'KHAN', 'ALI RAZA', 5000]]),
      ['The file has no Ticket number column: the first row must name PNR, Surname, Given name and Ticket number.'],
    );
  });

  it('when the file is not a sheet, is a broken workbook or an unclosed quote, then 422 the file could not be read', async () => {
    const unreadable = ['The file could not be read: send an xlsx workbook or a CSV file.'];
    await expectFileError({ filename: 'tickets.csv', data: PNG_BYTES }, unreadable);
    await expectFileError({ filename: 'tickets.xlsx', data: Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 7)]) }, unreadable);
    await expectFileError(csvFile(`${HEADER.join(',')}\n${pnr},"KHAN,ALI RAZA,${ALI}\n`), unreadable);
    await expectFileError(csvFile(`${HEADER.join(',')}\n${pnr},"KHAN"X,ALI RAZA,${ALI}\n`), unreadable);
    await expectFileError({ filename: 'tickets.csv', data: Buffer.from([0xff, 0xfe, 0x41, 0x00]) }, unreadable);
  });

  it('when the file is empty or has only a header, then 422 no rows; when no file is sent, 422 required', async () => {
    await expectFileError(csvFile(''), ['The file has no rows of ticket numbers.']);
    await expectFileError(csvFile(`${HEADER.join(',')}\n\n`), ['The file has no rows of ticket numbers.']);
    await expectFileError(await xlsxFile([HEADER]), ['The file has no rows of ticket numbers.']);
    await expectFileError(undefined, ['The file field is required.']);
  });

  it('when dry_run is not a flag, then 422 on dry_run', async () => {
    const { payload, headers } = multipart([
      ['file', csvFile(`${HEADER.join(',')}\n${pnr},KHAN,AYESHA,${AYESHA}\n`)],
      ['dry_run', 'maybe'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/import-ticket-numbers', payload, headers: { ...headers, ...bearer(admin.token) } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The dry run field must be 1 or 0.', errors: { dry_run: ['The dry run field must be 1 or 0.'] } });
  });

  it('when the file is over 2 MB, then 413 and nothing is saved', async () => {
    const big = `${HEADER.join(',')}\n${`${pnr},KHAN,AYESHA,${AYESHA}\n`.repeat(100_000)}`;
    const response = await importFile(csvFile(big));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file may not be greater than 2 MB.' });
    expect(await storedNumbers()).toEqual([]);
  });
});
