import { expect, test } from '@playwright/test';
import { appStarted, DEMO_AGENT, signInOn } from './support.js';

// Issue 17 point 3 (PRODUCT §6 "Sharing fares", decision 026): the demo agent sets its markup on My Profile, copies a
// ticket card's share text on the home page and finds the fare with the markup added, signed with its agency.

const MARKUP = 1234;
const pkr = (amount: number) => `PKR ${new Intl.NumberFormat('en-PK').format(amount)}`;

test('the agent sets a markup, copies a card\'s share text and the fare carries the markup', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signInOn(page, DEMO_AGENT.email, DEMO_AGENT.password);

  await page.goto('/dashboard/my-profile');
  const markup = page.getByRole('textbox', { name: 'Markup (PKR)' });
  await markup.fill(String(MARKUP));
  await page.getByRole('button', { name: 'Save Markup' }).click();
  await expect(page.getByText('Share settings saved successfully!')).toBeVisible();

  await page.goto('/');
  await appStarted(page);
  const card = page.getByRole('article').filter({ hasText: /PKR [\d,]+/ }).first();
  const price = Number(((await card.getByText(/^PKR [\d,]+$/).first().textContent()) ?? '').replace(/\D/g, ''));
  expect(price).toBeGreaterThan(0);
  await card.getByRole('button', { name: /^Share PNR / }).click();
  const whatsapp = page.getByRole('menuitem', { name: 'Open WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  // Read before Copy: picking an item closes the menu.
  const whatsappUrl = (await whatsapp.getAttribute('href'))!;
  await page.getByRole('menuitem', { name: 'Copy' }).click();
  await expect(page.getByText('Copied')).toBeVisible();

  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toContain(`Adult fare: ${pkr(price + MARKUP)}`);
  expect(text).toMatch(/For booking:\nAl-Haram Travels\n\+92\d+$/);
  expect(text).not.toMatch(/sold|remaining|seat/i);
  expect(decodeURIComponent(whatsappUrl.slice('https://wa.me/?text='.length))).toBe(text);

  // Leave the demo agent as it was for the other journeys.
  await page.goto('/dashboard/my-profile');
  await page.getByRole('textbox', { name: 'Markup (PKR)' }).fill('0');
  await page.getByRole('button', { name: 'Save Markup' }).click();
  await expect(page.getByText('Share settings saved successfully!')).toBeVisible();
});
