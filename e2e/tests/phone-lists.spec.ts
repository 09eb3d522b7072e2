import { expect, test } from '@playwright/test';
import { DEMO_AGENT, signInByTaps } from './support.js';

// Issue 21 §3: on a phone (390x844, 'phone' project) lists are cards: the status, the hold's expiry, the amounts
// and the actions are visible without swiping, ledgers included.

test('on a phone, the agent reads its bookings and its ledger as cards, nothing to swipe', async ({ page }) => {
  await signInByTaps(page, DEMO_AGENT.email, DEMO_AGENT.password);

  await page.goto('/dashboard/bookings');
  const card = page.locator('tbody tr').first();
  for (const label of ['PNR', 'Status', 'Action']) {
    const cell = card.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeInViewport();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // A hold shows until when it is kept, inside the card.
  await expect(page.locator('tbody td[data-label="Status"]').filter({ hasText: 'HOLD' }).first()).toContainText('Ex.');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await card.locator('td[data-label="Action"]').getByRole('button').tap();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/accounts');
  const ledger = page.getByRole('table', { name: 'Ledger' });
  await expect(ledger.locator('tbody td[data-label="Balance"]').first()).toBeInViewport();
  const amount = ledger.locator('tbody tr').nth(1).locator('td[data-label="Debit"], td[data-label="Credit"]').first();
  await expect(amount).toContainText('PKR');
  expect((await amount.boundingBox())!.x + (await amount.boundingBox())!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
