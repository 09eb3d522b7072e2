import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO_AGENT, searchWith, signInOn } from './support.js';

// Issue 21 points 4 and 5 (decision 023): the header search finds PNRs and bookings for admins and agents (an agent
// only its own bookings), agents search route, date and airline inside the dashboard, and the admin dashboard shows
// what waits: holds by expiry, pending agents, payments due, each line opening its booking or agent.

/** The PNR a dashboard row starts with (its first line). */
async function pnrOf(row: ReturnType<Page['getByRole']>): Promise<string> {
  return ((await row.locator('p').first().textContent()) ?? '').trim();
}

/** A hold of another agent than the demo agent (Al-Haram Travels), read from the admin's On Hold list. */
let otherAgentsHoldPnr: string | undefined;
let otherAgentsHoldId: string | undefined;

test.describe.serial('search and what waits', () => {
  test('the admin sees what waits, each line opens its booking or agent, and the header search finds a PNR', async ({ page }) => {
    await signInOn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();

    const holds = page.getByRole('region', { name: 'On Hold' });
    const holdRows = holds.getByRole('listitem');
    await expect(holdRows.first()).toContainText(/min left/);
    for (const row of await holdRows.all()) {
      if ((await row.textContent())?.includes('Al-Haram Travels')) continue;
      otherAgentsHoldPnr = await pnrOf(row);
      otherAgentsHoldId = /\/dashboard\/book\/(\d+)$/.exec((await row.getByRole('link').getAttribute('href')) ?? '')?.[1];
    }
    expect(otherAgentsHoldPnr).toBeDefined();
    expect(otherAgentsHoldId).toBeDefined();
    await expect(holds.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/dashboard/bookings?status=hold');
    const holdPnr = await pnrOf(holdRows.first());
    await holdRows.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/book\/\d+$/);
    await expect(page.getByText(holdPnr).first()).toBeVisible();

    await page.goBack();
    const agents = page.getByRole('region', { name: 'Pending Agents' });
    const agentRow = agents.getByRole('listitem').first();
    await expect(agentRow).toContainText('waiting');
    await agentRow.getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard\/search\/.+/);
    await expect(page.getByRole('region', { name: 'Agents results' }).getByText('pending')).toBeVisible();

    await page.goto('/dashboard');
    const due = page.getByRole('region', { name: 'Payments Due' });
    await expect(due.getByRole('listitem').first()).toContainText(/Fl(ies|ew) /);
    await expect(due.getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/dashboard/pendingbookings');

    // The header box finds the PNR: its group opens the PNR page, its booking opens the booking.
    const box = page.getByPlaceholder('Search by email , PNR');
    await box.fill(holdPnr.toLowerCase());
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/dashboard/search/${holdPnr.toLowerCase()}$`));
    const groups = page.getByRole('region', { name: 'Groups by PNR results' });
    await expect(page.getByRole('region', { name: 'Bookings results' }).getByRole('link', { name: /^Booking \d+$/ }).first()).toBeVisible();
    await groups.getByRole('link', { name: holdPnr }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/pnr/${holdPnr}$`));
  });

  test("the agent finds its own booking by PNR, never another agent's, and searches flights sorted by price", async ({ page }) => {
    await signInOn(page, DEMO_AGENT.email, DEMO_AGENT.password);
    const box = page.getByPlaceholder('Search by email , PNR');

    // Another agent's hold: the group may show (it is on offer), its booking never does (the agent's own bookings on
    // the same PNR may: earlier journeys book on the demo groups).
    await box.fill(otherAgentsHoldPnr!);
    await box.press('Enter');
    await expect(page.getByText(`Results for “${otherAgentsHoldPnr}”`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Groups by PNR results' }).or(page.getByText('Nothing found'))).toBeVisible();
    await expect(page.getByRole('link', { name: `Booking ${otherAgentsHoldId}`, exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Agents results' })).toHaveCount(0);

    // Its own booking is found by its PNR and opens the booking.
    await page.goto('/dashboard/bookings');
    const ownPnr = (await page.locator('tbody tr:first-child td[data-label="PNR"]').textContent())!.trim();
    await box.fill(ownPnr);
    await box.press('Enter');
    const bookings = page.getByRole('region', { name: 'Bookings results' });
    await expect(bookings.getByRole('link', { name: /^Booking \d+$/ }).first()).toBeVisible();
    await expect(bookings.locator('td[data-label="PNR"]').first()).toHaveText(ownPnr);

    // The dashboard's own search: route and date, then cheapest first.
    await page.goto('/dashboard');
    const form = page.getByRole('region', { name: 'Search Flights' }).getByRole('form', { name: 'Search Group Tickets' });
    await searchWith(form, 'LHE', 'JED');
    await expect(page).toHaveURL(/\/dashboard\/flights\?departure=LHE&arrival=JED&date=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.getByText('Price', { exact: true }).click();
    await expect(page).toHaveURL(/sort=price$/);
    await expect(async () => {
      const prices = await page.getByRole('article').evaluateAll((cards) =>
        cards.map((card) => Number(/PKR ([\d,]+)/.exec(card.textContent ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN)),
      );
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    }).toPass();
  });
});
