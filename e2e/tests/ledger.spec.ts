import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInOn as signIn } from './support.js';

/** Issue 5: a payment recorded by the admin shows in both ledgers, and both show the same balance. */

/** 'PKR 426,000' -> 426000. */
async function rupees(locator: Locator): Promise<number> {
  const text = (await locator.innerText()).replace(/[^\d-]/g, '');
  return Number(text);
}

const closingBalance = (page: Page) => page.getByRole('listitem', { name: 'Closing Balance' }).getByText(/^PKR /);

test("when the admin records a payment for an agent, then the agent's My Ledger and the admin's Agent Ledger show the same lower balance", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const agent = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();

  // ---- The demo agent's balance before (001 §2 Accounts, My Ledger) ----
  await signIn(agent, 'agent@example.com', 'Agent@12345');
  await agent.goto('/dashboard/accounts');
  await expect(agent.getByRole('heading', { name: 'My Ledger' })).toBeVisible();
  await expect(closingBalance(agent)).toBeVisible();
  const before = await rupees(closingBalance(agent));

  // ---- The admin adds a payment on the agent's partly paid booking (000 §2 Payments page, §5 Payment dialog) ----
  await signIn(admin, 'admin@example.com', 'Admin@12345');
  await admin.goto('/dashboard/payments');
  const partial = admin.getByText('Partial Pending Payments').locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
  const row = partial.getByRole('row', { name: /Al-Haram Travels/ }).first();
  await row.getByRole('button', { name: /^Actions for booking / }).click();
  await admin.getByRole('menuitem', { name: 'Add Payment' }).click();
  const dialog = admin.getByRole('dialog', { name: /^Add Payment #/ });
  await dialog.getByLabel('Received Amount').fill('25000');
  await dialog.getByLabel('Description').fill('Journey cash deposit');
  await dialog.getByRole('button', { name: 'Add Payment' }).click();
  await expect(admin.getByText('Payment added successfully!')).toBeVisible();

  // ---- Agent Ledger (admin): pick the agent by name, all records ----
  await admin.goto('/dashboard/accounts');
  await expect(admin.getByRole('heading', { name: 'Agent Ledger' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Agent' }).fill('Al-Haram');
  await admin.getByRole('option', { name: /Al-Haram Travels \(Agent-1001\)/ }).click();
  await admin.getByRole('button', { name: 'Show ledger' }).click();
  await expect(admin.getByRole('cell', { name: 'Journey cash deposit' }).first()).toBeVisible();
  const adminBalance = await rupees(closingBalance(admin));
  expect(adminBalance).toBe(before - 25_000);

  // ---- My Ledger (agent) shows the payment and the same balance ----
  await agent.reload();
  await expect(agent.getByText('Journey cash deposit')).toBeVisible();
  expect(await rupees(closingBalance(agent))).toBe(adminBalance);
});
