import { beforeEach } from 'vitest';
import { liveTestApps } from './live-apps.js';

// Every test starts with empty read and session caches, as a fresh server process would (decision 009):
// a test's factories write to the database directly, which the caches cannot see.
beforeEach(() => {
  for (const app of liveTestApps) app.dataChanges.changed();
});
