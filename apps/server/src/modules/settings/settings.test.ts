import {
  BANK_ACCOUNTS_COUNT_MESSAGE,
  CONTACT_DESKS_COUNT_MESSAGE,
  IBAN_FORMAT_MESSAGE,
  PHONE_FORMAT_MESSAGE,
  SETTINGS_UPDATED_MESSAGE,
  type AdminSettings,
  type PublicSettings,
} from '@portal/contract/settings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookingFields, findBooking, insertAgentWithToken, insertBookableGroup, passenger, postBooking } from '../bookings/bookings.fixtures.js';
import { settings, SETTING_DEFAULTS } from './settings.table.js';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

/** Each test starts from the seeded defaults. */
beforeEach(async () => {
  for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
    await t.db.update(settings).set({ value }).where(eq(settings.key, key));
  }
});

function update(payload: unknown, token = adminToken) {
  return t.app.inject({ method: 'POST', url: '/api/update-settings', headers: bearer(token), payload: payload as Record<string, unknown> });
}

const desk = (overrides: Record<string, unknown> = {}) => ({
  name: 'Umrah Desk',
  phone: '+92 312 765 4321',
  display: '',
  whatsapp_message: 'Salam, Umrah groups please.',
  ...overrides,
});
const account = (overrides: Record<string, unknown> = {}) => ({
  bank_name: 'Askari Bank',
  account_title: 'Group Fares (Pvt) Ltd',
  account_number: '0201-0123456',
  iban: 'pk36 ascm 0000 0201 0012 3456',
  ...overrides,
});

describe('GET /api/public-settings', () => {
  it('when a visitor asks without a token, then it answers the 3 seeded desks with +92 numbers, 8 Pakistani banks with 24-character PK IBANs and the support e-mail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-settings' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: PublicSettings };
    expect(data.contact_desks.map((item) => item.name)).toEqual(['Sales Desk', 'Accounts Desk', 'Ticketing Desk']);
    for (const item of data.contact_desks) {
      expect(item.phone).toMatch(/^\+923\d{9}$/);
      expect(item.whatsapp_message.length).toBeGreaterThan(0);
    }
    expect(data.bank_accounts.map((item) => item.bank_name)).toEqual([
      'HBL',
      'Meezan Bank',
      'UBL',
      'MCB',
      'Allied Bank',
      'Bank Alfalah',
      'Faysal Bank',
      'Bank Al Habib',
    ]);
    for (const item of data.bank_accounts) {
      expect(item.account_title).toBe('Group Fares (Pvt) Ltd');
      expect(item.iban).toMatch(/^PK\d{2}[A-Z]{4}\d{16}$/);
    }
    expect(data.support_email).toBe('support@groupfares.pk');
    expect(data).not.toHaveProperty('hold_window_minutes');
  });

  it('when the settings rows are missing or unusable, then the defaults are answered', async () => {
    await t.db.delete(settings).where(eq(settings.key, 'contact_desks'));
    await t.db.update(settings).set({ value: 'broken' }).where(eq(settings.key, 'bank_accounts'));
    const response = await t.app.inject({ method: 'GET', url: '/api/public-settings' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: PublicSettings };
    expect(data.contact_desks).toHaveLength(3);
    expect(data.bank_accounts).toHaveLength(8);
    await t.db.insert(settings).values({ key: 'contact_desks', value: SETTING_DEFAULTS.contact_desks });
  });
});

describe('GET /api/settings', () => {
  it('when the admin asks, then all four settings are answered; an agent gets 403 and a visitor 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: AdminSettings };
    expect(data.hold_window_minutes).toBe(180);
    expect(data.contact_desks).toHaveLength(3);
    expect(data.bank_accounts).toHaveLength(8);
    expect(data.support_email).toBe('support@groupfares.pk');

    const agent = await insertUserWithToken(t.db);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(agent.token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
  });
});

describe('POST /api/update-settings', () => {
  it('when the admin sends only the hold window, then it is saved and the lists stay as they were', async () => {
    const response = await update({ hold_window_minutes: 90 });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { message: string; data: AdminSettings };
    expect(body.message).toBe(SETTINGS_UPDATED_MESSAGE);
    expect(body.data.hold_window_minutes).toBe(90);
    expect(body.data.bank_accounts).toHaveLength(8);
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'hold_window_minutes'));
    expect(row!.value).toBe(90);
  });

  it.each([
    [14, 'The hold window minutes must be at least 15.'],
    [10_081, 'The hold window minutes may not be greater than 10080.'],
    ['2.5', 'The hold window minutes must be an integer.'],
    ['abc', 'The hold window minutes must be an integer.'],
  ])('when the hold window is %s, then 422 names the field and nothing changes', async (value, message) => {
    const response = await update({ hold_window_minutes: value });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { hold_window_minutes: [message] } });
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'hold_window_minutes'));
    expect(row!.value).toBe(180);
  });

  it('when the hold window is 15 or 10080, then both bounds are accepted', async () => {
    expect((await update({ hold_window_minutes: 15 })).statusCode).toBe(200);
    expect((await update({ hold_window_minutes: '10080' })).statusCode).toBe(200);
  });

  it('when the admin replaces the desks and accounts as JSON, then phones and IBANs lose their spaces, the display is derived and the public page shows them', async () => {
    const response = await update({
      contact_desks: [desk()],
      bank_accounts: [account(), account({ bank_name: 'JS Bank', iban: 'PK29JSBL9999000000123456', branch: ' Saddar ' })],
      support_email: ' Help@Example.PK ',
    });
    expect(response.statusCode).toBe(200);
    const publicResponse = await t.app.inject({ method: 'GET', url: '/api/public-settings' });
    expect((publicResponse.json() as { data: PublicSettings }).data).toEqual({
      contact_desks: [{ name: 'Umrah Desk', phone: '+923127654321', display: '+92 312 7654321', whatsapp_message: 'Salam, Umrah groups please.' }],
      bank_accounts: [
        { bank_name: 'Askari Bank', account_title: 'Group Fares (Pvt) Ltd', account_number: '0201-0123456', iban: 'PK36ASCM0000020100123456' },
        {
          bank_name: 'JS Bank',
          account_title: 'Group Fares (Pvt) Ltd',
          account_number: '0201-0123456',
          iban: 'PK29JSBL9999000000123456',
          branch: 'Saddar',
        },
      ],
      support_email: 'help@example.pk',
    });
  });

  it('when the desks come as a multipart form (contact_desks[0][name]…), then they are saved like JSON', async () => {
    const form = multipart([
      ['contact_desks[0][name]', 'Sales Desk'],
      ['contact_desks[0][phone]', '+923001112233'],
      ['contact_desks[0][display]', '0300 1112233'],
      ['contact_desks[0][whatsapp_message]', 'Hello'],
      ['contact_desks[1][name]', 'Visa Desk'],
      ['contact_desks[1][phone]', '+966501234567'],
      ['contact_desks[1][whatsapp_message]', 'Hello visa'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/update-settings', headers: { ...bearer(adminToken), ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: AdminSettings }).data.contact_desks).toEqual([
      { name: 'Sales Desk', phone: '+923001112233', display: '0300 1112233', whatsapp_message: 'Hello' },
      { name: 'Visa Desk', phone: '+966501234567', display: '+966501234567', whatsapp_message: 'Hello visa' },
    ]);
  });

  it.each([
    ['03001234567', 'no plus'],
    ['+92300', 'too short'],
    ['+92300123456789012', 'too long'],
    ['+92300abc4567', 'letters'],
  ])('when a desk phone is %s (%s), then 422 on contact_desks.0.phone', async (phone) => {
    const response = await update({ contact_desks: [desk({ phone })] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { 'contact_desks.0.phone': [PHONE_FORMAT_MESSAGE] } });
  });

  it('when there are no desks or 7 desks, then 422 with the count message; a missing desk name is named', async () => {
    for (const desks of [[], Array.from({ length: 7 }, () => desk())]) {
      const response = await update({ contact_desks: desks });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { contact_desks: [CONTACT_DESKS_COUNT_MESSAGE] } });
    }
    const response = await update({ contact_desks: [desk({ name: '  ' })] });
    expect(response.json()).toMatchObject({ errors: { 'contact_desks.0.name': ['The name field is required.'] } });
  });

  it.each([
    ['DE89370400440532013000', 'not PK'],
    ['PK36ASCM000002010012345', '23 characters'],
    ['PK36ASCM00000201001234567', '25 characters'],
    ['PK36-SCM0000020100123456', 'a dash'],
  ])('when an IBAN is %s (%s), then 422 on bank_accounts.1.iban and nothing is saved', async (iban) => {
    const response = await update({ bank_accounts: [account(), account({ iban })], hold_window_minutes: 60 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { 'bank_accounts.1.iban': [IBAN_FORMAT_MESSAGE] } });
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'hold_window_minutes'));
    expect(row!.value).toBe(180);
  });

  it('when there are no bank accounts or 13, then 422 with the count message', async () => {
    for (const accounts of [[], Array.from({ length: 13 }, () => account())]) {
      const response = await update({ bank_accounts: accounts });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ errors: { bank_accounts: [BANK_ACCOUNTS_COUNT_MESSAGE] } });
    }
    expect((await update({ bank_accounts: Array.from({ length: 12 }, () => account()) })).statusCode).toBe(200);
  });

  it('when the support e-mail is not an address, then 422 names it', async () => {
    const response = await update({ support_email: 'not-an-email' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { support_email: ['The support email must be a valid email address.'] } });
  });

  it('when an agent or a visitor posts, then 403 and 401', async () => {
    const agent = await insertUserWithToken(t.db);
    expect((await update({ hold_window_minutes: 60 }, agent.token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/update-settings', payload: { hold_window_minutes: 60 } })).statusCode).toBe(401);
  });
});

describe('the hold window and agent bookings', () => {
  it('when the admin sets the hold window to 45 minutes, then the next agent booking is held until now + 45 minutes', async () => {
    expect((await update({ hold_window_minutes: 45 })).statusCode).toBe(200);
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db);
    const before = Date.now();
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
    const after = Date.now();
    expect(response.statusCode).toBe(201);
    const booking = (await findBooking(t.db, (response.json() as { data: { id: number } }).data.id))!;
    const cancelAt = booking.cancelAt!.getTime();
    expect(cancelAt).toBeGreaterThanOrEqual(before + 45 * 60_000 - 1000);
    expect(cancelAt).toBeLessThanOrEqual(after + 45 * 60_000 + 1000);
  });
});
