#!/usr/bin/env node
// `npm run backup` and `npm run restore FILE`: run the built server's backup command (apps/server/src/ops,
// decision 019). Builds nothing: a backup should not wait for a build, and the running server's build is the
// one to use.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/ops/backup-main.js');
if (!existsSync(entry)) {
  process.stderr.write('The server is not built (apps/server/dist is missing): run `npm run build` first.\n');
  process.exit(1);
}
const child = spawn(process.execPath, [entry, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
