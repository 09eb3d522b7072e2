import { inflateSync } from 'node:zlib';

/**
 * Test support: reads back the text pdfkit wrote, so tests assert on a document's contents and not just its
 * type. pdfkit writes one `BT … [<hex> kerning <hex> …] TJ … ET` block a line; with the standard fonts the hex
 * bytes are WinAnsi codes (latin1 plus a few punctuation marks). Content streams are deflated unless the
 * document was made with `compress: false`; both are read.
 */

const WIN_ANSI_EXTRAS: Record<number, string> = {
  0x80: '€',
  0x85: '…',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
};

/** Word gaps of justified text are written as large negative kerning; smaller values are letter kerning. */
const WORD_GAP = -250;

function decodeHex(hex: string): string {
  const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  return Array.from(bytes, (byte) => WIN_ANSI_EXTRAS[byte] ?? String.fromCharCode(byte)).join('');
}

/** The decoded bytes of every stream that is not a picture. */
export function readPdfContentStreams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const streams: string[] = [];
  const header = /\d+ \d+ obj\s*<<((?:(?!endobj)[\s\S])*?)>>\s*stream\r?\n/g;
  for (let match = header.exec(source); match; match = header.exec(source)) {
    const dictionary = match[1] ?? '';
    const length = /\/Length (\d+)/.exec(dictionary);
    if (!length || /\/Subtype\s*\/Image/.test(dictionary)) continue;
    const start = match.index + match[0].length;
    const raw = pdf.subarray(start, start + Number(length[1]));
    const data = /\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
    streams.push(data.toString('latin1'));
  }
  return streams;
}

/** Every line of text drawn in the document, in drawing order. */
export function extractPdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const stream of readPdfContentStreams(pdf)) {
    for (const block of stream.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      let line = '';
      for (const array of (block[1] ?? '').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
        for (const token of (array[1] ?? '').matchAll(/<([0-9a-fA-F\s]*)>|(-?\d+(?:\.\d+)?)/g)) {
          if (token[1] !== undefined) line += decodeHex(token[1]);
          else if (Number(token[2]) < WORD_GAP) line += ' ';
        }
      }
      for (const single of (block[1] ?? '').matchAll(/<([0-9a-fA-F\s]*)>\s*Tj/g)) line += decodeHex(single[1] ?? '');
      if (line !== '') lines.push(line.trim());
    }
  }
  return lines;
}

/** The document's text, a line per line drawn. */
export function extractPdfText(pdf: Buffer): string {
  return extractPdfLines(pdf).join('\n');
}

/** Pages of the document (its /Type /Page objects). */
export function countPdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
}

/** Whether a picture (the airline logo) is embedded. */
export function hasPdfImage(pdf: Buffer): boolean {
  return /\/Subtype \/Image/.test(pdf.toString('latin1'));
}
