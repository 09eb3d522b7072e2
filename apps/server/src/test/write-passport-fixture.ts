import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { khanMrzLines, renderPassportScan } from './passport-scans.js';

/**
 * Writes e2e/fixtures/passport-scan.png: the 1,500-px-wide scan of KHAN AYESHA BIBI's passport that the Read
 * passport journey uploads (issue 17). `npm run passport-fixture -w apps/server` regenerates it.
 */
const target = fileURLToPath(new URL('../../../../e2e/fixtures/passport-scan.png', import.meta.url));
await writeFile(target, await renderPassportScan({ lines: khanMrzLines(), width: 1500 }));
process.stdout.write(`wrote ${target}\n`);
