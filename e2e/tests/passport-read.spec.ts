import { fileURLToPath } from 'node:url';
import { expect, request, test, type Locator } from '@playwright/test';
import { ADMIN, DEMO_AGENT, signIn, startBookingFromHome } from './support.js';

// Issue 17 point 1 (PRODUCT §6 "Passport reading", decision 029): the agent books a passenger whose fields were
// filled by 'Read passport' from a scan, then corrects the given names in Update Booking with 'Paste MRZ'.

/**
 * A generated scan of a TD3 passport (committed with the server's reading): KHAN, AYESHA BIBI, AB1234567, PAK, F,
 * born 1990-03-15, valid until 2031-08-20.
 */
const SCAN = fileURLToPath(new URL('../fixtures/passport-scan.png', import.meta.url));

/** The same passport's MRZ with the given names 'AYESHA' only (line 1 has no check digits; line 2 is the scan's). */
const MRZ_AYESHA = 'P<PAKKHAN<<AYESHA<<<<<<<<<<<<<<<<<<<<<<<<<<<\nAB12345671PAK9003152F3108206<<<<<<<<<<<<<<04';

/** OCR of a scan on the project's machine: p95 within 3 s (PRODUCT §6); a busy 2-core run gets room. */
const READING_MS = 30_000;

const READ_MARK = 'Read from passport';

async function expectRead(passenger: Locator, label: string, value: string) {
  const field = passenger.getByRole('textbox', { name: label });
  await expect(field).toHaveValue(value);
  await expect(field).toHaveAccessibleDescription(READ_MARK);
}

test("an agent books a passenger read from a passport scan, then corrects the names with 'Paste MRZ'", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  expect(MRZ_AYESHA.split('\n').map((line) => line.length)).toEqual([44, 44]);

  // ---- The demo agent opens Book Ticket on a group (000 §2, §4) ----
  const agent = await signIn(browser, DEMO_AGENT.email, DEMO_AGENT.password);
  await startBookingFromHome(agent, 'LHE', 'JED', {});
  const dialog = agent.getByRole('dialog', { name: 'Book Ticket' });
  const passenger = dialog.getByRole('group', { name: 'Adult 1' });

  // ---- 'Read passport' reads the scan just chosen ----
  const read = passenger.getByRole('button', { name: 'Read passport' });
  await expect(read).toBeDisabled();
  await passenger.getByLabel('Passport Photo or PDF file').setInputFiles(SCAN);
  await read.click();
  await expect(passenger.getByRole('textbox', { name: 'Last Name' })).toHaveValue('KHAN', { timeout: READING_MS });
  await expectRead(passenger, 'First Name', 'AYESHA BIBI');
  await expectRead(passenger, 'Last Name', 'KHAN');
  await expectRead(passenger, 'Passport Number', 'AB1234567');
  await expectRead(passenger, 'Date of Birth', '15 Mar 1990');
  await expectRead(passenger, 'Passport Expiry Date', '20 Aug 2031');
  // Adult, sex F: Mrs.
  const title = passenger.getByRole('combobox', { name: 'Title' });
  await expect(title).toHaveValue('Mrs');
  await expect(title).toHaveAccessibleDescription(READ_MARK);

  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  // Booked, the dialog is named by its result.
  const booked = agent.getByRole('dialog', { name: 'Ticket Booked!' });
  await expect(booked.getByText('Ticket Booked!')).toBeVisible();
  const view = booked.getByRole('link', { name: 'View Booking' });
  const bookingId = /\/dashboard\/book\/(\d+)/.exec((await view.getAttribute('href')) ?? '')?.[1];
  expect(bookingId).toBeTruthy();

  // ---- The booking shows the passenger as read ----
  await view.click();
  await expect(agent).toHaveURL(new RegExp(`/dashboard/book/${bookingId}$`));
  const row = agent.getByRole('row').filter({ hasText: 'AB1234567' });
  await expect(row).toContainText('Mrs');
  await expect(row).toContainText('AYESHA BIBI KHAN');
  await expect(row).toContainText('15 Mar 1990');

  // ---- Update Booking: 'Paste MRZ' with the two lines, sent to the server as pasted ----
  await agent.getByRole('button', { name: `Actions for booking ${bookingId}` }).click();
  await agent.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = agent.getByRole('dialog', { name: `Update Booking #${bookingId}` });
  const first = edit.getByRole('group', { name: /Passenger 1/ });
  await expect(first.getByRole('textbox', { name: 'First Name' })).toHaveValue('AYESHA BIBI');
  await first.getByRole('button', { name: 'Paste MRZ' }).click();
  const paste = agent.getByRole('dialog', { name: 'Paste MRZ' });
  await paste.getByRole('textbox', { name: /MRZ lines/ }).fill(MRZ_AYESHA);
  await paste.getByRole('button', { name: 'Read', exact: true }).click();
  await expect(paste).toBeHidden();
  await expectRead(first, 'First Name', 'AYESHA');
  await expectRead(first, 'Passport Number', 'AB1234567');
  await edit.getByRole('button', { name: 'Update Booking' }).click();
  await expect(agent.getByText('Booking updated successfully!')).toBeVisible();
  await expect(agent.getByRole('row').filter({ hasText: 'AB1234567' })).toContainText('AYESHA KHAN');
  await agent.context().close();

  // Give the seat back (and the passport number), so the journeys after this one find the demo groups as they were.
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.22.0.41' } });
  const login = await api.post('/api/login', { data: ADMIN });
  const token = ((await login.json()) as { success: { token: string } }).success.token;
  const cancelled = await api.get(`/api/cancelbooking/${bookingId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(cancelled.status()).toBe(200);
  await api.dispose();
});
