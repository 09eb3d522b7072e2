import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, DEMO_AGENT, signInOn } from './support.js';

// Issue 21 §3: on a laptop (1366x768) the status and the actions of every row are in view without scrolling
// sideways, however wide the rest of the table is.

async function expectInView(page: Page, cell: Locator): Promise<void> {
  await expect(cell).toBeVisible();
  const box = (await cell.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** The first data row's cell under the column `heading` (cells carry their column's name, DataTable). */
const firstRowCell = (page: Page, heading: string) => page.locator(`tbody tr:first-child td[data-label="${heading}"]`);

test('on a laptop, the admin sees status and actions of bookings and groups without scrolling sideways', async ({ page }) => {
  await signInOn(page, ADMIN.email, ADMIN.password);
  for (const [path, status, action] of [
    ['/dashboard/bookings', 'Status', 'Action'],
    ['/dashboard/groups', 'Status', 'Action'],
    ['/dashboard/groups-history', 'Status', undefined],
  ] as const) {
    await page.goto(path);
    await expectInView(page, firstRowCell(page, status));
    if (action) await expectInView(page, firstRowCell(page, action).getByRole('button').first());
  }
});

test('on a laptop, the agent sees the status and the menu of its bookings', async ({ page }) => {
  await signInOn(page, DEMO_AGENT.email, DEMO_AGENT.password);
  await page.goto('/dashboard/bookings');
  await expectInView(page, firstRowCell(page, 'Status'));
  await expectInView(page, firstRowCell(page, 'Action').getByRole('button'));
});
