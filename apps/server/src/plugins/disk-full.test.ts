import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDataDir, DataDirError } from '../config/data-dir.js';
import { openDatabase } from '../db/database.js';
import { airlines } from '../modules/airlines/airlines.table.js';
import { files } from '../modules/files/files.table.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '../test/helpers.js';
import { runMainToExit } from '../test/realtime-processes.js';
import { canMountTmpfs, mountTmpfs, type Tmpfs } from '../test/tmpfs.js';
import { pngFile, postForm } from '../test/uploads.js';
import { DISK_FULL_MESSAGE } from './error-handler.js';

// Issue 16.12: a full disk answers 507 with a clear message, not 500 'Server Error', and a server that cannot
// start on its DATA_DIR says why. Real small file systems (tmpfs), really filled.

const MB = 1_048_576;
const mountable = canMountTmpfs();

/** A PNG of noise that does not compress: about 120 KB stored. */
async function noisePng(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();
}

async function countRows(t: TestApp) {
  return { airlines: (await t.db.select().from(airlines)).length, files: (await t.db.select().from(files)).length };
}

describe.skipIf(!mountable)('uploads on a full disk', () => {
  let disk: Tmpfs;
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    disk = mountTmpfs(8 * MB);
    t = await buildTestApp({ dataDir: disk.dir });
    admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  it('when the upload does not fit, then 507 with the message and nothing is saved; with room again it is saved', async () => {
    const logo = await noisePng();
    const before = await countRows(t);
    disk.fill(16 * 1024);
    const full = await postForm(t.app, '/api/add-airline', [['full_name', 'Full Disk Air'], ['short_name', 'FD'], ['logo', pngFile('full.png', logo)]], admin);
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ message: DISK_FULL_MESSAGE });
    expect(await countRows(t)).toEqual(before);

    disk.unfill();
    const roomy = await postForm(t.app, '/api/add-airline', [['full_name', 'Full Disk Air'], ['short_name', 'FD'], ['logo', pngFile('full.png', logo)]], admin);
    expect(roomy.statusCode).toBe(201);
  });
});

describe.skipIf(!mountable || process.env.TEST_DB !== 'pglite')('the embedded database on a full disk', () => {
  let disk: Tmpfs;
  let t: TestApp;
  beforeAll(async () => {
    disk = mountTmpfs(96 * MB);
    const database = await openDatabase({ dataDir: path.join(disk.dir, 'data') });
    await database.db.execute(sql`create table disk_probe (data text)`);
    t = await buildTestApp({
      dataDir: path.join(disk.dir, 'data'),
      database,
      // A write that must grow a table: the real database meets the full disk.
      extraRoutes: (app) => {
        app.post('/api/test/disk-probe', async () => {
          await database.db.execute(sql`insert into disk_probe select repeat(md5(random()::text), 2000) from generate_series(1, 200)`);
          return { ok: true };
        });
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    disk?.unmount();
  });

  it('when a write finds no room, then 507 with the message, and the database goes on working once there is room', async () => {
    disk.fill(64 * 1024);
    const full = await t.app.inject({ method: 'POST', url: '/api/test/disk-probe' });
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ message: DISK_FULL_MESSAGE });

    disk.unfill();
    expect((await t.app.inject({ method: 'POST', url: '/api/test/disk-probe' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('starting on an unusable DATA_DIR', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'portal-datadir-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('when DATA_DIR is a file, or under one, then the check says so before the database is opened', () => {
    const file = path.join(scratch, 'not-a-dir');
    writeFileSync(file, 'x');
    expect(() => checkDataDir(file, { embedded: true })).toThrow(new DataDirError(`DATA_DIR ${file} is a file, not a directory; set DATA_DIR to a directory (it is created when missing).`));
    const under = path.join(file, 'data');
    expect(() => checkDataDir(under, { embedded: false })).toThrow(new DataDirError(`DATA_DIR ${under} cannot be created: a part of its path is a file.`));
  });

  // The server's own start (main.ts, as `npm start` runs it) prints the check's message as its one fatal line.
  it.skipIf(!mountable)('when the disk holding DATA_DIR is full, then the server says so and exits', async () => {
    const disk = mountTmpfs(4 * MB);
    try {
      disk.fill(0);
      const dataDir = path.join(disk.dir, 'data');
      expect(() => checkDataDir(dataDir, { embedded: true })).toThrow(DataDirError);
      const run = await runMainToExit({ env: { DATA_DIR: dataDir } });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(new RegExp(`fatal: the disk holding DATA_DIR ${dataDir} is full \\(0\\.0 MB free\\); the server needs at least 64 MB free to start`));
    } finally {
      disk.unmount();
    }
  });
});
