import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { rowCount, type LedgerRows } from './ledger-rows.js';

/**
 * An agent's `all` ledger gzipped from pieces kept between answers (decision 050). gzip is one deflate stream; a
 * deflate stream may be cut into pieces each ending with a sync flush (a byte-aligned empty block, as zlib's
 * Z_SYNC_FLUSH writes), and a piece compressed with the 32 KB that precede it as its dictionary refers back into them
 * exactly as one long compression would (pigz compresses in parallel this way). So the rows are compressed in blocks of
 * about BLOCK_BYTES, each with the bytes before it as dictionary (the first with none: the head before it differs per
 * answer), and kept with the ledger: a posting recompresses the blocks from its row on (usually the last one only),
 * not 2.4 MB. Each answer is the gzip header, its head deflated, the blocks, `]}}` deflated as the final block, and the
 * CRC-32 and length of the whole text (zlib.crc32, about 1 ms for 2.4 MB). The text is the same; only the gzip bytes
 * differ from one compression of the whole (about the same size: level 6 here, where the whole was sent at level 4).
 */

const BLOCK_BYTES = 64 * 1024;
const WINDOW_BYTES = 32 * 1024;
const LEVEL = 6;
/** ID1 ID2, deflate, no flags, no time, no extra flags, OS unix: what zlib.gzip writes. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

const deflateRawAsync = promisify(deflateRaw);

interface Block {
  /** The block's bytes in the rows' data: start..end, a whole number of rows (the comma after the last one included). */
  start: number;
  end: number;
  deflated: Promise<Buffer>;
}

export interface ZippedRows {
  rows: LedgerRows;
  blocks: readonly Block[];
}

/** Deflates a piece ending with a sync flush (not the final block), with the bytes before it as dictionary. */
function deflatePiece(data: Buffer, start: number, end: number): Promise<Buffer> {
  const dictionary = start > 0 ? data.subarray(Math.max(0, start - WINDOW_BYTES), start) : undefined;
  return deflateRawAsync(data.subarray(start, end), { level: LEVEL, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
}

/**
 * The rows' blocks, those of `previous` kept where their bytes and the 32 KB before them are unchanged (rows whose
 * first `keptBytes` bytes are the previous rows').
 */
export function zipRows(rows: LedgerRows, previous: ZippedRows | null): ZippedRows {
  const kept: Block[] = [];
  if (previous && rows.keptBytes !== undefined) {
    for (const block of previous.blocks) {
      // The last kept block ends before the kept bytes do: a block ending with them (the old last one) takes the rows
      // after it, so postings do not leave a block each.
      if (block.end >= rows.keptBytes) break;
      kept.push(block);
    }
  }
  const blocks = kept;
  let start = blocks.at(-1)?.end ?? 0;
  const n = rowCount(rows);
  let row = 0;
  while (row < n && rows.starts[row]! < start) row += 1;
  while (row < n) {
    // Whole rows up to BLOCK_BYTES (one row at least); the block ends where the next row starts, or at the end.
    let next = row + 1;
    while (next < n && rows.starts[next]! - start < BLOCK_BYTES) next += 1;
    const end = next < n ? rows.starts[next]! : rows.data.length;
    blocks.push({ start, end, deflated: deflatePiece(rows.data, start, end) });
    start = end;
    row = next;
  }
  return { rows, blocks };
}

/** A short text deflated with no dictionary; `final`: as the stream's last block. */
function deflateShort(text: Buffer, final: boolean): Buffer {
  return deflateRawSync(text, { level: LEVEL, finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
}

/** gzip of `open` + every row + `close`, from the kept blocks. */
export async function gzipAll(zipped: ZippedRows, open: Buffer, close: Buffer): Promise<Buffer> {
  const { data } = zipped.rows;
  const blocks = await Promise.all(zipped.blocks.map((block) => block.deflated));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(close, crc32(data, crc32(open))) >>> 0, 0);
  trailer.writeUInt32LE((open.length + data.length + close.length) % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, deflateShort(open, false), ...blocks, deflateShort(close, true), trailer]);
}
