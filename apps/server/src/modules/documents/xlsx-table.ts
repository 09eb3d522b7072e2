import type ExcelJS from 'exceljs';

/**
 * The one way the server writes a spreadsheet (PRODUCT §4 "PNR Excel", §6 "every report table exports to xlsx";
 * decision 022): exceljs, loaded by the first workbook rather than at start (issue 8, memory); each table on a
 * sheet of its own under optional title lines, with a bold, frozen heading row and a filter on it. Values keep
 * their types, so a spreadsheet sorts and sums them:
 * - `date`: a 'YYYY-MM-DD' calendar date as a date cell (midnight UTC, how Excel's day serials read back),
 *   shown dd-mmm-yyyy;
 * - `money`: whole rupees as a number, shown as the app shows them ('PKR 145,000', 'PKR -5,000');
 * - `integer` and `text` as they are. null leaves the cell empty.
 */

export type XlsxColumnKind = 'text' | 'integer' | 'date' | 'money';

export interface XlsxColumn {
  header: string;
  width: number;
  kind?: XlsxColumnKind;
}

export type XlsxValue = string | number | null;

export interface XlsxTable {
  /** The sheet's name (cut to Excel's 31 characters; []:*?/\ are not allowed there). */
  name: string;
  /** Lines above the table: what it is, for whom, which period. The first is bold. */
  title?: string[];
  columns: readonly XlsxColumn[];
  rows: XlsxValue[][];
  /** A last, bold row (totals); not inside the filter's range. */
  footer?: XlsxValue[];
}

const DATE_FORMAT = 'dd-mmm-yyyy';
/** The web's formatPKR: 'PKR 145,000', a minus after the currency. */
export const PKR_FORMAT = '"PKR "#,##0;"PKR -"#,##0';

function toDateCell(value: string): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
}

function toCell(value: XlsxValue, kind: XlsxColumnKind): ExcelJS.CellValue {
  if (value === null) return null;
  return kind === 'date' && typeof value === 'string' ? toDateCell(value) : value;
}

function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '-').slice(0, 31) || 'Sheet';
}

function addTable(workbook: ExcelJS.Workbook, table: XlsxTable): void {
  const title = table.title ?? [];
  // The heading row sits under the title lines and a blank line.
  const headingRow = title.length > 0 ? title.length + 2 : 1;
  const sheet = workbook.addWorksheet(sheetName(table.name), { views: [{ state: 'frozen', ySplit: headingRow }] });
  title.forEach((line, index) => {
    const row = sheet.getRow(index + 1);
    row.getCell(1).value = line;
    if (index === 0) row.font = { bold: true, size: 13 };
  });
  table.columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.width;
  });
  const heading = sheet.getRow(headingRow);
  heading.values = table.columns.map((column) => column.header);
  heading.font = { bold: true };

  const kinds = table.columns.map((column) => column.kind ?? 'text');
  const write = (values: XlsxValue[]) => sheet.addRow(values.map((value, index) => toCell(value, kinds[index] ?? 'text')));
  for (const values of table.rows) write(values);
  if (table.footer) write(table.footer).font = { bold: true };

  kinds.forEach((kind, index) => {
    const format = kind === 'date' ? DATE_FORMAT : kind === 'money' ? PKR_FORMAT : undefined;
    if (!format) return;
    for (let row = headingRow + 1; row <= sheet.rowCount; row++) sheet.getRow(row).getCell(index + 1).numFmt = format;
  });
  sheet.autoFilter = { from: { row: headingRow, column: 1 }, to: { row: headingRow, column: table.columns.length } };
}

/** A workbook of one sheet a table, as xlsx bytes. */
export async function renderXlsx(tables: XlsxTable[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Group Fares';
  workbook.created = new Date();
  for (const table of tables) addTable(workbook, table);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
