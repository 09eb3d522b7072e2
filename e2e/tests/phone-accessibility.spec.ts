import { test } from '@playwright/test';
import { checkEverything, report } from './axe.js';

// Issue 21 point 12: no serious or critical axe (WCAG 2.2 AA) violation on the main pages and dialogs at 390x844.
test('axe finds no serious or critical WCAG 2.2 AA violation on the main pages and dialogs (390x844)', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const found: { where: string; text: string }[] = [];
  await checkEverything(page, '390x844', found);
  report(found, testInfo);
});
