import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** Journeys run against the built app (npm test builds it first) in Debian's Chromium. */
const port = Number(process.env.E2E_PORT ?? 8181);
/** The server's DATA_DIR; journeys read its mail/*.eml (see tests/mailbox.ts). Set here so workers see it too. */
const e2eDataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${port}`);
process.env.E2E_DATA_DIR = e2eDataDir;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // The machine's network is closed: keep Chromium from calling home (env/machines/node-svc.md).
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /phone-.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 }, extraHTTPHeaders: { 'x-forwarded-for': '10.20.0.1' } },
    },
    // A touch phone (issue 21 §1): Pixel 7's touch, mobile and user agent at 390x844; its journeys only.
    {
      name: 'phone',
      testMatch: /phone-.*\.spec\.ts/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, extraHTTPHeaders: { 'x-forwarded-for': '10.20.0.2' } },
    },
  ],
  webServer: {
    command: 'node server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(port), E2E_DATA_DIR: e2eDataDir },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
