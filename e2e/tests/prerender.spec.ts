import { expect, test } from '@playwright/test';

/** Decision 012: `/` and `/signin` arrive as HTML the browser paints before the app's code runs. */

test('when / and /signin are fetched, then their HTML already holds the page, and the app adopts it without errors', async ({ page, request }) => {
  const home = await (await request.get('/')).text();
  expect(home).toContain('data-prerendered="/"');
  expect(home).toContain('Airline group tickets, booked in minutes');
  expect(home).toContain('Search Group Tickets');
  const signin = await (await request.get('/signin')).text();
  expect(signin).toContain('data-prerendered="/signin"');
  expect(signin).toContain('Welcome back. Sign in to your agency portal.');
  // Any other page still starts from the plain shell.
  expect(await (await request.get('/dashboard')).text()).not.toContain('data-prerendered');

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    // Skip the first visit's version reload (000 §4) so the node kept below is the one the browser parsed.
    window.localStorage.setItem('version', '1.0');
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('#root h1');
    });
  });
  await page.goto('/');
  await page.locator('html[data-app="started"]').waitFor({ state: 'attached' });
  await expect(page.getByRole('heading', { name: 'Available Sectors' })).toBeVisible();
  // Hydrated, not painted again: the heading the browser parsed is still the one on the page.
  expect(await page.evaluate(() => (window as unknown as { parsedHeading: Element | null }).parsedHeading?.isConnected)).toBe(true);
  expect(problems).toEqual([]);
});

test('when a visitor types and presses Log In before the app has loaded, then nothing lands in the address and the sign-in goes through once it runs', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('version', '1.0'));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's entry script is held back: the visitor works on the prerendered form alone.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signin', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Admin@12345');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForTimeout(300);
  expect(page.url()).not.toContain('Admin');
  expect(page.url()).toMatch(/\/signin$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('admin@example.com');

  release();
  // The held Log In is sent with what was typed: no second press needed.
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('token') ?? 'null'))).toMatchObject({ email: 'admin@example.com' });
});
