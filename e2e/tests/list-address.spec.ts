import { expect, test } from '@playwright/test';
import { ADMIN, DEMO_AGENT, signIn } from './support.js';

// Issue 21 §7, §8 (decision 022): a list's search and page live in the address, so Back from a row's page returns
// to the same filtered list; Agents Balance rows open the agent's ledger, and Back returns to the balances.

test("when an agent searches its bookings by a passenger's name and opens one, then Back returns to the filtered list", async ({ browser }) => {
  const page = await signIn(browser, DEMO_AGENT.email, DEMO_AGENT.password);
  await page.goto('/dashboard/bookings');
  const firstName = page.locator('tbody tr:first-child td[data-label="Pse. Name"] p').first();
  await expect(firstName).toBeVisible();
  // 'Mr ALI KHAN' -> 'ALI KHAN': the passenger's names without the title.
  const name = (await firstName.innerText()).trim().split(/\s+/).slice(1).join(' ');
  const id = (await page.locator('tbody tr:first-child td[data-label="Id"]').innerText()).trim();

  const search = page.getByRole('search', { name: 'Search bookings' });
  await search.getByRole('combobox', { name: 'Search By' }).click();
  await page.getByRole('option', { name: 'Passenger Name' }).click();
  await search.getByRole('textbox', { name: 'Passenger Name' }).fill(name.toLowerCase());
  // The list keeps the unfiltered rows on screen until the filtered answer arrives (lib/paged-list.ts), so the rows
  // to compare are the answer's own, once they show.
  const answer = page.waitForResponse((response) => response.url().includes('/api/agnetlistofbookings?') && response.url().includes('passenger_name=') && response.ok());
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/bookings\\?passenger_name=${encodeURIComponent(name.toLowerCase()).replace(/%20/g, '\\+')}$`));
  const shown = ((await (await answer).json()) as { data: Array<{ id: number }> }).data.map((booking) => String(booking.id));
  expect(shown).toContain(id);
  await expect.poll(() => page.locator('tbody td[data-label="Id"]').allInnerTexts()).toEqual(shown);
  await expect(page.locator('tbody td[data-label="Pse. Name"]').first()).toContainText(name);

  await page.getByRole('button', { name: `Actions for booking ${id}` }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/book/${id}$`));

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/bookings\?passenger_name=/);
  await expect(search.getByRole('textbox', { name: 'Passenger Name' })).toHaveValue(name.toLowerCase());
  await expect.poll(() => page.locator('tbody td[data-label="Id"]').allInnerTexts()).toEqual(shown);
});

test("when the admin clicks an agent on Agents Balance, then that agent's ledger opens, and Back returns to the balances", async ({ browser }) => {
  const page = await signIn(browser, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/agents-blnc');
  const agentLink = page.getByRole('link', { name: /^Ledger of / }).first();
  await expect(agentLink).toBeVisible();
  const agentId = (await page.locator('tbody tr:first-child td[data-label="Agent Id"]').innerText()).trim();
  const balance = (await page.locator('tbody tr:first-child td[data-label="Balance"]').innerText()).trim();

  await page.locator('tbody tr:first-child td[data-label="Last Paid"]').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/accounts\\?agent_id=${agentId.replace('Agent-', '')}$`));
  await expect(page.getByRole('heading', { name: 'Agent Ledger' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue(new RegExp(`\\(${agentId}\\)$`));
  // The Balance Report equals the ledger's closing balance (PRODUCT §4).
  await expect(page.getByRole('listitem', { name: 'Closing Balance' }).getByText(/^PKR /)).toHaveText(balance);
  await expect(page.getByRole('button', { name: 'Show ledger' })).toBeEnabled();

  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/agents-blnc$/);
  await expect(page.getByRole('heading', { name: 'Balance Report' })).toBeVisible();
});
