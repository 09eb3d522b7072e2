import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';

/** A 1x1 PNG: passes the server's content check of passport scans (PRODUCT §4). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const scan = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/** Today in Asia/Karachi, as the date picker names its day buttons ('23 November 2026'). */
function todayLabel(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: 'numeric', month: 'long', year: 'numeric' });
  return parts.format(new Date());
}

async function signIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /^Log ?in$/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

async function fillPassenger(
  passenger: Locator,
  { title, first, last, dob, passport }: { title: string; first: string; last: string; dob: string; passport: string },
) {
  const page = passenger.page();
  await passenger.getByRole('combobox', { name: 'Title' }).click();
  await page.getByRole('option', { name: title, exact: true }).click();
  await passenger.getByRole('textbox', { name: 'First Name' }).fill(first);
  await passenger.getByRole('textbox', { name: 'Last Name' }).fill(last);
  // Typed dates; Tab closes the calendar dropdown that typing opens.
  await passenger.getByRole('textbox', { name: 'Date of Birth' }).fill(dob);
  await passenger.getByRole('textbox', { name: 'Date of Birth' }).press('Tab');
  await passenger.getByRole('textbox', { name: 'Passport Number' }).fill(passport);
  await passenger.getByRole('textbox', { name: 'Passport Expiry Date' }).fill('01/01/2035');
  await passenger.getByRole('textbox', { name: 'Passport Expiry Date' }).press('Tab');
  await passenger.getByLabel('Passport Photo or PDF file').setInputFiles(scan(`${passport}.png`));
}

test('an agent books 2 adults and an infant from a search; the admin confirms with a discount and a payment, then cancels', async ({
  browser,
}) => {
  // Two sessions and three passenger forms: longer than the default minute on a busy 2-core machine.
  test.setTimeout(180_000);
  // ---- The demo agent searches LHE to JED from today (000 §2) ----
  const agent = await signIn(browser, 'agent@example.com', 'Agent@12345');
  await agent.goto('/');
  const form = agent.getByRole('form', { name: 'Search Group Tickets' });
  await form.getByRole('textbox', { name: 'Departure' }).fill('LHE');
  await form.getByRole('textbox', { name: 'Arrival' }).fill('JED');
  await form.getByRole('button', { name: 'Date' }).click();
  await agent.getByRole('button', { name: todayLabel(), exact: true }).click();
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(agent).toHaveURL(/\/search\/LHE\/JED\/\d{4}-\d{2}-\d{2}$/);

  // Signed in: prices show, not 'Login For Price'.
  const rows = agent.getByRole('row').filter({ has: agent.getByRole('button', { name: 'Book' }) });
  await expect(rows.first()).toBeVisible();
  await expect(agent.getByText('Login For Price')).toHaveCount(0);
  await expect(rows.first()).toContainText('PKR');
  await rows.first().getByRole('button', { name: 'Book' }).click();

  // ---- The Book Ticket dialog (000 §4-§5) ----
  const dialog = agent.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Adults' }).fill('2');
  await dialog.getByRole('textbox', { name: 'Infants' }).fill('1');
  await dialog.getByRole('button', { name: 'Start Booking' }).click();

  await fillPassenger(dialog.getByRole('group', { name: 'Adult 1' }), {
    title: 'Mr',
    first: '  muhammad   ali ',
    last: 'khan',
    dob: '15/03/1985',
    passport: 'AB1234561',
  });
  await fillPassenger(dialog.getByRole('group', { name: 'Adult 2' }), {
    title: 'Mrs',
    first: 'ayesha',
    last: 'khan',
    dob: '02/07/1988',
    passport: 'AB1234562',
  });
  const infantBirth = new Date();
  infantBirth.setFullYear(infantBirth.getFullYear() - 1);
  const infantDob = `${String(infantBirth.getDate()).padStart(2, '0')}/${String(infantBirth.getMonth() + 1).padStart(2, '0')}/${infantBirth.getFullYear()}`;
  await fillPassenger(dialog.getByRole('group', { name: 'Infant 1' }), {
    title: 'Inf',
    first: 'zara',
    last: 'khan',
    dob: infantDob,
    passport: 'AB1234563',
  });
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();

  await expect(dialog.getByText('Ticket Booked!')).toBeVisible();
  const download = dialog.getByRole('link', { name: 'Download Booking' });
  const view = dialog.getByRole('link', { name: 'View Booking' });
  await expect(download).toBeVisible();
  const bookingId = /\/dashboard\/book\/(\d+)/.exec((await view.getAttribute('href')) ?? '')?.[1];
  expect(bookingId).toBeTruthy();

  // The PDF link is signed and opens without a bearer token, in a new tab (PRODUCT §4).
  const pdfUrl = new URL((await download.getAttribute('href'))!);
  const pdf = await agent.request.get(pdfUrl.pathname + pdfUrl.search);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The agent's own booking is on Hold, with normalised names.
  await view.click();
  await expect(agent).toHaveURL(new RegExp(`/dashboard/book/${bookingId}$`));
  await expect(agent.getByText('MUHAMMAD ALI').first()).toBeVisible();
  await expect(agent.getByText('Hold', { exact: true }).first()).toBeVisible();
  await agent.context().close();

  // ---- The admin confirms with a discount and a payment (000 §4-§5) ----
  const admin = await signIn(browser, 'admin@example.com', 'Admin@12345');
  await admin.goto(`/dashboard/book/${bookingId}`);
  await admin.getByRole('button', { name: `Actions for booking ${bookingId}` }).click();
  await admin.getByRole('menuitem', { name: 'Confirm Booking' }).click();
  const confirm = admin.getByRole('dialog');
  await confirm.getByRole('textbox', { name: 'Discount' }).fill('1000');
  await confirm.getByRole('textbox', { name: 'Receive Payment' }).fill('5000');
  await confirm.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(confirm).toBeHidden();
  await expect(admin.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(admin.getByText('PKR 5,000').first()).toBeVisible();

  // ---- ... then cancels it ('Ticket cancelled successfully!') ----
  await admin.getByRole('button', { name: `Actions for booking ${bookingId}` }).click();
  await admin.getByRole('menuitem', { name: 'Cancel Booking' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: /^(Yes|Confirm|Proceed)/ }).click();
  await expect(admin.getByText('Ticket cancelled successfully!')).toBeVisible();
  await expect(admin.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await admin.context().close();
});
