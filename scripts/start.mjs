#!/usr/bin/env node
// `npm start`: build what is missing, then run the server (SPA + API on http://localhost:8080).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// The server's Node.js options (memory over a little speed, source maps): apps/server/node-args.json.
const { args: nodeArgs, env: nodeEnv } = JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8'));
const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: { ...nodeEnv, ...process.env },
});
// The server closes its database on these signals; pass them on and leave with its exit code.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
