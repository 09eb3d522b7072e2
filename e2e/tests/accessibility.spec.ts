import { test } from '@playwright/test';
import { checkEverything, report } from './axe.js';

// Issue 21 point 12: no serious or critical axe (WCAG 2.2 AA) violation on the main pages and dialogs at 1366x768.
test('axe finds no serious or critical WCAG 2.2 AA violation on the main pages and dialogs (1366x768)', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const found: { where: string; text: string }[] = [];
  await checkEverything(page, '1366x768', found);
  report(found, testInfo);
});
