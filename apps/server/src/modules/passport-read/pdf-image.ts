import { inflateSync } from 'node:zlib';

/**
 * The scan inside a scanned PDF (PRODUCT §6: "the first page of a PDF is read"; decision 028). A scanner's PDF
 * page is one embedded image; this finds the first page's image XObject and hands back its bytes: a JPEG
 * (DCTDecode) as it is, or 8-bit Flate-compressed pixels (with or without PNG predictors) as raw pixels.
 * It renders nothing: a page drawn with vector text has no image, and the MRZ is then unreadable.
 * When the page tree cannot be followed (objects kept in compressed object streams), the first image
 * of the file is taken: images are streams, which are never inside object streams.
 */

export type PdfImage =
  | { kind: 'encoded'; bytes: Buffer }
  | { kind: 'raw'; bytes: Buffer; width: number; height: number; channels: 1 | 3 | 4 };

interface PdfObject {
  dictionary: string;
  start: number;
  streamStart: number | undefined;
}

const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;

function indexObjects(text: string): Map<number, PdfObject> {
  const objects = new Map<number, PdfObject>();
  for (const match of text.matchAll(OBJECT_HEADER)) {
    const start = match.index + match[0].length;
    const end = text.indexOf('endobj', start);
    if (end === -1) continue;
    const streamAt = text.indexOf('stream', start);
    const hasStream = streamAt !== -1 && streamAt < end && !/end$/.test(text.slice(streamAt - 3, streamAt));
    const dictionary = text.slice(start, hasStream ? streamAt : end);
    let streamStart: number | undefined;
    if (hasStream) {
      streamStart = streamAt + 'stream'.length;
      if (text[streamStart] === '\r') streamStart += 1;
      if (text[streamStart] === '\n') streamStart += 1;
    }
    // The last definition of an object number wins (incremental updates).
    objects.set(Number(match[1]), { dictionary, start, streamStart });
  }
  return objects;
}

function reference(dictionary: string, key: string): number | undefined {
  const match = new RegExp(`/${key}\\s+(\\d+)\\s+\\d+\\s+R`).exec(dictionary);
  return match ? Number(match[1]) : undefined;
}

function numberValue(dictionary: string, key: string, objects: Map<number, PdfObject>): number | undefined {
  const direct = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)`).exec(dictionary);
  if (direct) return Number(direct[1]);
  const ref = reference(dictionary, key);
  const target = ref === undefined ? undefined : objects.get(ref);
  const value = target ? /^\s*(\d+)/.exec(target.dictionary) : null;
  return value ? Number(value[1]) : undefined;
}

function isImage(object: PdfObject): boolean {
  return object.streamStart !== undefined && /\/Subtype\s*\/Image\b/.test(object.dictionary);
}

/** The object numbers of the image XObjects of the first page, in the order its resources name them. */
function firstPageImages(objects: Map<number, PdfObject>): number[] {
  const catalog = [...objects.values()].find((object) => /\/Type\s*\/Catalog\b/.test(object.dictionary));
  let node = catalog ? objects.get(reference(catalog.dictionary, 'Pages') ?? -1) : undefined;
  for (let depth = 0; node && /\/Type\s*\/Pages\b/.test(node.dictionary) && depth < 20; depth += 1) {
    const kids = /\/Kids\s*\[\s*(\d+)\s+\d+\s+R/.exec(node.dictionary);
    node = kids ? objects.get(Number(kids[1])) : undefined;
  }
  if (!node) return [];
  let resources = node.dictionary;
  const resourcesRef = reference(resources, 'Resources');
  if (resourcesRef !== undefined) resources = objects.get(resourcesRef)?.dictionary ?? '';
  let xObjects = /\/XObject\s*<<([\s\S]*?)>>/.exec(resources)?.[1];
  const xObjectRef = reference(resources, 'XObject');
  if (xObjects === undefined && xObjectRef !== undefined) xObjects = objects.get(xObjectRef)?.dictionary;
  if (!xObjects) return [];
  return [...xObjects.matchAll(/\/[^\s/<>[\]]+\s+(\d+)\s+\d+\s+R/g)].map((match) => Number(match[1]));
}

function streamBytes(bytes: Buffer, text: string, object: PdfObject, objects: Map<number, PdfObject>): Buffer {
  const start = object.streamStart!;
  const length = numberValue(object.dictionary, 'Length', objects);
  if (length !== undefined && text.startsWith('endstream', skipWhitespace(text, start + length))) return bytes.subarray(start, start + length);
  const end = text.indexOf('endstream', start);
  let stop = end;
  if (text[stop - 1] === '\n') stop -= 1;
  if (text[stop - 1] === '\r') stop -= 1;
  return bytes.subarray(start, stop);
}

function skipWhitespace(text: string, index: number): number {
  let position = index;
  while (position < text.length && /\s/.test(text[position]!)) position += 1;
  return position;
}

/** Undoes the PNG row filters (PDF /Predictor 10-15). */
function unpredict(data: Buffer, width: number, channels: number): Buffer {
  const rowLength = width * channels;
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = Buffer.alloc(rows * rowLength);
  for (let row = 0; row < rows; row += 1) {
    const filter = data[row * (rowLength + 1)]!;
    const input = row * (rowLength + 1) + 1;
    const at = row * rowLength;
    for (let index = 0; index < rowLength; index += 1) {
      const left = index >= channels ? out[at + index - channels]! : 0;
      const up = row > 0 ? out[at - rowLength + index]! : 0;
      const upLeft = row > 0 && index >= channels ? out[at - rowLength + index - channels]! : 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [a, b, c] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
      }
      out[at + index] = (data[input + index]! + predicted) & 0xff;
    }
  }
  return out;
}

function decodeImage(bytes: Buffer, text: string, object: PdfObject, objects: Map<number, PdfObject>): PdfImage | undefined {
  const { dictionary } = object;
  const data = streamBytes(bytes, text, object, objects);
  if (/\/Filter\s*(\[\s*)?\/DCTDecode\b/.test(dictionary)) return { kind: 'encoded', bytes: Buffer.from(data) };
  if (!/\/Filter\s*(\[\s*)?\/FlateDecode\s*\]?/.test(dictionary)) return undefined;
  const width = numberValue(dictionary, 'Width', objects);
  const height = numberValue(dictionary, 'Height', objects);
  const bits = numberValue(dictionary, 'BitsPerComponent', objects);
  const channels = /\/ColorSpace\s*\/DeviceGray\b/.test(dictionary) ? 1 : /\/ColorSpace\s*\/DeviceCMYK\b/.test(dictionary) ? 4 : 3;
  if (!width || !height || bits !== 8) return undefined;
  let pixels: Buffer = inflateSync(data);
  const predictor = numberValue(dictionary, 'Predictor', objects) ?? 1;
  if (predictor >= 10) pixels = unpredict(pixels, width, channels);
  if (pixels.length < width * height * channels) return undefined;
  return { kind: 'raw', bytes: pixels.subarray(0, width * height * channels), width, height, channels };
}

/** The first page's scan, or undefined when the PDF has no image that can be read. */
export function extractFirstPageImage(bytes: Buffer): PdfImage | undefined {
  const text = bytes.toString('latin1');
  const objects = indexObjects(text);
  const pageImages = firstPageImages(objects)
    .map((number) => objects.get(number))
    .filter((object): object is PdfObject => object !== undefined && isImage(object));
  const candidates = pageImages.length > 0 ? pageImages : [...objects.values()].filter(isImage).sort((a, b) => a.start - b.start);
  for (const candidate of candidates) {
    try {
      const image = decodeImage(bytes, text, candidate, objects);
      if (image) return image;
    } catch {
      // A damaged stream: try the next image.
    }
  }
  return undefined;
}
