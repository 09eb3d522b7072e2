import { test } from '@playwright/test';
import { checkAdmin, checkAgent, checkPublic, type Found, report } from './axe.js';

// Issue 21 point 12 (decision 020): no serious or critical axe (WCAG 2.2 AA) violation on the main pages and
// dialogs at 1366x768, and the keyboard reaches the password toggle and keeps focus in the Book Ticket dialog.
const SIZE = '1366x768';
for (const [name, check] of [
  ['public pages', checkPublic],
  ['administrator pages and dialogs', checkAdmin],
  ['agent pages and the Book Ticket dialog', checkAgent],
] as const) {
  test(`axe: no serious or critical WCAG 2.2 AA violation on the ${name} (${SIZE})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const found: Found[] = [];
    await check(page, SIZE, found);
    report(found, testInfo);
  });
}
