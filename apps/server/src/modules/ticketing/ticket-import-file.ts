import ExcelJS from 'exceljs';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  importRowMessage,
  isValidTicketNo,
  normaliseTicketNo,
  TICKET_NO_FORMAT_MESSAGE,
  TICKET_NO_LENGTH,
  ticketNoRepeatedMessage,
  type ImportColumn,
} from '@portal/contract/ticketing';
import {
  createImportColumnsError,
  createImportEmptyError,
  createImportFileError,
  createImportTooManyRowsError,
  createImportUnreadableError,
} from './ticketing.errors.js';

/**
 * Reading the airline's ticket-number sheet (PRODUCT §6, decision 031): an xlsx workbook (its first sheet) or a CSV
 * file, told apart by their bytes, never by the name or the declared type. The first non-blank row names the
 * columns; blank rows are skipped. Every problem answers a 422 on `file` before anything is matched or saved.
 */

/** One ticket of the file. `row` is the file's line (the header is 1), for messages and the preview. */
export interface ImportFileRow {
  row: number;
  pnr: string;
  surname: string;
  givenName: string;
  ticketNo: string;
}

/** At most this many row messages in one answer: a wrong file would otherwise list thousands. */
const MAX_ROW_MESSAGES = 20;

/** Header spellings accepted per column, compared without case, spaces or punctuation. */
const COLUMN_NAMES: Record<ImportColumn, readonly string[]> = {
  PNR: ['pnr', 'pnrno', 'recordlocator', 'bookingreference'],
  Surname: ['surname', 'lastname', 'familyname'],
  'Given name': ['givenname', 'givennames', 'firstname', 'firstnames'],
  'Ticket number': ['ticketnumber', 'ticketno', 'ticket', 'eticket', 'eticketnumber', 'eticketno', 'tktno', 'tktnumber'],
};

function headerKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

function isZip(bytes: Uint8Array): boolean {
  return ZIP_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

// ---- CSV ----------------------------------------------------------------------------------------------------------

/** The separator of the header line: Excel writes ';' or a tab in some locales, ',' elsewhere. */
function detectSeparator(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((separator) => ({ separator, count: firstLine.split(separator).length - 1 }));
  return counts.reduce((best, candidate) => (candidate.count > best.count ? candidate : best)).separator;
}

/**
 * RFC 4180 CSV: fields in double quotes may hold separators, line breaks and "" for a quote; CRLF or LF ends a
 * record. undefined when a quote is left open or text follows a closing quote (a malformed file).
 */
export function parseCsv(text: string, separator = detectSeparator(text)): string[][] | undefined {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let index = 0;
  let quoted = false;
  let afterQuote = false;
  while (index < text.length) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        field += character;
      }
      index += 1;
      continue;
    }
    if (character === separator || character === '\n' || character === '\r') {
      record.push(field);
      field = '';
      afterQuote = false;
      if (character !== separator) {
        records.push(record);
        record = [];
        if (character === '\r' && text[index + 1] === '\n') index += 1;
      }
      index += 1;
      continue;
    }
    if (afterQuote) return undefined;
    if (character === '"' && field === '') {
      quoted = true;
    } else {
      field += character;
    }
    index += 1;
  }
  if (quoted) return undefined;
  if (field !== '' || record.length > 0 || afterQuote) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Characters below space other than tab, line feed, vertical tab, form feed and carriage return. */
function hasControlCharacters(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && (code < 0x09 || code > 0x0d)) return true;
  }
  return false;
}

function readCsv(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw createImportUnreadableError();
  }
  // A binary file that happens to be valid UTF-8 still holds control characters no sheet has.
  if (hasControlCharacters(text)) throw createImportUnreadableError();
  const records = parseCsv(text);
  if (!records) throw createImportUnreadableError();
  return records;
}

// ---- xlsx ---------------------------------------------------------------------------------------------------------

/**
 * A cell as text. A ticket number typed into a number cell loses its leading zeros (American's 001…), so a whole
 * number shorter than 13 digits is padded back.
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const text = Number.isInteger(value) && value >= 0 ? value.toFixed(0) : String(value);
    return /^\d+$/.test(text) && text.length < TICKET_NO_LENGTH ? text.padStart(TICKET_NO_LENGTH, '0') : text;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    throw createImportUnreadableError();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw createImportEmptyError();
  const records: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      values[column - 1] = cellText(cell.value);
    });
    records[rowNumber - 1] = Array.from(values, (value) => value ?? '');
  });
  return Array.from(records, (record) => record ?? []);
}

// ---- Rows ---------------------------------------------------------------------------------------------------------

function isBlank(record: string[]): boolean {
  return record.every((value) => value.trim() === '');
}

function findColumns(header: string[]): Record<ImportColumn, number> {
  const keys = header.map(headerKey);
  const columns: Partial<Record<ImportColumn, number>> = {};
  const missing: ImportColumn[] = [];
  for (const column of IMPORT_COLUMNS) {
    const index = keys.findIndex((key) => COLUMN_NAMES[column].includes(key));
    if (index === -1) missing.push(column);
    else columns[column] = index;
  }
  if (missing.length > 0) throw createImportColumnsError(missing);
  return columns as Record<ImportColumn, number>;
}

const REQUIRED_CELLS: Array<[ImportColumn, string]> = [
  ['PNR', 'The PNR is empty.'],
  ['Surname', 'The surname is empty.'],
  ['Given name', 'The given name is empty.'],
];

/** The records of a file as ticket rows, or a 422 listing every bad row (up to MAX_ROW_MESSAGES). */
export function toImportRows(records: string[][]): ImportFileRow[] {
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) throw createImportEmptyError();
  const columns = findColumns(records[headerIndex]!);
  const rows: ImportFileRow[] = [];
  const problems: string[] = [];
  const firstRowOf = new Map<string, number>();
  for (let index = headerIndex + 1; index < records.length; index++) {
    const record = records[index]!;
    if (isBlank(record)) continue;
    const row = index + 1;
    const cell = (column: ImportColumn) => (record[columns[column]] ?? '').trim().replace(/\s+/g, ' ');
    const empty = REQUIRED_CELLS.find(([column]) => cell(column) === '');
    const ticketNo = normaliseTicketNo(cell('Ticket number'));
    if (empty) problems.push(importRowMessage(row, empty[1]));
    else if (!isValidTicketNo(ticketNo)) problems.push(importRowMessage(row, TICKET_NO_FORMAT_MESSAGE));
    else if (firstRowOf.has(ticketNo)) problems.push(importRowMessage(row, ticketNoRepeatedMessage(ticketNo)));
    firstRowOf.set(ticketNo, firstRowOf.get(ticketNo) ?? row);
    rows.push({ row, pnr: cell('PNR').toUpperCase(), surname: cell('Surname'), givenName: cell('Given name'), ticketNo });
    if (rows.length > IMPORT_MAX_ROWS) throw createImportTooManyRowsError();
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_ROW_MESSAGES);
    if (problems.length > shown.length) shown.push(`And ${problems.length - shown.length} more rows with problems.`);
    throw createImportFileError(shown);
  }
  if (rows.length === 0) throw createImportEmptyError();
  return rows;
}

/** The ticket rows of an uploaded xlsx or CSV file. */
export async function readImportFile(bytes: Uint8Array): Promise<ImportFileRow[]> {
  if (bytes.byteLength === 0) throw createImportEmptyError();
  const records = isZip(bytes) ? await readXlsx(bytes) : readCsv(bytes);
  return toImportRows(records);
}
