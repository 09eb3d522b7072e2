import { expect, type Browser, type Locator, type Page } from '@playwright/test';

// Steps several journeys share: signing in, the passenger form of the Book Ticket dialog, dates.

export const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' } as const;
export const DEMO_AGENT = { email: 'agent@example.com', password: 'Agent@12345' } as const;

/** A 1x1 PNG: passes the server's content check of passport scans (PRODUCT §4). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const scan = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

/**
 * Waits until the app runs on the page. `/` and `/signin` are painted from prerendered HTML first (decision 012):
 * links and forms work before that, but a click on a button of the app's own (a menu, a picker) is not seen.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
}

/** Today in Asia/Karachi, as the date picker names its day buttons ('23 November 2026'). */
export function todayLabel(): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: 'numeric', month: 'long', year: 'numeric' });
  return parts.format(new Date());
}

let devices = 0;
/**
 * Each signed-in journey is its own device: a client address of its own in X-Forwarded-For (the journeys' server
 * trusts loopback, e2e/server.mjs). The per-IP-and-address sign-in limit (10 in 15 minutes, decision 018) is a
 * person's, and a full run signs the administrator in more often than that; sign-in.spec.ts's own attempts keep
 * the project's address.
 */
async function asNewDevice(page: Page): Promise<void> {
  devices += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.21.${process.pid % 250}.${(devices % 250) + 1}` });
}

/** Signs in on /signin and waits for the dashboard. */
export async function signInOn(page: Page, email: string, password: string): Promise<void> {
  await asNewDevice(page);
  // The dashboard's banner popup (000 §4) is not what these journeys are about: hide it for good.
  await page.addInitScript(() => window.localStorage.setItem('banner_popup_hidden', '1'));
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /^Log ?in$/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs in on /signin by taps (touch phones, the 'phone' project) and waits for the dashboard. */
export async function signInByTaps(page: Page, email: string, password: string): Promise<void> {
  await asNewDevice(page);
  await page.addInitScript(() => window.localStorage.setItem('banner_popup_hidden', '1'));
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /^Log ?in$/i }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A new browser context at 1366x768, signed in. */
export async function signIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInOn(page, email, password);
  return page;
}

/** Fills one passenger block of the Book Ticket dialog (000 §5). */
export async function fillPassenger(
  passenger: Locator,
  { title, first, last, dob, passport }: { title: string; first: string; last: string; dob: string; passport: string },
): Promise<void> {
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

/** Fills a 'Search Group Tickets' form with `from`, `to` and today, and presses Search (000 §2). */
export async function searchWith(form: Locator, from: string, to: string): Promise<void> {
  const page = form.page();
  await form.getByRole('textbox', { name: 'Departure' }).fill(from);
  await form.getByRole('textbox', { name: 'Arrival' }).fill(to);
  // The calendar hydrates when its code has arrived (decision 012); a click before that is not seen.
  await expect(async () => {
    await form.getByRole('button', { name: 'Date' }).click();
    await expect(page.getByRole('button', { name: todayLabel(), exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await page.getByRole('button', { name: todayLabel(), exact: true }).click();
  await form.getByRole('button', { name: 'Search' }).click();
}

/** From the home page, searches `from` to `to` from today and waits for the results route (000 §2). */
export async function searchFromHome(page: Page, from: string, to: string): Promise<void> {
  await page.goto('/');
  await appStarted(page);
  await searchWith(page.getByRole('form', { name: 'Search Group Tickets' }), from, to);
  await expect(page).toHaveURL(new RegExp(`/search/${from}/${to}/\\d{4}-\\d{2}-\\d{2}$`));
}

/** The passenger counts typed in the Book Ticket dialog; a count left out keeps the dialog's default. */
export type PassengerCounts = { Adults?: number; Children?: number; Infants?: number };

/**
 * From the home page, searches `from` to `to` from today, opens Book Ticket on the first bookable row, types the
 * counts and presses Start Booking (000 §2, §4-§5); answers the dialog. `beforeBook` looks at the bookable rows
 * of the results first.
 */
export async function startBookingFromHome(
  page: Page,
  from: string,
  to: string,
  counts: PassengerCounts,
  beforeBook?: (rows: Locator) => Promise<void>,
): Promise<Locator> {
  await searchFromHome(page, from, to);
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Book' }) });
  await beforeBook?.(rows);
  await rows.first().getByRole('button', { name: 'Book' }).click();
  const dialog = page.getByRole('dialog');
  for (const [name, count] of Object.entries(counts)) {
    await dialog.getByRole('textbox', { name }).fill(String(count));
  }
  await dialog.getByRole('button', { name: 'Start Booking' }).click();
  return dialog;
}
