import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN, appStarted, scan, signIn } from './support.js';

/** Issue 7: the public pages on a phone, the copy toast, the sitemap, and a new banner in the dashboard carousel. */

test('on a phone, a visitor uses the menu to reach Contact, Bank Accounts (copy) and Updates, and downloads the sitemap', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Search Group Tickets' })).toBeVisible();
  await appStarted(page);

  // The off-canvas menu (000 §2) leads to Contact Us: +92 call and WhatsApp links with a prefilled message.
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contactus$/);
  await expect(page).toHaveTitle(/Contact/);
  const call = page.locator('a[href^="tel:+92"]').first();
  await expect(call).toBeVisible();
  await expect(page.locator('a[href^="https://wa.me/92"][href*="?text="]').first()).toBeVisible();

  // Bank Accounts Details: 8 banks; clicking an IBAN copies it and says 'Copied' (000 §1).
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Bank Accounts' }).click();
  await expect(page).toHaveURL(/\/bankaccounts$/);
  await expect(page.getByRole('article')).toHaveCount(8);
  const iban = page.getByRole('article').first().getByRole('button', { name: /\(copy iban\)$/ });
  const ibanText = (await iban.getAttribute('aria-label'))!.replace(/ \(copy iban\)$/, '');
  await iban.click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ibanText);

  await page.goto('/updates');
  await expect(page.getByText('coming soon....')).toBeVisible();

  // /download-sitemap: a sitemap.xml of the 15 paths (001 §2).
  await page.goto('/download-sitemap');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download sitemap.xml' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sitemap.xml');
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml.match(/<loc>/g)).toHaveLength(15);
  expect(xml).toContain('<loc>http://127.0.0.1:');
  await context.close();
});

test('when the admin adds a banner on Promotion, then it appears in the dashboard carousel', async ({ browser }) => {
  test.setTimeout(120_000);
  const name = `Hajj Early Bird ${Date.now().toString(36).slice(-4)}`;
  const admin = await signIn(browser, ADMIN.email, ADMIN.password);
  await admin.goto('/dashboard/promotion');
  await expect(admin.getByRole('heading', { name: 'All Banners' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Banner' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Select Button' }).click();
  await admin.getByRole('option').first().click();
  await dialog.getByLabel('Image file').setInputFiles(scan('hajj.png'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('added successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('row').filter({ hasText: name })).toBeVisible();

  await admin.goto('/dashboard');
  const carousel = admin.getByRole('region', { name: 'Promotions' }).or(admin.getByLabel('Promotions'));
  await expect(carousel.getByRole('img', { name, exact: true })).toBeAttached();
  await admin.context().close();
});
