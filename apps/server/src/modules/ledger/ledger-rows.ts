/**
 * An agent's ledger rows as account-api JSON bytes, in report order (entry date, then posting id), with what the
 * report needs of each row beside them (decision 050): the rows' texts joined by commas in one Buffer, and per row its
 * byte offset, id, date (as the number yyyymmdd) and balance after it, in typed arrays. A 15,000-row ledger is five
 * allocations, not 15,000 objects.
 *
 * The fields are read from the texts themselves (ledger_entry_json, migration 0013): every row starts
 * `{"id":<id>,"receive_date":"YYYY-MM-DD",` and holds `"balance":<balance>,` after its text. Inside a JSON string a
 * quote is escaped (`\"`), so `},{"id":` only ever separates two rows and `"balance":` only ever names the field.
 */

export interface LedgerRows {
  /** The rows' JSON joined by commas: the inside of the report's `rows` array. */
  readonly data: Buffer;
  /** Byte offset of each row's `{` in data. */
  readonly starts: Uint32Array;
  readonly ids: Int32Array;
  /** The entry date as yyyymmdd. */
  readonly days: Int32Array;
  /** The agent's balance after the row. */
  readonly balances: Float64Array;
  /** Made by mergeLedgerRows: how many first bytes of data are those of the rows merged into (their texts unchanged). */
  readonly keptBytes?: number;
}

export const EMPTY_LEDGER_ROWS: LedgerRows = {
  data: Buffer.alloc(0),
  starts: new Uint32Array(0),
  ids: new Int32Array(0),
  days: new Int32Array(0),
  balances: new Float64Array(0),
};

const SEPARATOR = Buffer.from('},{"id":');
const HEAD = Buffer.from('{"id":');
const DATE_FIELD = Buffer.from(',"receive_date":"');
const BALANCE_FIELD = Buffer.from('"balance":');
const COMMA = 0x2c;
const MINUS = 0x2d;
const ZERO = 0x30;
const QUOTE = 0x22;

export class LedgerTextError extends Error {}

export function rowCount(rows: LedgerRows): number {
  return rows.ids.length;
}

/** Where row `index` ends (exclusive): the comma before the next row, or the end. */
export function rowEnd(rows: LedgerRows, index: number): number {
  return index + 1 < rows.starts.length ? rows.starts[index + 1]! - 1 : rows.data.length;
}

/** An integer written in JSON at `at`, up to the byte `stop`. */
function readInteger(data: Buffer, at: number, stop: number): { value: number; end: number } {
  let index = at;
  const negative = data[index] === MINUS;
  if (negative) index += 1;
  let value = 0;
  const first = index;
  while (index < data.length && data[index] !== stop) {
    const digit = data[index]! - ZERO;
    if (digit < 0 || digit > 9) throw new LedgerTextError(`a ledger row's number has a ${String.fromCharCode(data[index]!)} at ${index}`);
    value = value * 10 + digit;
    index += 1;
  }
  if (index === first || index >= data.length) throw new LedgerTextError(`a ledger row's number ends badly at ${index}`);
  if (!Number.isSafeInteger(value)) throw new LedgerTextError('a ledger row holds a number past 2^53');
  return { value: negative ? -value : value, end: index };
}

function expectAt(data: Buffer, at: number, bytes: Buffer): void {
  if (data.compare(bytes, 0, bytes.length, at, at + bytes.length) !== 0) throw new LedgerTextError(`a ledger row lacks ${bytes.toString()} at ${at}`);
}

/** yyyymmdd of `YYYY-MM-DD` at `at` (four-digit years only: anything else is refused, and the caller asks SQL). */
function readDay(data: Buffer, at: number): number {
  if (data[at + 10] !== QUOTE || data[at + 4] !== MINUS || data[at + 7] !== MINUS) throw new LedgerTextError(`a ledger row's date is not YYYY-MM-DD at ${at}`);
  let value = 0;
  for (const offset of [0, 1, 2, 3, 5, 6, 8, 9]) {
    const digit = data[at + offset]! - ZERO;
    if (digit < 0 || digit > 9) throw new LedgerTextError(`a ledger row's date is not YYYY-MM-DD at ${at}`);
    value = value * 10 + digit;
  }
  return value;
}

/** `YYYY-MM-DD` as yyyymmdd (the contract's dates are valid ISO dates). */
export function dayOf(date: string): number {
  return Number(date.slice(0, 4)) * 10_000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
}

/** Splits rows joined by commas (string_agg's answer) and reads each one's id, date and balance. */
export function parseLedgerRows(data: Buffer): LedgerRows {
  if (data.length === 0) return EMPTY_LEDGER_ROWS;
  const starts: number[] = [];
  let at = 0;
  while (true) {
    starts.push(at);
    const next = data.indexOf(SEPARATOR, at);
    if (next === -1) break;
    at = next + 2;
  }
  const count = starts.length;
  const rows = {
    data,
    starts: Uint32Array.from(starts),
    ids: new Int32Array(count),
    days: new Int32Array(count),
    balances: new Float64Array(count),
  };
  for (let index = 0; index < count; index++) {
    const start = starts[index]!;
    expectAt(data, start, HEAD);
    const id = readInteger(data, start + HEAD.length, COMMA);
    expectAt(data, id.end, DATE_FIELD);
    rows.ids[index] = id.value;
    rows.days[index] = readDay(data, id.end + DATE_FIELD.length);
    const balanceAt = data.indexOf(BALANCE_FIELD, id.end);
    if (balanceAt === -1 || balanceAt > rowEnd(rows, index)) throw new LedgerTextError(`a ledger row has no balance at ${start}`);
    rows.balances[index] = readInteger(data, balanceAt + BALANCE_FIELD.length, COMMA).value;
  }
  return rows;
}

/** Report order: date, then posting id. */
function before(aDay: number, aId: number, bDay: number, bId: number): boolean {
  return aDay < bDay || (aDay === bDay && aId < bId);
}

/**
 * The rows with `changed` (rows read again, in report order) in place: a changed row replaces the row of its id
 * wherever that stood, a new one takes its place by date and id. The unchanged runs are copied as they are.
 */
export function mergeLedgerRows(rows: LedgerRows, changed: LedgerRows): LedgerRows {
  if (rowCount(changed) === 0) return rows;
  const changedIds = new Set(changed.ids);
  const pieces: Array<{ from: LedgerRows; first: number; last: number }> = [];
  const n = rowCount(rows);
  const m = rowCount(changed);
  let count = 0;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && changedIds.has(rows.ids[i]!)) {
      i += 1;
      continue;
    }
    if (j >= m || (i < n && before(rows.days[i]!, rows.ids[i]!, changed.days[j]!, changed.ids[j]!))) {
      // A run of kept rows, up to the next changed row's place.
      const first = i;
      while (i + 1 < n && !changedIds.has(rows.ids[i + 1]!) && (j >= m || before(rows.days[i + 1]!, rows.ids[i + 1]!, changed.days[j]!, changed.ids[j]!))) i += 1;
      pieces.push({ from: rows, first, last: i });
      count += i - first + 1;
      i += 1;
    } else {
      pieces.push({ from: changed, first: j, last: j });
      count += 1;
      j += 1;
    }
  }
  const [lead] = pieces;
  const keptBytes = lead && lead.from === rows && lead.first === 0 ? rowEnd(rows, lead.last) : 0;
  let bytes = Math.max(0, pieces.length - 1);
  for (const piece of pieces) bytes += rowEnd(piece.from, piece.last) - piece.from.starts[piece.first]!;
  const merged = {
    data: Buffer.allocUnsafe(bytes),
    starts: new Uint32Array(count),
    ids: new Int32Array(count),
    days: new Int32Array(count),
    balances: new Float64Array(count),
    keptBytes,
  };
  let offset = 0;
  let index = 0;
  for (const piece of pieces) {
    if (offset > 0) merged.data[offset++] = COMMA;
    const { from, first, last } = piece;
    const base = from.starts[first]!;
    for (let row = first; row <= last; row++) merged.starts[index + row - first] = offset + from.starts[row]! - base;
    merged.ids.set(from.ids.subarray(first, last + 1), index);
    merged.days.set(from.days.subarray(first, last + 1), index);
    merged.balances.set(from.balances.subarray(first, last + 1), index);
    offset += from.data.copy(merged.data, offset, base, rowEnd(from, last));
    index += last - first + 1;
  }
  return merged;
}

/** The first row dated on or after `day`. */
export function firstOnOrAfter(rows: LedgerRows, day: number): number {
  let low = 0;
  let high = rowCount(rows);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (rows.days[middle]! < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Rows first..last (inclusive) as the inside of a JSON array; empty when last < first. */
export function rowsBytes(rows: LedgerRows, first: number, last: number): Buffer {
  if (last < first) return rows.data.subarray(0, 0);
  return rows.data.subarray(rows.starts[first]!, rowEnd(rows, last));
}
