// Starts the built portal for the browser journeys: a fresh embedded database with demo data
// in a temporary DATA_DIR, removed when the run ends.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The journeys read the e-mails the portal writes under DATA_DIR/mail (no SMTP_URL), so the directory is
// known to them: E2E_DATA_DIR from playwright.config.ts, emptied first.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${process.env.E2E_PORT ?? '8181'}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const { args: nodeArgs, env: nodeEnv } = JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: {
    ...nodeEnv,
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    DATABASE_URL: '',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Admin@12345',
    LOG_LEVEL: 'warn',
    // The journeys' browsers sit "behind" loopback: each project names its own client address in
    // X-Forwarded-For (playwright.config.ts), so the desktop and the phone journeys are two clients for the
    // per-IP sign-in limits, as two devices would be (the admin signs in more than 10 times in a full run).
    TRUST_PROXY: '127.0.0.1',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
