import { MAX_IMAGE_PIXELS } from '@portal/contract/files';
import type { Sharp, SharpOptions } from 'sharp';
import { Worker } from 'node:worker_threads';

/** The image formats the portal accepts (contract IMAGE_TYPES). */
export type ImageType = 'jpeg' | 'png' | 'webp';

export class UnreadableImageError extends Error {}
export class ImageTooLargeError extends Error {}

export type SharpFactory = (input: Buffer, options: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) is loaded on the first use, not at start: a server nobody uploads to keeps its idle memory (issue 8's
 * budget). One libvips thread per image and no operation cache: uploads are rare and small, and the booking path must
 * keep the other core. Used on the main thread by the passport reader; uploads are re-encoded in the image worker.
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp as unknown as SharpFactory;
  });
  return loading;
}

/** An upload's image re-encoded: its new bytes and their SHA-256 (hex), which names the stored file. */
export interface ReencodedImage {
  bytes: Buffer;
  sha256: string;
  /**
   * The image worker's own time, ms: waiting for sharp to load (the first image only) and the pipeline with the hash.
   * The rest of the round trip is the worker's start (the first image) and the messages (decision 059).
   */
  worker: { loadMs: number; workMs: number };
}

type WorkerRequest = { id: number; bytes: Uint8Array; type: ImageType } | { id: number; warm: true };

type WorkerAnswer =
  | { id: number; bytes: Uint8Array; sha256: string; threadId: number; loadMs: number; workMs: number }
  | { id: number; warmed: true }
  | { id: number; error: 'too_large' | 'unreadable' | 'failed'; message: string };

/**
 * The image worker's code (decision 046), run with `eval` so that it is the same file under tsx, vitest and the built
 * server; sharp is imported from the URL the main thread resolved. sharp's call that starts a pipeline runs its
 * setup synchronously (about half a millisecond of the calling thread for a passport scan, measured) and the scan's
 * SHA-256 is a millisecond per megabyte; here both run on this thread, not on the thread that serves the requests.
 */
const WORKER_SOURCE = `
(async () => {
  // Dynamic imports only: an eval'd worker is a CommonJS script or, under --input-type=module, a module.
  const { parentPort, workerData, threadId } = await import('node:worker_threads');
  const { createHash } = await import('node:crypto');
  const { performance } = await import('node:perf_hooks');
  let loading;
  const loadSharp = () =>
    (loading ??= import(workerData.sharpUrl).then(({ default: sharp }) => {
      sharp.cache(false);
      sharp.concurrency(1);
      return sharp;
    }));
  parentPort.on('message', async ({ id, bytes, type, warm }) => {
    const received = performance.now();
    let sharp;
    try {
      sharp = await loadSharp();
    } catch (error) {
      parentPort.postMessage({ id, error: 'failed', message: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (warm) {
      parentPort.postMessage({ id, warmed: true });
      return;
    }
    const loaded = performance.now();
    try {
      const image = sharp(bytes, { limitInputPixels: workerData.maxPixels, failOn: 'error', animated: false }).rotate();
      const encoder =
        type === 'jpeg' ? image.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }) : type === 'png' ? image.png() : image.webp({ quality: 90 });
      const output = await encoder.toBuffer();
      const sha256 = createHash('sha256').update(output).digest('hex');
      // Copied here (this thread's work) into a memory that can be handed over: the serving thread copies nothing.
      const own = new Uint8Array(output);
      const loadMs = loaded - received;
      parentPort.postMessage({ id, bytes: own, sha256, threadId, loadMs, workMs: performance.now() - loaded }, [own.buffer]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      parentPort.postMessage({ id, error: /pixel limit/i.test(message) ? 'too_large' : 'unreadable', message });
    }
  });
})();
`;

interface ImageWorker {
  worker: Worker;
  pending: Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>;
}

let current: ImageWorker | undefined;
/** warmImageWorker's one warm-up of the current worker. */
let warming: Promise<void> | undefined;
let nextId = 1;

/** Started on the first upload (not at start, like sharp); it keeps the process alive only while a scan is pending. */
function imageWorker(): ImageWorker {
  if (current) return current;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { sharpUrl: import.meta.resolve('sharp'), maxPixels: MAX_IMAGE_PIXELS },
  });
  const started: ImageWorker = { worker, pending: new Map() };
  const fail = (error: Error) => {
    if (current === started) {
      current = undefined;
      // The next worker is started cold: the next dialog warms it again.
      warming = undefined;
    }
    for (const job of started.pending.values()) job.reject(error);
    started.pending.clear();
  };
  worker.on('message', (answer: WorkerAnswer) => {
    const job = started.pending.get(answer.id);
    started.pending.delete(answer.id);
    if (started.pending.size === 0) worker.unref();
    job?.resolve(answer);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the image worker stopped (exit code ${code})`)));
  // After the listeners: adding a 'message' listener references the worker's port again.
  worker.unref();
  current = started;
  return started;
}

/** Sends `request` to the image worker (started if need be) and waits for its answer. */
async function askImageWorker(request: (id: number) => WorkerRequest, transfer: ArrayBuffer[] = []): Promise<WorkerAnswer> {
  const { worker, pending } = imageWorker();
  const id = nextId++;
  return new Promise<WorkerAnswer>((resolve, reject) => {
    // Referenced while a job is pending, so a script with nothing else to wait for does not exit before the answer.
    if (pending.size === 0) worker.ref();
    pending.set(id, { resolve, reject });
    worker.postMessage(request(id), transfer);
  });
}

/**
 * Decision 059: starts the image worker and loads sharp in it, ahead of the first upload, whose booking otherwise
 * waits for both (0.2 s on a quiet machine, 1.5 s on a busy one). Called when an agent opens the booking dialog
 * (check-availbility), not at start: sharp and the worker are 34 MiB of RSS that a server nobody books on does not
 * pay (issue 8's budget). Once; resolves when sharp is loaded (a failure is left for the upload to report).
 */
export function warmImageWorker(): Promise<void> {
  warming ??= askImageWorker((id) => ({ id, warm: true })).then(
    () => undefined,
    () => undefined,
  );
  return warming;
}

/** Stops the image worker (tests; the test files share one process): the next warm-up or scan starts a new one, cold. */
export async function stopImageWorker(): Promise<void> {
  const stopping = current;
  current = undefined;
  warming = undefined;
  if (stopping) await stopping.worker.terminate();
}

/** Whether the image worker runs (tests: the booking dialog starts it, decision 059). */
export function isImageWorkerRunning(): boolean {
  return current !== undefined;
}

/** The image worker's thread id once it has answered (tests: the re-encoding runs off the main thread). */
export let imageWorkerThreadId: number | undefined;

/**
 * Decodes an uploaded image and encodes its pixels again in the same format (issue 16.11), so what is stored
 * and served is only an image: bytes appended after the image data or hidden in its chunks (an HTML page, a
 * script) and its metadata (EXIF, with a phone's GPS position) are gone. The EXIF orientation is applied
 * first, so a scan taken sideways shows upright. Only the first frame of an animated WebP is kept.
 * Throws ImageTooLargeError above MAX_IMAGE_PIXELS (checked from the header, before decoding) and
 * UnreadableImageError when the bytes do not decode.
 *
 * Decision 046: the work (sharp's pipeline and the new bytes' SHA-256) runs in the image worker, a thread of its own,
 * so the thread that serves the requests only sends the bytes and receives the result.
 */
export async function reencodeImage(bytes: Uint8Array, type: ImageType): Promise<ReencodedImage> {
  // An upload's Buffer may share its memory with others (Node's buffer pool), and a posted view clones all of that
  // memory: the bytes are copied to a memory of their own, which is handed over (transferred) without a second copy.
  const own = new Uint8Array(bytes);
  const answer = await askImageWorker((id) => ({ id, bytes: own, type }), [own.buffer]);
  if ('error' in answer) {
    if (answer.error === 'too_large') throw new ImageTooLargeError(answer.message);
    if (answer.error === 'unreadable') throw new UnreadableImageError(answer.message);
    throw new Error(`the image worker could not load sharp: ${answer.message}`);
  }
  if ('warmed' in answer) throw new Error('the image worker answered a scan as a warm-up');
  imageWorkerThreadId = answer.threadId;
  return {
    bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength),
    sha256: answer.sha256,
    worker: { loadMs: answer.loadMs, workMs: answer.workMs },
  };
}
