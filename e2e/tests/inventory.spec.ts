import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, scan as png, signInOn } from './support.js';

/** Unique per run so the journey can run against a database that already has data. */
const tag = Date.now().toString(36).slice(-4).toUpperCase();
const AIRLINE = `Journey Air ${tag}`;
const MY_SECTOR = `Journey ${tag}`;
const PNR = `JR${tag}`;
const FROM = `Q${tag.slice(-2)}`.slice(0, 3);
const TO = `Z${tag.slice(-2)}`.slice(0, 3);
const SECTOR = `${FROM} - ${TO}`;

async function choose(page: Page, scope: Locator | Page, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Day `day` of next month. */
function nextMonthDay(day: number): Date {
  const date = new Date();
  date.setDate(1);
  date.setMonth(date.getMonth() + 1);
  date.setDate(day);
  return date;
}
const longName = (date: Date) => `${date.getDate()} ${date.toLocaleString('en-GB', { month: 'long' })} ${date.getFullYear()}`;
const shown = (date: Date) => `${String(date.getDate()).padStart(2, '0')} ${date.toLocaleString('en-GB', { month: 'short' })} ${date.getFullYear()}`;

/** Picked from the calendar (001 §5: dates use a date picker). */
async function pickDate(scope: Locator, label: string, date: Date) {
  await scope.getByRole('textbox', { name: label }).click();
  const page = scope.page();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('button', { name: longName(date), exact: true }).click();
}

/** Typed, then left with Tab (issue 21 §9: typed as well as picked). */
async function typeInto(field: Locator, text: string) {
  await field.fill(text);
  await field.press('Tab');
}

/**
 * One trip: the first one's departure picked, the others' typed as people write them; each arrival date is
 * left to its default (the departure's day, issue 21 §9) and checked; times typed on either clock.
 */
async function fillTrip(trip: Locator, { date, typed, flight }: { date: Date; typed?: string; flight: string }) {
  await choose(trip.page(), trip, /Sector/, SECTOR);
  await trip.getByLabel(/Flight Number/).fill(flight);
  if (typed) await typeInto(trip.getByRole('textbox', { name: 'Departure Date' }), typed);
  else await pickDate(trip, 'Departure Date', date);
  await expect(trip.getByRole('textbox', { name: 'Departure Date' })).toHaveValue(shown(date));
  await trip.getByLabel(/Departure Airport Name/).fill('allama iqbal intl');
  await typeInto(trip.getByRole('combobox', { name: 'Departure Time' }), '3:00 am');
  await expect(trip.getByRole('combobox', { name: 'Departure Time' })).toHaveValue('03:00');
  await expect(trip.getByRole('textbox', { name: 'Arrival Date' })).toHaveValue(shown(date));
  await trip.getByLabel(/Arrival Airport Name/).fill('dubai intl');
  await typeInto(trip.getByRole('combobox', { name: 'Arrival Time' }), '0530');
}

test('when the admin adds an airline, a sector, a my sector and a round-trip via group, then it can be closed and found in Groups History', async ({
  page,
}) => {
  // Four forms and a four-trip group: longer than the default minute on a busy 2-core machine.
  test.setTimeout(180_000);
  await signInOn(page, ADMIN.email, ADMIN.password);

  // Airline with a logo (001 §2 Airlines).
  await page.goto('/dashboard/airlines');
  await page.getByRole('button', { name: 'Add New Airline' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add New Airline' });
  await dialog.getByLabel(/Full Name/).fill(AIRLINE);
  await dialog.getByLabel(/Short Name/).fill(`J${tag}`);
  await dialog.getByLabel('Logo file').setInputFiles(png('logo.png'));
  await expect(dialog.getByAltText('Logo preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Airline added successfully!')).toBeVisible();
  await expect(page.getByRole('cell', { name: AIRLINE, exact: true })).toBeVisible();

  // Sector typed in lower case shows upper case (001 §5).
  await page.goto('/dashboard/sectors');
  await page.getByRole('button', { name: 'Add New sector' }).click();
  dialog = page.getByRole('dialog', { name: 'Add New sector' });
  await dialog.getByLabel(/From Sector/).pressSequentially(FROM.toLowerCase());
  await dialog.getByLabel(/From City/).pressSequentially('lahore');
  await dialog.getByLabel(/To Sector/).pressSequentially(TO.toLowerCase());
  await dialog.getByLabel(/To City/).pressSequentially('dubai');
  await expect(dialog.getByLabel(/From Sector/)).toHaveValue(FROM);
  await expect(dialog.getByLabel('Sector Name')).toHaveValue(SECTOR);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sector added successfully!')).toBeVisible();
  await expect(page.getByRole('cell', { name: SECTOR, exact: true })).toBeVisible();

  // My sector with an image.
  await page.goto('/dashboard/my-sectors');
  await page.getByRole('button', { name: 'Add My Sector' }).click();
  dialog = page.getByRole('dialog', { name: 'Add My Sector' });
  await dialog.getByLabel(/Short Name/).fill(MY_SECTOR);
  await dialog.getByLabel('Image file').setInputFiles(png('sector.png'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('My sector added successfully!')).toBeVisible();
  await expect(page.getByRole('cell', { name: MY_SECTOR, exact: true })).toBeVisible();

  // Round-trip via group: four trip blocks (001 §2).
  await page.goto('/dashboard/groups');
  await page.getByRole('link', { name: 'Add New Group' }).click();
  await expect(page).toHaveURL(/\/dashboard\/addnewgroup$/);
  await choose(page, page, /Airline/, AIRLINE);
  await choose(page, page, /My Sector/, MY_SECTOR);
  await page.getByLabel(/^PNR/).fill(PNR);
  await page.getByLabel(/Tickets We Have/).fill('40');
  await page.getByLabel(/Total Tickets/).fill('30');
  await page.getByLabel(/^Fare/).fill('145000');
  await page.getByLabel(/Infant Fare/).fill('35000');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('radio', { name: 'Round Trip' }).check();
  await page.getByRole('radio', { name: 'Via' }).check();
  const trips = page.getByRole('group', { name: /^Trip / });
  await expect(trips).toHaveCount(4);

  const a1 = trips.nth(0);
  await a1.getByLabel(/Baggage/).fill('30');
  await a1.getByLabel(/Hand Carry/).fill('7');
  // Copied to the paired trips.
  await expect(trips.nth(1).getByLabel(/Baggage/)).toHaveValue('30');
  await expect(trips.nth(3).getByLabel(/Hand Carry/)).toHaveValue('7');

  const [day10, day11, day20, day21] = [10, 11, 20, 21].map(nextMonthDay) as [Date, Date, Date, Date];
  await fillTrip(a1, { date: day10, flight: 'pk 201' });
  // Later trips start on the day before them until given their own (issue 21 §9).
  await expect(trips.nth(3).getByRole('textbox', { name: 'Departure Date' })).toHaveValue(shown(day10));
  const numeric = (date: Date) => `${date.getDate()}/${date.getMonth() + 1}/${date.getFullYear()}`;
  await fillTrip(trips.nth(1), { date: day11, typed: numeric(day11), flight: 'pk 202' });
  await fillTrip(trips.nth(2), { date: day20, typed: shown(day20), flight: 'pk 203' });
  await fillTrip(trips.nth(3), { date: day21, typed: numeric(day21).replaceAll('/', '-'), flight: 'pk 204' });
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Group added successfully!')).toBeVisible();
  // The list opens with the new group in view and marked (issue 21 §9).
  await expect(page).toHaveURL(/\/dashboard\/groups\?saved=\d+$/);
  const saved = page.getByRole('row', { name: new RegExp(PNR) });
  await expect(saved).toBeInViewport();
  await expect(saved.getByText('Saved', { exact: true })).toBeVisible();

  // Seen in Groups, then closed after the confirmation.
  await page.getByLabel('Search by PNR').fill(PNR);
  const row = page.getByRole('row', { name: new RegExp(PNR) });
  await expect(row).toBeVisible();
  await expect(row.getByText('PKR 145,000')).toBeVisible();
  await expect(row.getByText('Open')).toBeVisible();
  await row.getByRole('button', { name: 'Close Group' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('This action can not be undo. Are you sure to proceed this?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Group closed successfully!')).toBeVisible();
  // The list refreshes 2 s later: the closed group leaves the open list.
  await expect(page.getByText('No Group Found')).toBeVisible();

  // Found in Groups History.
  await page.goto('/dashboard/groups-history');
  await page.getByLabel('Search by PNR').fill(PNR);
  const closedRow = page.getByRole('row', { name: new RegExp(PNR) });
  await expect(closedRow).toBeVisible();
  await expect(closedRow.getByText('Closed')).toBeVisible();
});
