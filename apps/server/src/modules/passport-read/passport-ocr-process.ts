import { createRequire } from 'node:module';
import type { Worker } from 'tesseract.js';

/**
 * The OCR child process (decision 028): passport-ocr.ts forks this file on the first reading and ends it after
 * the idle time, so the memory of Tesseract's WebAssembly leaves with the process. It reads one image per
 * message ({ id, image }) and answers { id, text } or { id, error }. The characters to read come as the first
 * argument. It leaves when the server goes (the IPC channel closes).
 */

export interface OcrRequest {
  id: number;
  image: Uint8Array;
}

export type OcrAnswer = { id: number; text: string } | { id: number; error: string };

const require = createRequire(import.meta.url);
const whitelist = process.argv[2] ?? '';

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
    tessedit_char_whitelist: whitelist,
    tessedit_pageseg_mode: PSM.SINGLE_BLOCK,
    // Our images carry no resolution; without this Tesseract warns on stderr for every image.
    user_defined_dpi: '300',
  });
  return worker;
}

const worker = startWorker();
// Requests come one at a time from the parent's queue; this chain keeps them in order all the same.
let chain: Promise<unknown> = Promise.resolve();

process.on('message', (request: OcrRequest) => {
  chain = chain.then(async () => {
    let answer: OcrAnswer;
    try {
      const image = Buffer.from(request.image.buffer, request.image.byteOffset, request.image.byteLength);
      const result = await (await worker).recognize(image);
      answer = { id: request.id, text: result.data.text };
    } catch (error) {
      answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
    }
    process.send?.(answer);
  });
});
process.on('disconnect', () => process.exit(0));
