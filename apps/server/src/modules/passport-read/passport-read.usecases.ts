import { DOCUMENT_TYPES, isFormFile, MAX_IMAGE_PIXELS, type FormFile } from '@portal/contract/files';
import { parseMrzText, readMrzFromOcrText, type MrzParseResult } from '@portal/contract/mrz';
import type { PassportData } from '@portal/contract/passport';
import { loadSharp } from '../../lib/images.js';
import { getKarachiToday } from '../../lib/karachi-date.js';
import { checkUploadedFile } from '../files/files.usecases.js';
import { createImageTooLargeError, createUnreadableImageError } from '../files/files.errors.js';
import { extractFirstPageImage } from './pdf-image.js';
import { PassportOcrBusyError, PassportOcrFailedError, type PassportOcr, type Recognize } from './passport-ocr.js';
import { createMrzCheckDigitsError, createMrzUnreadableError, createPassportReadBusyError } from './passport-read.errors.js';

/** OCR reads every scan at this width: an MRZ character is then about 30 px high, where Tesseract reads best. */
const OCR_WIDTH = 1600;
/** The MRZ is printed in the bottom quarter of the data page; the first pass reads only the bottom 40 %. */
const MRZ_BAND = 0.4;

function currentYear(now: Date): number {
  return Number(getKarachiToday(now).slice(0, 4));
}

function answer(result: MrzParseResult, field: 'mrz' | 'file'): PassportData {
  if (result.ok) return result.data;
  throw result.reason === 'check_digits' ? createMrzCheckDigitsError({ field }) : createMrzUnreadableError({ field });
}

interface GreyImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes a scan to grey pixels OCR_WIDTH wide, upright by its EXIF orientation. A PDF gives the image of its
 * first page (pdf-image.ts); one without an image has no MRZ to read.
 */
async function decodeScan(bytes: Buffer, type: (typeof DOCUMENT_TYPES)[number]): Promise<GreyImage> {
  const sharp = await loadSharp();
  let image;
  if (type === 'pdf') {
    const embedded = extractFirstPageImage(bytes);
    if (!embedded) throw createMrzUnreadableError({ field: 'file' });
    image =
      embedded.kind === 'encoded'
        ? sharp(embedded.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
        : sharp(embedded.bytes, {
            limitInputPixels: MAX_IMAGE_PIXELS,
            raw: { width: embedded.width, height: embedded.height, channels: embedded.channels },
          });
  } else {
    image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', animated: false });
  }
  try {
    const { data, info } = await image
      .rotate()
      .grayscale()
      .resize({ width: OCR_WIDTH })
      .normalise()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw createImageTooLargeError({ field: 'file' });
    if (type === 'pdf') throw createMrzUnreadableError({ field: 'file' });
    throw createUnreadableImageError({ field: 'file' });
  }
}

async function toPng(
  image: GreyImage,
  region: { top: number; height: number },
  { turn = false, threshold = false }: { turn?: boolean; threshold?: boolean } = {},
): Promise<Buffer> {
  const sharp = await loadSharp();
  let pipeline = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } }).extract({
    left: 0,
    top: region.top,
    width: image.width,
    height: region.height,
  });
  if (threshold) pipeline = pipeline.median(3).threshold(140);
  if (turn) pipeline = pipeline.rotate(180);
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

/**
 * Reads the MRZ of a scan (decision 028). The bottom band of the page first; if an MRZ was seen there but its
 * check digits do not hold, the band once more in black and white (another reading of the same characters);
 * if none was seen, the whole page (an MRZ elsewhere, wide margins), then the whole page upside down.
 * The best outcome wins: a reading, else check_digits if an MRZ was seen, else unreadable.
 */
async function readScan(image: GreyImage, recognize: Recognize, year: number): Promise<MrzParseResult> {
  const bandTop = Math.floor(image.height * (1 - MRZ_BAND));
  const band = { top: bandTop, height: image.height - bandTop };
  const whole = { top: 0, height: image.height };
  const first = readMrzFromOcrText(await recognize(await toPng(image, band)), year);
  if (first.ok) return first;
  const passes =
    first.reason === 'check_digits'
      ? [() => toPng(image, band, { threshold: true })]
      : [() => toPng(image, whole), () => toPng(image, whole, { turn: true })];
  let best = first;
  for (const pass of passes) {
    const result = readMrzFromOcrText(await recognize(await pass()), year);
    if (result.ok) return result;
    if (result.reason === 'check_digits') best = result;
  }
  return best;
}

/**
 * POST /passport-read (PRODUCT §6): pasted MRZ lines are read as typed; a scan is checked like a passenger's
 * scan (size 413, type 422), then read by OCR in its turn (503 when the queue is full).
 */
export async function readPassport({
  ocr,
  file,
  mrz,
  now = new Date(),
}: {
  ocr: PassportOcr;
  file: FormFile | undefined;
  mrz: string | undefined;
  now?: Date;
}): Promise<PassportData> {
  const year = currentYear(now);
  if (mrz !== undefined && mrz.trim() !== '') return answer(parseMrzText(mrz, year), 'mrz');
  if (!file || !isFormFile(file)) throw createMrzUnreadableError({ field: 'file' });

  const { bytes, type } = await checkUploadedFile({ file, field: 'file', types: DOCUMENT_TYPES });
  try {
    const result = await ocr.run(async (recognize) => readScan(await decodeScan(bytes, type), recognize, year));
    return answer(result, 'file');
  } catch (error) {
    if (error instanceof PassportOcrBusyError) throw createPassportReadBusyError({ retryAfterSeconds: error.retryAfterSeconds });
    if (error instanceof PassportOcrFailedError) throw createMrzUnreadableError({ field: 'file' });
    throw error;
  }
}
