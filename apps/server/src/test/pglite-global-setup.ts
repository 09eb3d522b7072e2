import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPgliteTemplate } from '../db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated in-memory PGlite database, which each test file starts from. */
    pgliteTemplate: string;
  }
}

/**
 * Runs once per `pglite` project run: migrates one in-memory PGlite database and dumps it, so that each test
 * file loads that dump (about a second) instead of running initdb and the migrations again (several seconds
 * and a few hundred MB on this machine).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, await createPgliteTemplate());
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
