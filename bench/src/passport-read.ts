/**
 * Passport reading (issue 17 point 4, decision 028): `npm run bench -- --scenario passport-read`.
 * One embedded (PGlite) server; generated 1,500-px scans of several passports (apps/server/src/test/
 * passport-scans.ts) read one after another through POST /api/passport-read: p50/p95 of the warm readings
 * (the first, which starts the OCR child process, is given apart), the server's RSS before, its peak while reading,
 * and its RSS once idle after reading (the OCR child process exits after 60 s without a reading), and the OCR child's
 * own peak RSS.
 */
import { formatTd3Lines, type Td3Input } from '@portal/contract/mrz';
import { KHAN_TD3, renderPassportScan } from '../../apps/server/src/test/passport-scans.js';
import { bearer, signIn } from './api.js';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import { prepareEngine } from './engines.js';
import { ADMIN, serverEnv } from './http-bench.js';
import { childPids, freePort, readMemory, round, SERVER_MAIN, SERVER_NODE_ARGS, startNodeProcess } from './processes.js';
import { percentile } from './stats.js';

export interface PassportReadResult {
  scans: number;
  readings: number;
  coldMs: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  failures: number;
  rssBeforeMiB: number;
  peakRssWhileReadingMiB: number;
  rssAfterReadingMiB: number;
  rssIdleAfterReadingMiB: number;
  /** The OCR child process's highest RSS (VmHWM) while it lived; it is not part of the server's RSS. */
  ocrChildPeakRssMiB: number;
  /** OCR child processes still alive after the idle wait (0: it exited and its memory with it). */
  ocrChildrenAfterIdle: number;
  idleWaitSeconds: number;
}

const PASSPORTS: Td3Input[] = [
  KHAN_TD3,
  { issuingState: 'PAK', surname: 'QURESHI', givenNames: 'MUHAMMAD OSAMA', passportNo: 'CM4418273', nationality: 'PAK', birth: '851102', sex: 'M', expiry: '290607', personalNumber: '4210158826011' },
  { issuingState: 'GBR', surname: 'OSULLIVAN', givenNames: 'SIOBHAN', passportNo: '533380006', nationality: 'GBR', birth: '060930', sex: 'F', expiry: '300115' },
  { issuingState: 'SAU', surname: 'AL GHAMDI', givenNames: 'IBRAHIM', passportNo: 'T493827', nationality: 'SAU', birth: '010101', sex: 'M', expiry: '270228' },
];

export async function benchPassportRead(
  { rounds = 5, idleWaitSeconds = 65 }: { rounds?: number; idleWaitSeconds?: number },
  log: (line: string) => void,
): Promise<PassportReadResult> {
  const scans: Array<{ bytes: Buffer; name: string; passportNo: string }> = [];
  for (const [index, passport] of PASSPORTS.entries()) {
    const format = index % 2 === 0 ? 'png' : 'jpeg';
    const bytes = await renderPassportScan({ lines: formatTd3Lines(passport), width: 1500, format, angle: index === 3 ? 1 : 0, noise: index === 1 ? 15 : 0 });
    scans.push({ bytes, name: `scan-${index}.${format === 'png' ? 'png' : 'jpg'}`, passportNo: passport.passportNo });
  }
  const prepared = await prepareEngine('pglite', { keep: false });
  const port = await freePort();
  const start = () => startNodeProcess({ script: SERVER_MAIN, nodeArgs: SERVER_NODE_ARGS, env: serverEnv(prepared, port), port, healthPath: '/api/health' });
  // The first start creates the embedded database (PGlite's initdb in the server process, whose WebAssembly memory
  // never shrinks): measured from a second start on the existing data directory, as a server runs day to day.
  await (await start()).stop();
  const server = await start();
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const pid = server.child.pid!;
    const token = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
    const rssBefore = readMemory(pid).rssMiB;
    const read = async (scan: (typeof scans)[number]) => {
      const form = new FormData();
      form.append('file', new Blob([scan.bytes]), scan.name);
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}/api/passport-read`, { method: 'POST', headers: bearer(token), body: form });
      const body = (await response.json()) as { data?: { passport_no?: string } };
      return { ms: performance.now() - started, ok: response.ok && body.data?.passport_no === scan.passportNo };
    };
    log('passport-read: first reading (starts the OCR child process) ...');
    const cold = await read(scans[0]!);
    const times: number[] = [];
    let failures = cold.ok ? 0 : 1;
    for (let round_ = 0; round_ < rounds; round_ += 1) {
      for (const scan of scans) {
        const result = await read(scan);
        times.push(result.ms);
        if (!result.ok) failures += 1;
      }
    }
    const memory = readMemory(pid);
    const ocrChildPeak = Math.max(0, ...childPids(pid).map((child) => readMemory(child).peakRssMiB));
    log(`passport-read: ${times.length} readings done; waiting ${idleWaitSeconds} s for the OCR child process to exit ...`);
    await new Promise((resolve) => setTimeout(resolve, idleWaitSeconds * 1_000));
    const idle = readMemory(pid).rssMiB;
    const ocrChildrenAfterIdle = childPids(pid).length;
    const sorted = [...times].sort((a, b) => a - b);
    return {
      scans: scans.length,
      readings: times.length,
      coldMs: round(cold.ms),
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      maxMs: round(sorted.at(-1)!),
      failures,
      rssBeforeMiB: rssBefore,
      // VmHWM: the highest RSS of the process so far; the server did nothing but read scans since it started.
      peakRssWhileReadingMiB: memory.peakRssMiB,
      rssAfterReadingMiB: memory.rssMiB,
      rssIdleAfterReadingMiB: idle,
      ocrChildPeakRssMiB: ocrChildPeak,
      ocrChildrenAfterIdle,
      idleWaitSeconds,
    };
  } finally {
    await server.stop();
    await prepared.dispose();
  }
}

export function passportReadChecks(result: PassportReadResult): BudgetCheck[] {
  return [
    atMost('passport-read p95 ms (1,500 px scans, warm)', result.p95Ms, BUDGETS.passportReadP95MsMax),
    atMost('passport-read failed readings', result.failures, 0),
    atMost('passport-read: embedded RSS idle after reading MiB', result.rssIdleAfterReadingMiB, BUDGETS.embeddedRssMiBMax),
    atMost('passport-read: OCR child processes alive after the idle time', result.ocrChildrenAfterIdle, 0),
  ];
}
