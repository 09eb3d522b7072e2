import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import sharp from 'sharp';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { imageOf, JPEG_BYTES, PNG_BYTES, WEBP_BYTES } from '../test/uploads.js';
import { ImageTooLargeError, imageWorkerThreadId, reencodeImage, UnreadableImageError } from './images.js';

// Decision 046: uploads are re-encoded (issue 16.11) in the image worker, off the thread that serves the requests, and
// the worker hashes the new bytes too.

/** A white PNG of 60 megapixels, small as a file (a decompression bomb). */
function bomb(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#ffffff' } }).png().toBuffer();
}

describe('reencodeImage (the image worker)', () => {
  it('when a PNG, a JPEG and a WebP are re-encoded, then each keeps its format and pixels, and runs on another thread', async () => {
    for (const [bytes, format] of [
      [PNG_BYTES, 'png'],
      [JPEG_BYTES, 'jpeg'],
      [WEBP_BYTES, 'webp'],
    ] as const) {
      const { bytes: output } = await reencodeImage(bytes, format);
      expect(Buffer.isBuffer(output)).toBe(true);
      expect((await imageOf(output)).format).toBe(format);
    }
    expect((await imageOf((await reencodeImage(PNG_BYTES, 'png')).bytes)).pixels).toBe((await imageOf(PNG_BYTES)).pixels);
    expect(imageWorkerThreadId).toBeDefined();
    expect(imageWorkerThreadId).not.toBe(threadId);
  });

  it('when bytes are appended after the image, then they are gone, and the SHA-256 is that of the new bytes', async () => {
    const uploaded = Buffer.concat([PNG_BYTES, Buffer.from('<script>alert(1)</script>')]);
    const { bytes, sha256 } = await reencodeImage(uploaded, 'png');
    expect(bytes.includes('<script>')).toBe(false);
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('when the bytes do not decode or claim too many pixels, then the two errors; the worker goes on serving', async () => {
    const unreadable = Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.from('<html>not an image</html>')]);
    await expect(reencodeImage(unreadable, 'png')).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(reencodeImage(await bomb(), 'png')).rejects.toBeInstanceOf(ImageTooLargeError);
    const results = await Promise.all(Array.from({ length: 8 }, () => reencodeImage(PNG_BYTES, 'png')));
    expect(new Set(results.map((result) => result.sha256)).size).toBe(1);
  });
});

/** Runs `lines` in a new Node process with images.ts imported; its exit code (or 'still running' after 15 s) and output. */
async function runScript(lines: string[]): Promise<{ exited: number | null | 'still running'; output: string }> {
  const script = [`const { reencodeImage, warmImageWorker } = await import(${JSON.stringify(new URL('./images.ts', import.meta.url).href)});`, ...lines].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = await Promise.race([
    once(child, 'exit').then(([code]) => code as number | null),
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000)),
  ]);
  if (exited === 'still running') child.kill();
  return { exited, output };
}

const SCAN = `Buffer.from(${JSON.stringify(PNG_BYTES.toString('base64'))}, 'base64')`;

describe('the image worker and the process', () => {
  it('when a script re-encodes a scan and has nothing else to do, then it gets the answer and exits', async () => {
    const run = await runScript([`const { sha256 } = await reencodeImage(${SCAN}, 'png');`, `process.stdout.write('re-encoded ' + sha256.length);`]);
    expect(run).toEqual({ exited: 0, output: 're-encoded 64' });
  }, 30_000);

  it('when the worker was warmed (decision 059), then the first scan does not wait for sharp to load; cold, it does', async () => {
    const loadMsOf = async (warm: boolean) => {
      const run = await runScript([
        ...(warm ? ['await warmImageWorker();'] : []),
        `const { worker } = await reencodeImage(${SCAN}, 'png');`,
        `process.stdout.write(String(worker.loadMs));`,
      ]);
      expect(run.exited).toBe(0);
      return Number(run.output);
    };
    // Loading sharp takes tens of milliseconds at least; waiting for a promise already settled, a few microseconds.
    expect(await loadMsOf(false)).toBeGreaterThan(5);
    expect(await loadMsOf(true)).toBeLessThan(1);
  }, 60_000);

  it('when a script only warms the worker, then it still exits', async () => {
    const run = await runScript(['await warmImageWorker();', `process.stdout.write('warmed');`]);
    expect(run).toEqual({ exited: 0, output: 'warmed' });
  }, 30_000);
});
