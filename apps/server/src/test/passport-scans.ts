import { createRequire } from 'node:module';
import path from 'node:path';
import { formatTd3Lines } from '@portal/contract/mrz';
import { KHAN_SPECIMEN, KHAN_TD3 } from '@portal/contract/mrz-specimens';
import type { PassportData } from '@portal/contract/passport';
import PDFDocument from 'pdfkit';
import sharp, { type OverlayOptions } from 'sharp';

/**
 * Generated passport scans (issue 17 point 1, decision 028): a data page of ICAO's ID-3 size (125 x 88 mm) with
 * its printed fields, a photo box and the two MRZ lines of a known passport, at any width, turned a little, with
 * noise, as PNG, JPEG or a PDF holding the image. Used by the passport-read tests, the bench and the e2e fixture
 * (`npm run passport-fixture -w apps/server` writes e2e/fixtures/passport-scan.png).
 *
 * The MRZ is set in DejaVu Sans Mono from the dejavu-fonts-ttf package (no OCR-B font is on npm), at ICAO's
 * pitch of 2.54 mm a character, so the test never depends on the machine's fonts.
 */

const require = createRequire(import.meta.url);
const FONT_FILE = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSansMono.ttf');
const FONT = 'DejaVu Sans Mono';

/** The e2e journey's passenger (issue 17): her TD3 fields and the passport data read from them. */
export { KHAN_TD3 };
export const KHAN_PASSPORT: PassportData = KHAN_SPECIMEN.data;

export function khanMrzLines(): [string, string] {
  return formatTd3Lines(KHAN_TD3);
}

export interface ScanOptions {
  /** The MRZ lines to print; none prints a data page without an MRZ. */
  lines?: readonly [string, string] | undefined;
  /** Pixels across (the page is 125 x 88 mm). */
  width?: number;
  /** Degrees, clockwise. */
  angle?: number;
  /** Grey noise added to every pixel, 0-255 at most; deterministic (seeded). */
  noise?: number;
  format?: 'png' | 'jpeg' | 'pdf';
  /** Printed fields shown above the MRZ (the visual zone). */
  printed?: Array<[string, string]>;
}

function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

async function renderText(text: string, pixels: number, { bold = false, colour = '#1a1a1a', spacing = 0 } = {}) {
  const rendered = await sharp({
    text: {
      text: `<span foreground="${colour}">${escapeMarkup(text)}</span>`,
      font: `${FONT}${bold ? ' Bold' : ''} ${pixels}`,
      fontfile: FONT_FILE,
      dpi: 72,
      rgba: true,
      spacing,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { input: rendered.data, width: rendered.info.width, height: rendered.info.height };
}

/** A small linear congruential generator: the same noise on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 0x1_0000_0000;
  };
}

/** Renders a passport data page as an image (or a one-page PDF holding it). */
export async function renderPassportScan(options: ScanOptions = {}): Promise<Buffer> {
  const width = options.width ?? 1500;
  const height = Math.round((width * 88) / 125);
  const mm = width / 125;
  const printed = options.printed ?? [
    ['Surname', 'KHAN'],
    ['Given Names', 'AYESHA BIBI'],
    ['Nationality', 'PAKISTANI'],
    ['Date of Birth', '15 MAR 1990'],
    ['Passport No', 'AB1234567'],
    ['Date of Expiry', '20 AUG 2031'],
  ];

  const layers: OverlayOptions[] = [];
  const title = await renderText('ISLAMIC REPUBLIC OF PAKISTAN   PASSPORT', Math.round(3.2 * mm), { bold: true, colour: '#1f4d2b' });
  layers.push({ input: title.input, left: Math.round(6 * mm), top: Math.round(4 * mm) });
  // The photo box.
  const photo = await sharp({
    create: { width: Math.round(32 * mm), height: Math.round(40 * mm), channels: 3, background: '#9aa5a0' },
  })
    .png()
    .toBuffer();
  layers.push({ input: photo, left: Math.round(6 * mm), top: Math.round(12 * mm) });
  let top = 12 * mm;
  for (const [label, value] of printed) {
    const labelText = await renderText(label, Math.round(2 * mm), { colour: '#3d5a45' });
    const valueText = await renderText(value, Math.round(3 * mm), { bold: true });
    layers.push({ input: labelText.input, left: Math.round(44 * mm), top: Math.round(top) });
    layers.push({ input: valueText.input, left: Math.round(44 * mm), top: Math.round(top + 2.6 * mm) });
    top += 7 * mm;
  }
  if (options.lines) {
    // ICAO 9303 part 3: 2.54 mm a character; DejaVu Sans Mono advances 0.602 em.
    const mrz = await renderText(options.lines.join('\n'), Math.round((2.54 * mm) / 0.602), { spacing: Math.round(1.2 * mm) });
    layers.push({ input: mrz.input, left: Math.round(6 * mm), top: height - mrz.height - Math.round(5 * mm) });
  }

  let image = await sharp({ create: { width, height, channels: 3, background: '#e9efe6' } })
    .composite(layers)
    .png()
    .toBuffer();
  if (options.angle) image = await sharp(image).rotate(options.angle, { background: '#ffffff' }).png().toBuffer();
  if (options.noise) {
    const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
    const random = seededRandom(width);
    for (let index = 0; index < data.length; index += 1) {
      data[index] = Math.max(0, Math.min(255, data[index]! + Math.round((random() - 0.5) * 2 * options.noise)));
    }
    image = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .png()
      .toBuffer();
  }

  const format = options.format ?? 'png';
  if (format === 'png') return sharp(image).png({ compressionLevel: 9, palette: false }).toBuffer();
  const jpeg = await sharp(image).jpeg({ quality: 80 }).toBuffer();
  return format === 'jpeg' ? jpeg : pdfWithImage(jpeg, width, height);
}

/** A one-page A4 PDF with the scan as its only image, as a scanner writes it. */
function pdfWithImage(jpeg: Buffer, width: number, height: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margin: 36, compress: false });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    const fitWidth = 523;
    document.image(jpeg, 36, 36, { width: fitWidth, height: (fitWidth * height) / width });
    document.end();
  });
}

/** A PDF page with only text on it (no image): nothing for OCR to read. */
export function renderTextOnlyPdf(lines: readonly string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margin: 36 });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.font('Courier').fontSize(10);
    for (const line of lines) document.text(line);
    document.end();
  });
}
