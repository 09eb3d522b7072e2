import { FILE_TOO_LARGE_MESSAGE } from '@portal/contract/files';
import { formatTd3Lines } from '@portal/contract/mrz';
import { ICAO_SPECIMEN } from '@portal/contract/mrz-specimens';
import {
  MRZ_CHECK_DIGITS_MESSAGE,
  MRZ_REQUIRED_MESSAGE,
  MRZ_UNREADABLE_MESSAGE,
  PASSPORT_READ_BUSY_MESSAGE,
} from '@portal/contract/passport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { KHAN_PASSPORT, KHAN_TD3, khanMrzLines, renderPassportScan, renderTextOnlyPdf } from '../../test/passport-scans.js';
import { postForm } from '../../test/uploads.js';
import { createPassportOcr, PassportOcrFailedError, type PassportOcr } from './passport-ocr.js';

// POST /api/passport-read (PRODUCT §6, decision 028): pasted MRZ, the scan's file rules, one real OCR reading
// and the busy queue. The matrix of generated scans is in passport-read.scans.test.ts (slower).

let t: TestApp;
let agent: string;
let admin: string;
const ocr: PassportOcr = createPassportOcr({ idleMs: 5_000 });
let scan: Buffer;

const ICAO = ICAO_SPECIMEN.lines.join('\n');

beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent({ passportOcr: ocr }));
  scan = await renderPassportScan({ lines: khanMrzLines(), width: 1500 });
});
afterAll(async () => {
  await t.close();
  await ocr.close();
});

function read(fields: Array<[string, string | { filename: string; data: Buffer; contentType?: string }]>, token: string | undefined = agent) {
  return postForm(t.app, '/api/passport-read', fields, token);
}

describe('POST /api/passport-read with pasted MRZ lines', () => {
  it('when an agent pastes the ICAO specimen, then 200 with every field (fillers as spaces, dates in full)', async () => {
    const response = await read([['mrz', ICAO]]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: ICAO_SPECIMEN.data });
  });

  it('when an admin sends the lines as JSON with nothing between them, then they read the same', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/passport-read',
      headers: { authorization: `Bearer ${admin}` },
      payload: { mrz: ICAO.replace('\n', '') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.passport_no).toBe('L898902C3');
  });

  it('when a check digit is wrong, then 422 on mrz with the check-digit message', async () => {
    for (const position of [9, 19, 27, 43]) {
      const [line1, line2] = formatTd3Lines(KHAN_TD3);
      const wrong = line2.slice(0, position) + String((Number(line2[position]) + 1) % 10) + line2.slice(position + 1);
      const response = await read([['mrz', `${line1}\n${wrong}`]]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: MRZ_CHECK_DIGITS_MESSAGE, errors: { mrz: [MRZ_CHECK_DIGITS_MESSAGE] } });
    }
  });

  it('when the text is not an MRZ, then 422 on mrz: The MRZ could not be read.', async () => {
    for (const text of ['hello', ICAO.slice(0, 60), ICAO.replace('P<UTO', 'I<UTO')]) {
      const response = await read([['mrz', text]]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: MRZ_UNREADABLE_MESSAGE, errors: { mrz: [MRZ_UNREADABLE_MESSAGE] } });
    }
  });

  it('when neither a file nor an MRZ is sent, then 422 on mrz', async () => {
    const response = await read([['mrz', '  ']]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ mrz: [MRZ_REQUIRED_MESSAGE] });
  });

  it('when nobody is signed in, then 401', async () => {
    const response = await postForm(t.app, '/api/passport-read', [['mrz', ICAO]]);
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/passport-read with a scan: the file rules of a passenger scan', () => {
  it('when the file is over 2 MB, then 413', async () => {
    const response = await read([['file', { filename: 'scan.png', data: Buffer.concat([scan, Buffer.alloc(2_097_152)]) }]]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('when the file is not an image or a PDF, then 422 on file', async () => {
    const response = await read([['file', { filename: 'scan.png', contentType: 'image/png', data: Buffer.from('GIF89a not a passport') }]]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['The file must be a file of type: jpeg, png, webp, pdf.'] });
  });

  it('when a PNG does not decode, then 422 on file', async () => {
    const response = await read([['file', { filename: 'scan.png', data: scan.subarray(0, 200) }]]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['The file could not be read as an image.'] });
  });

  it('when a PDF page has only text (no scanned image), then 422: The MRZ could not be read.', async () => {
    const pdf = await renderTextOnlyPdf(khanMrzLines());
    const response = await read([['file', { filename: 'scan.pdf', data: pdf }]]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: MRZ_UNREADABLE_MESSAGE, errors: { file: [MRZ_UNREADABLE_MESSAGE] } });
  });
});

// Real OCR in a child process: each cold start and reading takes seconds, more when the machine runs other suites.
describe('POST /api/passport-read OCR', { timeout: 120_000 }, () => {
  it('when the e2e scan of KHAN AYESHA BIBI is sent, then OCR reads her passport', async () => {
    const response = await read([['file', { filename: 'passport-scan.png', contentType: 'image/png', data: scan }]]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: KHAN_PASSPORT });
  });
});

// The OCR child's life (its queue, its idle exit, a crash) has no database part: these run on the embedded project
// only, not again on PostgreSQL (decision 052). Each starts children of its own and reads a scan several times.
describe.runIf(process.env.TEST_DB !== 'postgres')('the OCR child process', { timeout: 120_000 }, () => {

  it('when one reading runs and the queue is full, then 503 with Retry-After; the running one still answers', async () => {
    const small = createPassportOcr({ maxWaiting: 0, idleMs: 1_000 });
    const busy = await buildTestApp({ passportOcr: small });
    try {
      const created = await busy.createAgent();
      const token = await busy.loginAs(created.email, created.password);
      const file = { filename: 'passport-scan.png', data: scan };
      const [first, second] = await Promise.all([
        postForm(busy.app, '/api/passport-read', [['file', file]], token),
        postForm(busy.app, '/api/passport-read', [['file', file]], token),
      ]);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ data: KHAN_PASSPORT });
      expect(second.statusCode).toBe(503);
      expect(second.json()).toEqual({ message: PASSPORT_READ_BUSY_MESSAGE });
      expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The queue is free again once the reading is done.
      const third = await postForm(busy.app, '/api/passport-read', [['mrz', ICAO]], token);
      expect(third.statusCode).toBe(200);
    } finally {
      await busy.close();
      await small.close();
    }
  });

  // The first reading starts a new child, which loads the OCR's language data: on a busy CI host (load average 14,
  // 2026-11-29 09:50) that took over the 20 s a reading may take. This test is about the idle exit, so its reading
  // may take 90 s, and the test 120 s.
  it('when a reading is done and the idle time passes, then the OCR child process has exited', { timeout: 120_000 }, async () => {
    const quick = createPassportOcr({ idleMs: 300, timeoutMs: 90_000 });
    try {
      const text = await quick.run((recognize) => recognize(scan));
      expect(text).toContain('KHAN');
      const pid = quick.workerPid();
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      expect(quick.isWorkerAlive()).toBe(true);
      await waitFor(() => !quick.isWorkerAlive());
      expect(quick.workerPid()).toBeUndefined();
      // The process itself is gone (its memory with it), not only our handle on it.
      await waitFor(() => !processExists(pid!));
    } finally {
      await quick.close();
    }
  });

  it('when the OCR child is killed, then that reading fails as unreadable and the next reading starts a new child', async () => {
    const fragile = createPassportOcr({ idleMs: 5_000 });
    const app = await buildTestApp({ passportOcr: fragile });
    try {
      const created = await app.createAgent();
      const token = await app.loginAs(created.email, created.password);
      const file = { filename: 'passport-scan.png', data: scan };
      // Killed between readings: the next one gets a new child.
      const first = await postForm(app.app, '/api/passport-read', [['file', file]], token);
      expect(first.statusCode).toBe(200);
      const firstPid = fragile.workerPid()!;
      process.kill(firstPid, 'SIGKILL');
      await waitFor(() => !fragile.isWorkerAlive());
      const second = await postForm(app.app, '/api/passport-read', [['file', file]], token);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ data: KHAN_PASSPORT });
      const secondPid = fragile.workerPid()!;
      expect(secondPid).not.toBe(firstPid);

      // Killed in the middle of a reading: that reading fails, the server lives on.
      const crashed = fragile.run(async (recognize) => {
        const reading = recognize(scan);
        process.kill(fragile.workerPid()!, 'SIGKILL');
        return reading;
      });
      await expect(crashed).rejects.toBeInstanceOf(PassportOcrFailedError);
      expect(processExists(secondPid)).toBe(false);
      const third = await postForm(app.app, '/api/passport-read', [['file', file]], token);
      expect(third.statusCode).toBe(200);
      expect(third.json()).toEqual({ data: KHAN_PASSPORT });
      expect(fragile.workerPid()).not.toBe(secondPid);
    } finally {
      await app.close();
      await fragile.close();
    }
    expect(fragile.isWorkerAlive()).toBe(false);
  });
});

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
