import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_AGENT, appStarted, scan } from './support.js';

/** The page is as wide as the phone: nothing pushed it wider (a wider page makes the phone zoom out). */
async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Types a date as a phone user does: tap the field, type, tap the next field. */
async function typeDate(field: Locator, next: Locator, value: string): Promise<void> {
  await field.tap();
  await field.fill(value);
  await next.tap();
}

test('on a touch phone, an agent books a passenger by taps only (issue 21)', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.localStorage.setItem('banner_popup_hidden', '1'));
  await page.goto('/signin');
  await appStarted(page);
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_AGENT.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_AGENT.password);
  await page.getByRole('button', { name: /^Log ?in$/i }).tap();
  await expect(page).toHaveURL(/\/dashboard$/);

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
  await page.goto(`/search/LHE/JED/${today}`);
  await page.getByRole('main').getByRole('button', { name: 'Book', exact: true }).first().tap();
  const dialog = page.getByRole('dialog', { name: 'Book Ticket' });
  await dialog.getByRole('button', { name: 'Start Booking' }).tap();

  const passenger = dialog.getByRole('group', { name: 'Adult 1' });
  const title = passenger.getByRole('combobox', { name: 'Title' });
  await title.tap();
  await expectNoSideways(page);
  // The phone's own picker: choosing in it is what selectOption does.
  await title.selectOption('Mr');
  await expect(title).toHaveValue('Mr');
  await expectNoSideways(page);

  await passenger.getByRole('textbox', { name: 'First Name' }).tap();
  await passenger.getByRole('textbox', { name: 'First Name' }).fill('imran');
  await passenger.getByRole('textbox', { name: 'Last Name' }).tap();
  await passenger.getByRole('textbox', { name: 'Last Name' }).fill('qureshi');
  const passport = passenger.getByRole('textbox', { name: 'Passport Number' });
  await typeDate(passenger.getByRole('textbox', { name: 'Date of Birth' }), passport, '12/04/1979');
  await passport.fill('PK7654321');
  await typeDate(passenger.getByRole('textbox', { name: 'Passport Expiry Date' }), passenger.getByRole('textbox', { name: 'First Name' }), '01/01/2035');
  await passenger.getByLabel('Passport Photo or PDF file').setInputFiles(scan('PK7654321.png'));
  await expectNoSideways(page);

  await dialog.getByRole('button', { name: 'Book', exact: true }).tap();
  await expect(page.getByRole('dialog').getByText('Ticket Booked!')).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: 'View Booking' }).tap();
  await expect(page).toHaveURL(/\/dashboard\/book\/\d+$/);
  await expect(page.getByText('IMRAN').first()).toBeVisible();
  await expect(page.getByText('Hold', { exact: true }).first()).toBeVisible();
});
