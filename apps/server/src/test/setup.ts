import { beforeEach } from 'vitest';
import { setPasswordHashCost } from '../lib/password.js';
import { liveTestApps } from './live-apps.js';

// scrypt at 2^10 instead of 2^15 in tests: the same function and format, a 32nd of the work (lib/password.ts).
setPasswordHashCost(2 ** 10);

// Every test starts with empty read and session caches, as a fresh server process would (decision 009):
// a test's factories write to the database directly, which the caches cannot see.
beforeEach(() => {
  for (const app of liveTestApps) app.dataChanges.changed();
});
