import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { canReachPostgres, describeUrl, testDatabaseUrl } from './src/test/postgres.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const contractSrc = path.resolve(here, '../../packages/contract/src');

/**
 * Two projects run the same test files (PRODUCT §1: "The same test suite runs on both"):
 * `pglite` on an in-memory PGlite per file (loaded from a migrated dump), `postgres` on a fresh database per file on TEST_DATABASE_URL.
 * Without a reachable PostgreSQL the postgres project is skipped with a notice, except under CI=true,
 * where it runs and fails with the reason.
 */
export default defineConfig(async () => {
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: 'pglite', env: { TEST_DB: 'pglite' }, globalSetup: ['src/test/pglite-global-setup.ts'] } },
  ];
  const reach = await canReachPostgres();
  if (reach.ok || process.env.CI === 'true') {
    projects.push({
      extends: true,
      test: { name: 'postgres', env: { TEST_DB: 'postgres' }, globalSetup: ['src/test/postgres-global-setup.ts'] },
    });
  } else if (!process.env.PORTAL_PG_NOTICE_SHOWN) {
    // Vitest may evaluate this file more than once per run; one notice is enough.
    process.env.PORTAL_PG_NOTICE_SHOWN = '1';
    console.warn(
      `\n[vitest] NOTICE: PostgreSQL at ${describeUrl(testDatabaseUrl())} is unreachable (${reach.reason}); ` +
        'the postgres project is SKIPPED. Set TEST_DATABASE_URL or start PostgreSQL to run it.\n',
    );
  }

  return {
    resolve: {
      // Tests run the contract from source; the build uses its compiled dist.
      alias: [{ find: /^@portal\/contract\/(.*)$/, replacement: `${contractSrc}/$1.ts` }],
    },
    test: {
      include: ['src/**/*.test.ts'],
      setupFiles: ['src/test/setup.ts'],
      environment: 'node',
      // scrypt hashes (32 MiB each) and database start-up make the first requests of a file slow.
      testTimeout: 30_000,
      // Test files share their worker's module cache instead of importing the whole app again each: every file
      // already builds its own app on its own database (test/helpers.ts), and the re-imports were about a
      // quarter of the suite's time (issue 16: the suite ends within 20 minutes).
      isolate: false,
      hookTimeout: 60_000,
      projects,
    },
  };
});
