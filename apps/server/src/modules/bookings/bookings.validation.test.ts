import {
  DOB_IN_FUTURE_MESSAGE,
  INFANTS_OVER_ADULTS_MESSAGE,
  MAX_ADULTS_MESSAGE,
  MIN_ADULTS_MESSAGE,
  PASSENGER_FILE_TOO_LARGE_MESSAGE,
} from '@portal/contract/bookings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, type TestApp, type TestFilePart } from '../../test/helpers.js';
import { JPEG_BYTES, PNG_BYTES, pngFile, uniquePng } from '../../test/uploads.js';
import type { GroupRow } from '../groups/groups.table.js';
import {
  bookingFields,
  daysFromToday,
  insertAgentWithToken,
  insertBookableGroup,
  passenger,
  postBooking,
  snapshot,
  yearsBefore,
  type PassengerForm,
} from './bookings.fixtures.js';

let t: TestApp;
let token: string;
let group: GroupRow;
/** First departure of `group` (its only leg leaves and lands that day). */
let departure: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await insertAgentWithToken(t.db)).token;
  group = await insertBookableGroup(t.db, { totalTicket: 40, firstDay: 30 });
  departure = daysFromToday(30);
});
afterAll(async () => {
  await t.close();
});

/** Posts the form, expects the status, and that no booking, passenger, files row or stored file appeared. */
async function expectRefused(fields: ReturnType<typeof bookingFields>, status: number) {
  const before = await snapshot(t.db, t.app.uploadsDir);
  const response = await postBooking(t.app, token, multipart(fields));
  expect(response.statusCode, response.body).toBe(status);
  expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);
  return response.json() as { message: string; errors?: Record<string, string[]> };
}

function form(passengers: PassengerForm[], pnr = group.pnr) {
  return bookingFields({ pnr, passengers: passengers.map(passenger) });
}

describe('add-booking counts (PRODUCT §4, 000 §5)', () => {
  it.each([
    ['6 adults', ['adult', 'adult', 'adult', 'adult', 'adult', 'adult'], MAX_ADULTS_MESSAGE],
    ['no adult', ['child'], MIN_ADULTS_MESSAGE],
    ['more infants than adults', ['adult', 'infant', 'infant'], INFANTS_OVER_ADULTS_MESSAGE],
  ])('when the form has %s, then 422 on type with the quoted message', async (_name, types, message) => {
    const body = await expectRefused(form(types.map((type) => ({ type }))), 422);
    expect(body.errors?.type).toEqual([message]);
    expect(body.message).toBe(message);
  });

  it('when there is no passenger or an unknown type, then 422', async () => {
    expect((await expectRefused(bookingFields({ pnr: group.pnr, passengers: [] }), 422)).errors).toEqual({
      type: ['The type field is required.'],
    });
    const body = await expectRefused(form([{ type: 'adult' }, { type: 'senior', title: 'Mr' }]), 422);
    expect(body.errors?.['type.1']).toEqual(['The selected type is invalid.']);
  });

  it('when 5 adults, 5 infants and children book, then infants take no seat and 5 adults are allowed', async () => {
    const types = [...Array(5).fill('adult'), 'child', ...Array(5).fill('infant')] as string[];
    const response = await postBooking(t.app, token, multipart(form(types.map((type) => ({ type })))));
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe('add-booking ages on the first departure date', () => {
  it.each([
    ['a child 12 on the day', 'child', 12, 0, "Selected AGE is 12.0, Child shouldn't be more than 12 years"],
    ['a child of 13 and a half', 'child', 13, 183, "Selected AGE is 13.5, Child shouldn't be more than 12 years"],
    ['an infant 2 on the day', 'infant', 2, 0, "Selected AGE is 2.0, But Infant shouldn't be more that 2 years"],
    ['an adult of 11', 'adult', 11, 0, 'Selected AGE is 11.0, Adult should be at least 12 years'],
    ['a child of 1', 'child', 1, 0, 'Selected AGE is 1.0, Child should be at least 2 years'],
  ])('when %s, then 422 on dob with the message', async (_name, type, years, days, message) => {
    const passengers: PassengerForm[] = [{ type: 'adult' }, { type, dob: yearsBefore(departure, years, days) }];
    if (type === 'adult') passengers.reverse();
    const body = await expectRefused(form(passengers), 422);
    expect(body.errors).toEqual({ [`dob.${type === 'adult' ? 0 : 1}`]: [message] });
  });

  it('when a child turns 12 and an infant turns 2 the day after departure, then they are still child and infant', async () => {
    const response = await postBooking(
      t.app,
      token,
      multipart(form([
        { type: 'adult', dob: yearsBefore(departure, 12) },
        { type: 'child', dob: yearsBefore(departure, 12, -1) },
        { type: 'infant', dob: yearsBefore(departure, 2, -1) },
      ])),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('when a date of birth is in the future, then 422', async () => {
    const body = await expectRefused(form([{ type: 'adult' }, { type: 'infant', dob: daysFromToday(2) }]), 422);
    expect(body.errors).toEqual({ 'dob.1': [DOB_IN_FUTURE_MESSAGE] });
  });
});

describe('add-booking passenger fields', () => {
  it('when titles do not belong to the type, then 422 per passenger with the list of its type', async () => {
    const body = await expectRefused(
      form([{ type: 'adult', title: 'Mstr' }, { type: 'child', title: 'Mr' }, { type: 'infant', title: 'Miss' }]),
      422,
    );
    expect(body.errors).toEqual({
      'titles.0': ['The title must be one of: Mr, Mrs, Ms.'],
      'titles.1': ['The title must be one of: Mstr, Miss.'],
      'titles.2': ['The title must be one of: Inf.'],
    });
  });

  it('when the form sends title[] instead of titles[], then it is read the same', async () => {
    const fields = form([{ type: 'adult', title: 'Ms' }]).map(([name, value]): [string, string | TestFilePart] =>
      name === 'titles[]' ? ['title[]', value] : [name, value],
    );
    expect((await postBooking(t.app, token, multipart(fields))).statusCode).toBe(201);
    const wrong = fields.map(([name, value]): [string, string | TestFilePart] => (name === 'title[]' ? [name, 'Inf'] : [name, value]));
    expect((await expectRefused(wrong, 422)).errors).toEqual({ 'title.0': ['The title must be one of: Mr, Mrs, Ms.'] });
  });

  it('when required fields are empty, then each is reported under its passenger index', async () => {
    const body = await expectRefused(
      form([
        { type: 'adult' },
        { type: 'adult', title: '', firstname: ' ', lastname: '', dob: '', passport_no: '', passport_expiry_date: '', passport_img: null },
      ]),
      422,
    );
    expect(body.errors).toEqual({
      'titles.1': ['The title field is required.'],
      'firstname.1': ['The first name field is required.'],
      'lastname.1': ['The last name field is required.'],
      'dob.1': ['The date of birth field is required.'],
      'passport_no.1': ['The passport no field is required.'],
      'passport_expiry_date.1': ['The passport expiry date field is required.'],
      'passport_img.1': ['The passport image field is required.'],
    });
  });

  it('when names carry digits or symbols, or a date is not a date, then 422', async () => {
    const body = await expectRefused(
      form([{ type: 'adult', firstname: 'Ali3', lastname: 'Khan!', dob: '1990-02-30', passport_expiry_date: '2030/01/01' }]),
      422,
    );
    expect(body.errors).toEqual({
      'firstname.0': ['The first name may only contain letters, spaces, hyphens and apostrophes.'],
      'lastname.0': ['The last name may only contain letters, spaces, hyphens and apostrophes.'],
      'dob.0': ['The date of birth is not a valid date (YYYY-MM-DD).'],
      'passport_expiry_date.0': ['The passport expiry date is not a valid date (YYYY-MM-DD).'],
    });
  });

  it('when a passport expires before the last travel date (the return leg lands), then 422; on that date it is accepted', async () => {
    const roundTrip = await insertBookableGroup(t.db, { firstDay: 30, returnDay: 40 });
    const last = daysFromToday(40);
    const body = await expectRefused(form([{ type: 'adult', passport_expiry_date: daysFromToday(39) }], roundTrip.pnr), 422);
    expect(body.errors).toEqual({
      'passport_expiry_date.0': [`The passport expiry date must be a date after or equal to the last travel date (${last}).`],
    });
    const response = await postBooking(t.app, token, multipart(form([{ type: 'adult', passport_expiry_date: last }], roundTrip.pnr)));
    expect(response.statusCode).toBe(201);
  });
});

describe('add-booking scans (jpeg, png, webp or pdf by content, at most 2 MB)', () => {
  it('when a scan is text named .png or a visa copy is a zip, then 422 on that file', async () => {
    const body = await expectRefused(
      form([
        { type: 'adult', passport_img: pngFile('passport.png', Buffer.from('not really an image')) },
        { type: 'adult', visa_copy: { filename: 'visa.pdf', contentType: 'application/pdf', data: Buffer.from('PK\u0003\u0004zip') } },
      ]),
      422,
    );
    expect(body.errors).toEqual({
      'passport_img.0': ['The passport image must be a file of type: jpeg, png, webp, pdf.'],
      'visa_copy.1': ['The visa copy must be a file of type: jpeg, png, webp, pdf.'],
    });
  });

  it('when a scan is a PDF or a JPEG whatever its name, then it is accepted', async () => {
    const pdf = Buffer.from(`%PDF-1.4\n% ${Date.now()}\n%%EOF\n`);
    const response = await postBooking(
      t.app,
      token,
      multipart(form([
        { type: 'adult', passport_img: { filename: 'scan.bin', data: pdf } },
        { type: 'adult', passport_img: { filename: 'photo.png', data: JPEG_BYTES }, visa_copy: pngFile('v.png', uniquePng()) },
      ])),
    );
    expect(response.statusCode, response.body).toBe(201);
  });

  it('when a scan is one byte over 2 MB, then 413 with the seed text; exactly 2 MB is accepted', async () => {
    const over = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);
    const body = await expectRefused(form([{ type: 'adult', passport_img: pngFile('big.png', over) }]), 413);
    expect(body).toEqual({ message: PASSENGER_FILE_TOO_LARGE_MESSAGE });
    const exact = Buffer.concat([uniquePng(), Buffer.alloc(2_097_152 - PNG_BYTES.length, 1)]).subarray(0, 2_097_152);
    const response = await postBooking(t.app, token, multipart(form([{ type: 'adult', passport_img: pngFile('exact.png', exact) }])));
    expect(response.statusCode, response.body).toBe(201);
  });
});
