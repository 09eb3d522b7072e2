import { createRequire } from 'node:module';
import { MRZ_ALPHABET } from '@portal/contract/mrz';
import type { Worker } from 'tesseract.js';

/**
 * OCR for passport scans (PRODUCT §6, decision 028): tesseract.js (Tesseract compiled to WebAssembly) in a
 * worker thread, with its legacy engine and the English data of @tesseract.js-data/eng read from
 * node_modules: nothing is fetched and nothing is cached on disk. One reading at a time per process; at most
 * `maxWaiting` more wait their turn, and the next is refused (503 with Retry-After). The worker thread is
 * started on the first reading and ended after `idleMs` without one, which gives its memory back
 * (about 100-130 MB while it lives; docs/performance.md).
 */

export class PassportOcrBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('passport OCR queue is full');
  }
}

export class PassportOcrTimeoutError extends Error {}

/** Recognises the MRZ-alphabet text of one image (PNG/JPEG bytes). */
export type Recognize = (image: Buffer) => Promise<string>;

export interface PassportOcr {
  /** Runs `job` when it is this caller's turn, with the one OCR worker; PassportOcrBusyError when the queue is full. */
  run<T>(job: (recognize: Recognize) => Promise<T>): Promise<T>;
  /** Whether the worker thread is alive now (the bench and tests look at it). */
  isWorkerAlive(): boolean;
  close(): Promise<void>;
}

export interface PassportOcrOptions {
  /** Readings that may wait behind the running one; one more is refused. */
  maxWaiting?: number;
  /** The worker thread ends after this long without a reading. */
  idleMs?: number;
  /** One recognition taking longer ends the worker (the next reading starts a new one). */
  timeoutMs?: number;
}

const require = createRequire(import.meta.url);

async function startWorker(): Promise<Worker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  // The package's index says where its data is: { langPath, gzip }; `4.0.0` holds the legacy engine's data.
  const data = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
  const worker = await createWorker('eng', OEM.TESSERACT_ONLY, {
    langPath: data.langPath,
    gzip: data.gzip,
    // 'none': the data is read from the package each start and never written anywhere (no cachePath).
    cacheMethod: 'none',
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  await worker.setParameters({
    tessedit_char_whitelist: MRZ_ALPHABET,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // Our images carry no resolution; without this Tesseract warns on stderr for every image.
    user_defined_dpi: '300',
  });
  return worker;
}

export function createPassportOcr({ maxWaiting = 3, idleMs = 60_000, timeoutMs = 20_000 }: PassportOcrOptions = {}): PassportOcr {
  let worker: Promise<Worker> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let running = false;
  const waiting: Array<() => void> = [];
  /** A moving average of how long one reading takes, for Retry-After. */
  let averageMs = 2_000;
  let closed = false;

  async function endWorker(): Promise<void> {
    const ending = worker;
    worker = undefined;
    if (ending) await ending.then((instance) => instance.terminate()).catch(() => undefined);
  }

  const recognize: Recognize = async (image) => {
    worker ??= startWorker();
    const instance = await worker.catch(async (error: unknown) => {
      worker = undefined;
      throw error;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new PassportOcrTimeoutError(`OCR took over ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const result = await Promise.race([instance.recognize(image), timeout]);
      return result.data.text;
    } catch (error) {
      // A worker that timed out or failed is not trusted with the next image.
      await endWorker();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };

  async function acquire(): Promise<void> {
    if (closed) throw new Error('passport OCR is closed');
    if (!running) {
      running = true;
      return;
    }
    if (waiting.length >= maxWaiting) {
      throw new PassportOcrBusyError(Math.max(1, Math.ceil((averageMs * (waiting.length + 1)) / 1000)));
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }

  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  }

  return {
    async run(job) {
      await acquire();
      clearTimeout(idleTimer);
      const started = Date.now();
      try {
        return await job(recognize);
      } finally {
        averageMs = Math.round(averageMs * 0.7 + (Date.now() - started) * 0.3);
        release();
        if (!running && !closed) {
          idleTimer = setTimeout(() => void endWorker(), idleMs);
          idleTimer.unref();
        }
      }
    },
    isWorkerAlive: () => worker !== undefined,
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await endWorker();
    },
  };
}
