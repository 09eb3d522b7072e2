import { expect, test, type Page } from '@playwright/test';

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

// The dashboard's banner popup (000 §4) would cover the shell these journeys look at.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('banner_popup_hidden', '1'));
});

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
}

test('when the admin signs in from the home page, then the admin shell shows and logging out returns to sign-in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Search Group Tickets' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, 'admin@example.com', 'Admin@12345');

  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByText('Management')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /Airlines/ })).toBeVisible();
  await expect(page.getByPlaceholder('Search by email , PNR')).toBeVisible();
  const session = await page.evaluate(() => JSON.parse(window.localStorage.getItem('token') ?? 'null'));
  expect(session).toMatchObject({ role: 'admin', email: 'admin@example.com' });

  await logOut(page);
  // The revoked token no longer opens the dashboard.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/signin$/);
});

test('when the demo agent signs in, then the agent shell shows without the Management section', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'agent@example.com', 'Agent@12345');

  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('button', { name: /Accounts/ }).click();
  await expect(sidebar.getByRole('link', { name: /My Ledger/ })).toBeVisible();
  await expect(sidebar.getByText('Management')).toHaveCount(0);

  await logOut(page);
});

test('when the password is wrong, then the server message shows and no session is stored', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'admin@example.com', 'not-the-password');

  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
});

test('when an unknown path is opened, then the not-found page links to Login and Home Page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Sorry! Page Not Found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signin');
  await expect(page.getByRole('link', { name: 'Home Page' })).toHaveAttribute('href', '/');
});
