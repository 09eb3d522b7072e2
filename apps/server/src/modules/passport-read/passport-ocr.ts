import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MRZ_ALPHABET } from '@portal/contract/mrz';
import type { OcrAnswer, OcrRequest } from './passport-ocr-process.js';

/**
 * OCR for passport scans (PRODUCT §6, decision 028): tesseract.js (Tesseract compiled to WebAssembly) with its
 * legacy engine and the English data of @tesseract.js-data/eng read from node_modules, in a CHILD PROCESS
 * (passport-ocr-process.ts): nothing is fetched and nothing is cached on disk. One reading at a time per
 * server; at most `maxWaiting` more wait their turn, and the next is refused (503 with Retry-After). The child
 * is started on the first reading and exits after `idleMs` without one, on a reading that times out and when
 * the server closes, and its memory (about 260 MB at its peak; docs/performance.md) leaves with it: a
 * worker thread that ends does not give the WebAssembly memory back to the operating system.
 */

export class PassportOcrBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('passport OCR queue is full');
  }
}

/** The reading could not be done: the child process failed, crashed or was killed (the next reading starts a new one). */
export class PassportOcrFailedError extends Error {}

export class PassportOcrTimeoutError extends PassportOcrFailedError {}

/** Recognises the MRZ-alphabet text of one image (PNG/JPEG bytes). */
export type Recognize = (image: Buffer) => Promise<string>;

export interface PassportOcr {
  /** Runs `job` when it is this caller's turn, with the one OCR process; PassportOcrBusyError when the queue is full. */
  run<T>(job: (recognize: Recognize) => Promise<T>): Promise<T>;
  /** Whether the OCR child process is alive now (the bench and tests look at it). */
  isWorkerAlive(): boolean;
  /** The OCR child process's id while it lives (tests and the bench look at it). */
  workerPid(): number | undefined;
  close(): Promise<void>;
}

export interface PassportOcrOptions {
  /** Readings that may wait behind the running one; one more is refused. */
  maxWaiting?: number;
  /** The child process exits after this long without a reading. */
  idleMs?: number;
  /** One recognition taking longer kills the child process (the next reading starts a new one). */
  timeoutMs?: number;
}

/**
 * The child's script and Node.js options: the compiled .js beside this file in the built server; under the
 * tests (TypeScript sources run by Vitest) the .ts source, loaded with tsx.
 */
function childEntry(): { script: string; execArgv: string[] } {
  const fromSources = import.meta.url.endsWith('.ts');
  const script = fileURLToPath(new URL(`./passport-ocr-process.${fromSources ? 'ts' : 'js'}`, import.meta.url));
  return { script, execArgv: fromSources ? ['--import', 'tsx'] : [] };
}

interface OcrChild {
  process: ChildProcess;
  pending: Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>;
  exited: Promise<void>;
}

function startChild(): OcrChild {
  const { script, execArgv } = childEntry();
  const child = fork(script, [MRZ_ALPHABET], {
    execArgv,
    // 'advanced': the image Buffer goes over IPC as bytes (structured clone), not as JSON.
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const pending: OcrChild['pending'] = new Map();
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      for (const { reject } of pending.values()) reject(new PassportOcrFailedError(`OCR process ended (${signal ?? code})`));
      pending.clear();
      resolve();
    });
  });
  // A failed fork or a broken channel ends the child; 'exit' then fails what was pending.
  child.on('error', () => child.kill('SIGKILL'));
  child.on('message', (answer: OcrAnswer) => {
    const waiter = pending.get(answer.id);
    if (!waiter) return;
    pending.delete(answer.id);
    if ('text' in answer) waiter.resolve(answer.text);
    else waiter.reject(new PassportOcrFailedError(answer.error));
  });
  return { process: child, pending, exited };
}

function isAlive(child: OcrChild | undefined): child is OcrChild {
  return child !== undefined && child.process.exitCode === null && child.process.signalCode === null;
}

export function createPassportOcr({ maxWaiting = 3, idleMs = 60_000, timeoutMs = 20_000 }: PassportOcrOptions = {}): PassportOcr {
  let child: OcrChild | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  let running = false;
  const waiting: Array<() => void> = [];
  /** A moving average of how long one reading takes, for Retry-After. */
  let averageMs = 2_000;
  let closed = false;

  async function endChild(): Promise<void> {
    const ending = child;
    child = undefined;
    if (!ending) return;
    if (isAlive(ending)) ending.process.kill('SIGKILL');
    await ending.exited;
  }

  const recognize: Recognize = async (image) => {
    // A child that crashed or was killed is replaced by a new one.
    if (!isAlive(child)) child = startChild();
    const current = child;
    const id = nextId++;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<string>((resolve, reject) => {
        current.pending.set(id, { resolve, reject });
        timer = setTimeout(() => reject(new PassportOcrTimeoutError(`OCR took over ${timeoutMs} ms`)), timeoutMs);
        const request: OcrRequest = { id, image };
        current.process.send(request, (error) => {
          if (error) reject(new PassportOcrFailedError(`OCR process unreachable: ${error.message}`));
        });
      });
    } catch (error) {
      // A child that timed out or failed is not trusted with the next image.
      current.pending.delete(id);
      if (child === current) await endChild();
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
          idleTimer = setTimeout(() => void endChild(), idleMs);
          idleTimer.unref();
        }
      }
    },
    isWorkerAlive: () => isAlive(child),
    workerPid: () => (isAlive(child) ? child.process.pid : undefined),
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await endChild();
    },
  };
}
