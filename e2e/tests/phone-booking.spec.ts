import { expect, test } from '@playwright/test';
import { DEMO_AGENT, scan, signInByTaps } from './support.js';

// Issue 21 §1: on a touch phone the Title choice must work by taps, and the page must not widen.
// This file runs in the 'phone' project only (playwright.config.ts): 390x844, touch, mobile.

/** Today in Asia/Karachi as YYYY-MM-DD (the search route's date). */
const todayIso = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());

test('on a touch phone, the demo agent books one passenger by taps only', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByTaps(page, DEMO_AGENT.email, DEMO_AGENT.password);

  await page.goto(`/search/LHE/JED/${todayIso()}`);
  const book = page.getByRole('button', { name: 'Book', exact: true }).first();
  await expect(book).toBeVisible();
  await book.tap();

  const dialog = page.getByRole('dialog', { name: 'Book Ticket' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Start Booking' }).tap();
  const passenger = dialog.getByRole('group', { name: 'Adult 1' });
  await expect(passenger).toBeVisible();

  // The Title: a tap opens the choice, a tap picks 'Mr'.
  const title = passenger.getByRole('combobox', { name: 'Title' });
  await title.tap();
  await title.selectOption('Mr');
  await expect(title).toHaveValue('Mr');
  // Nothing widens the page beyond the phone's 390 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await passenger.getByRole('textbox', { name: 'First Name' }).tap();
  await page.keyboard.type('bilal');
  await passenger.getByRole('textbox', { name: 'Last Name' }).tap();
  await page.keyboard.type('ahmed');
  await passenger.getByRole('textbox', { name: 'Date of Birth' }).tap();
  await page.keyboard.type('15/03/1985');
  await passenger.getByRole('textbox', { name: 'Passport Number' }).tap();
  await page.keyboard.type('PH1234567');
  await passenger.getByRole('textbox', { name: 'Passport Expiry Date' }).tap();
  await page.keyboard.type('01/01/2035');
  await passenger.getByRole('textbox', { name: 'Passport Number' }).tap();
  await passenger.getByLabel('Passport Photo or PDF file').setInputFiles(scan('PH1234567.png'));

  await dialog.getByRole('button', { name: 'Book', exact: true }).tap();
  await expect(page.getByRole('dialog').getByText('Ticket Booked!')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
