#!/usr/bin/env node
// Builds what is missing or out of date: the contract and the server with `tsc -b` (incremental),
// the web app with Vite when its sources are newer than its last build. `--force` rebuilds all.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { prerender } from './prerender.mjs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`\nbuild failed: ${command} ${args.join(' ')}\n`);
    process.exit(result.status ?? 1);
  }
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** A package's bin file as the given workspace resolves it (npm may install it below the workspace). */
function bin(workspaceDir, pkg, file) {
  const manifest = createRequire(path.join(workspaceDir, 'package.json')).resolve(`${pkg}/package.json`);
  return path.join(path.dirname(manifest), file);
}

const tscBin = bin(root, 'typescript', 'bin/tsc');
run(process.execPath, [tscBin, '-b', ...(force ? ['--force'] : []), 'apps/server']);

const webDir = path.join(root, 'apps/web');
const webBuilt = path.join(webDir, 'dist/index.html');
const webSources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => path.join(webDir, p));
const sourcesTime = Math.max(
  ...webSources.map(newestMtime),
  newestMtime(path.join(root, 'packages/contract/src')),
  newestMtime(path.join(root, 'scripts/prerender.mjs')),
);
if (force || !existsSync(webBuilt) || statSync(webBuilt).mtimeMs < sourcesTime) {
  run(process.execPath, [bin(webDir, 'vite', 'bin/vite.js'), 'build', '--logLevel', 'warn'], webDir);
  prerender(webDir);
  precompress(path.join(webDir, 'dist'));
}

/**
 * Writes .br and .gz siblings of the built text files once, at build time, so that the server sends
 * them compressed without compressing on every request (@fastify/static `preCompressed`). Source maps
 * are left alone (only developers fetch them), and so are files too small to gain anything.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') precompress(file);
      continue;
    }
    if (!/\.(js|css|html|svg|json|txt|xml|webmanifest)$/.test(entry.name)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
  }
}
