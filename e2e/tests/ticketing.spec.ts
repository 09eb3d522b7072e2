import { expect, request, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { extractPdfLines } from '../../apps/server/src/modules/documents/pdf-text.fixtures.js';
import { ADMIN, DEMO_AGENT, fillPassenger, searchFromHome, signIn } from './support.js';

// Issue 18 (PRODUCT §6 "Group deadlines, names later, ticketing", decisions 030 and 031): the admin gives a group a
// name deadline on its form; the agent books 2 seats with 'Names later' and gives the names with Update Booking; the
// admin confirms, copies the PNR's name list and imports the airline's ticket numbers from an xlsx (previewed
// first); the agent sees 'Ticketed', is told, and downloads a PDF listing the numbers.

/** Tomorrow in Pakistan as the group form takes it (DD/MM/YYYY): before every demo group's first departure (day 2 on). */
function tomorrowInKarachi(): string {
  const karachi = new Date(Date.now() + 5 * 3_600_000 + 86_400_000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(karachi.getUTCDate())}/${two(karachi.getUTCMonth() + 1)}/${karachi.getUTCFullYear()}`;
}

/** Sets (or, with empty texts, clears) a group's name deadline on its Edit Group form and saves it. */
async function setNameDeadline(admin: Page, pnr: string, date: string, time: string): Promise<void> {
  await admin.goto(`/dashboard/groups?pnr=${pnr}`);
  await admin.getByRole('link', { name: `Edit ${pnr}` }).click();
  const dateField = admin.getByRole('textbox', { name: 'Name deadline' });
  const timeField = admin.getByRole('combobox', { name: 'Name deadline time' });
  await expect(admin.getByRole('textbox', { name: 'PNR' })).toHaveValue(pnr);
  await dateField.fill(date);
  await dateField.press('Tab');
  await timeField.fill(time);
  await timeField.press('Tab');
  await admin.getByRole('button', { name: 'Save' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/groups\?saved=\d+$/);
}

/** Names of this run only, so the import matches these passengers and no other journey's. */
function randomSurname(): string {
  return `TKT${Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')}`;
}

async function airlineSheet(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tickets');
  sheet.addRow(['PNR', 'Surname', 'Given name', 'Ticket number']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('the admin imports ticket numbers from an xlsx; the agent sees Ticketed and a PDF with the numbers', async ({ browser, baseURL }) => {
  test.setTimeout(480_000);
  const surname = randomSurname();
  const base = Date.now() % 10_000_000_000;
  const numbers = [`157${String(base).padStart(10, '0')}`, `157${String(base + 1).padStart(10, '0')}`];
  const passport = () => `TK${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

  // ---- The admin gives the agent's first LHE-JED group a name deadline: tomorrow, 23:00 Pakistan time ----
  const agent = await signIn(browser, DEMO_AGENT.email, DEMO_AGENT.password);
  await searchFromHome(agent, 'LHE', 'JED');
  const firstRow = agent.getByRole('row').filter({ has: agent.getByRole('button', { name: 'Book' }) }).first();
  const pnr = /^PNR ([A-Z0-9]+)$/.exec(((await firstRow.getByText(/^PNR /).textContent()) ?? '').trim())?.[1] ?? '';
  expect(pnr).not.toBe('');
  const admin = await signIn(browser, ADMIN.email, ADMIN.password);
  await setNameDeadline(admin, pnr, tomorrowInKarachi(), '23:00');

  // ---- The agent books 2 adults with 'Names later' ----
  await agent.reload();
  const row = agent.getByRole('row').filter({ hasText: `PNR ${pnr}` });
  await row.getByRole('button', { name: 'Book' }).click();
  const dialog = agent.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Adults' }).fill('2');
  await dialog.getByRole('button', { name: 'Start Booking' }).click();
  await dialog.getByRole('switch', { name: 'Names later' }).check({ force: true });
  await expect(dialog.getByRole('group', { name: 'Adult 2' })).toContainText('Name: TBA');
  await expect(dialog.getByRole('textbox', { name: 'First Name' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog.getByText('Ticket Booked!')).toBeVisible();
  const bookingId = /\/dashboard\/book\/(\d+)/.exec((await dialog.getByRole('link', { name: 'View Booking' }).getAttribute('href')) ?? '')?.[1];
  expect(bookingId).toBeTruthy();

  // ---- The agent sees the names missing and gives them with Update Booking ----
  await agent.goto(`/dashboard/book/${bookingId}`);
  await expect(agent.getByText('2 names missing')).toBeVisible();
  await expect(agent.getByRole('table', { name: 'Passengers' })).toContainText('TBA');
  await agent.getByRole('button', { name: `Actions for booking ${bookingId}` }).click();
  await agent.getByRole('menuitem', { name: 'Edit' }).click();
  const update = agent.getByRole('dialog', { name: `Update Booking #${bookingId}` });
  await fillPassenger(update.getByRole('group', { name: /Passenger 1/ }), { title: 'Mr', first: 'imran', last: surname, dob: '15/03/1985', passport: passport() });
  await fillPassenger(update.getByRole('group', { name: /Passenger 2/ }), { title: 'Mrs', first: 'nadia', last: surname, dob: '02/07/1988', passport: passport() });
  await update.getByRole('button', { name: 'Update Booking' }).click();
  await expect(agent.getByText('Booking updated successfully!')).toBeVisible();
  await expect(update).toBeHidden();
  await expect(agent.getByText('2 names missing')).toBeHidden();
  await expect(agent.getByRole('table', { name: 'Passengers' })).toContainText(`IMRAN ${surname}`);

  // ---- The admin confirms it, then opens its ticket numbers ----
  await admin.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await admin.goto(`/dashboard/book/${bookingId}`);
  await admin.getByRole('button', { name: `Actions for booking ${bookingId}` }).click();
  await admin.getByRole('menuitem', { name: 'Confirm Booking' }).click();
  const confirm = admin.getByRole('dialog');
  await confirm.getByRole('textbox', { name: 'Discount' }).fill('0');
  await confirm.getByRole('textbox', { name: 'Receive Payment' }).fill('0');
  await confirm.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(admin.getByText('Booking confirmed successfully!')).toBeVisible();
  await admin.getByRole('link', { name: 'Ticket numbers' }).click();
  await expect(admin).toHaveURL(new RegExp(`/dashboard/pnr/${pnr}/tickets\\?booking=${bookingId}$`));
  const form = admin.getByRole('form', { name: `Ticket numbers of booking #${bookingId}` });
  await expect(form.getByText(`Mr IMRAN ${surname}`)).toBeVisible();

  // ---- Copy name list (point 6) ----
  await admin.getByRole('button', { name: 'Copy name list' }).click();
  await expect(admin.getByText('Copied')).toBeVisible();
  const nameList = await admin.evaluate(() => navigator.clipboard.readText());
  expect(nameList).toMatch(new RegExp(`^\\d+\\. ${surname}/IMRAN MR$`, 'm'));
  expect(nameList).toMatch(new RegExp(`^\\d+\\. ${surname}/NADIA MRS$`, 'm'));

  // ---- Import the airline's xlsx: preview first, then save ----
  await admin.getByRole('button', { name: 'Import file' }).click();
  const importDialog = admin.getByRole('dialog', { name: 'Import ticket numbers' });
  const sheet = await airlineSheet([
    [pnr, surname, 'IMRAN MR', numbers[0]!],
    [pnr, surname.toLowerCase(), 'Nadia', numbers[1]!],
    [pnr, 'NOBODY', 'ATALL', '1579999999999'],
  ]);
  await importDialog.locator('input[type="file"]').setInputFiles({
    name: 'tickets.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: sheet,
  });
  await importDialog.getByRole('button', { name: 'Preview' }).click();
  await expect(importDialog.getByText('Matched (2)')).toBeVisible();
  await expect(importDialog.getByText('Unmatched (1)')).toBeVisible();
  await expect(importDialog.getByRole('table', { name: 'Unmatched rows' })).toContainText('No passenger of a live booking on this PNR has this name.');
  await importDialog.getByRole('button', { name: 'Save 2 ticket numbers' }).click();
  await expect(admin.getByText('2 ticket numbers saved.')).toBeVisible();
  await expect(importDialog).toBeHidden();
  await expect(form.getByText('Ticketed')).toBeVisible();
  await expect(form.getByRole('textbox', { name: `Ticket number of Mr IMRAN ${surname}` })).toHaveValue(numbers[0]!);
  // The group as the other journeys know it: no name deadline.
  await setNameDeadline(admin, pnr, '', '');
  await admin.context().close();

  // ---- The agent sees Ticketed, is told, and downloads the PDF with the numbers ----
  await agent.goto(`/dashboard/book/${bookingId}`);
  await expect(agent.getByText('Ticketed', { exact: true }).first()).toBeVisible();
  const passengers = agent.getByRole('table', { name: 'Passengers' });
  await expect(passengers).toContainText(numbers[0]!);
  await expect(passengers).toContainText(numbers[1]!);
  const download = agent.getByRole('link', { name: 'Download pdf' });
  await expect(download).toHaveAttribute('href', /^https?:\/\/.+/);
  const pdfUrl = new URL((await download.getAttribute('href'))!);
  const pdf = await agent.request.get(pdfUrl.pathname + pdfUrl.search);
  expect(pdf.status()).toBe(200);
  const lines = extractPdfLines(await pdf.body());
  expect(lines).toEqual(expect.arrayContaining(['Ticketed', numbers[0], numbers[1]]));

  await agent.goto('/dashboard/notifications');
  await expect(agent.getByText(`Your booking #${bookingId} (PNR ${pnr}) is ticketed`)).toBeVisible();
  await agent.context().close();

  // Give the seats back, so the journeys after this one find the demo groups as they were.
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '10.22.0.31' } });
  const login = await api.post('/api/login', { data: ADMIN });
  const token = ((await login.json()) as { success: { token: string } }).success.token;
  const cancelled = await api.get(`/api/cancelbooking/${bookingId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(cancelled.status()).toBe(200);
  await api.dispose();
});
