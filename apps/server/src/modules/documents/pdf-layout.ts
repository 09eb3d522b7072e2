import { getPassengerTypeLabel, type DocumentLeg, type DocumentPassenger } from './document-data.js';
import { formatCalendarDate, formatClockTime, passengerFullName } from './document-format.js';

/**
 * Shared drawing of the portal's PDFs (booking, PNR). Only pdfkit's built-in Helvetica is used: its metrics
 * ship with pdfkit, so rendering reads no font file from the network or the system.
 */
export type Pdf = PDFKit.PDFDocument;

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
const MARGIN = 40;
const CELL_PADDING = 4;
const HEADER_FILL = '#e9eef5';
const RULE_COLOUR = '#b8c2cc';
const TEXT_COLOUR = '#1b1f24';
const MUTED_COLOUR = '#5c6670';

export interface PdfOptions {
  title: string;
  layout?: 'portrait' | 'landscape';
  /** Streams are deflated by default; tests may turn it off to read the bytes as they are. */
  compress?: boolean;
}

/**
 * An A4 document and a promise of its bytes, settled when `doc.end()` has flushed everything. pdfkit (about
 * 25 MB resident with its fonts) is loaded by the first document, not at start: most server processes serve
 * far more lists than PDFs (issue 8, the embedded server's memory).
 */
export async function createPdf({ title, layout = 'portrait', compress = true }: PdfOptions): Promise<{ doc: Pdf; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout,
    margin: MARGIN,
    compress,
    info: { Title: title, Author: 'Group Fares', Creator: 'Group Fares portal' },
  });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(FONT).fontSize(10).fillColor(TEXT_COLOUR);
  return { doc, bytes };
}

export function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function pageBottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page when fewer than `height` points are left on this one. */
export function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

export function drawSectionTitle(doc: Pdf, title: string): void {
  ensureSpace(doc, 40);
  doc.moveDown(0.8);
  doc.font(FONT_BOLD).fontSize(12).fillColor(TEXT_COLOUR).text(title, doc.page.margins.left, doc.y);
  doc.moveDown(0.3);
  doc.font(FONT).fontSize(10);
}

/** Label: value pairs in two columns of the content width. */
export function drawFacts(doc: Pdf, facts: Array<[label: string, value: string]>): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const labelWidth = 90;
  for (let index = 0; index < facts.length; index += 2) {
    const pair = facts.slice(index, index + 2);
    const heights = pair.map(([, value]) => doc.font(FONT).fontSize(10).heightOfString(value, { width: half - labelWidth - 8 }));
    const height = Math.max(...heights) + 4;
    ensureSpace(doc, height);
    const y = doc.y;
    pair.forEach(([label, value], column) => {
      const x = left + column * half;
      doc.font(FONT_BOLD).fontSize(10).fillColor(MUTED_COLOUR).text(label, x, y, { width: labelWidth });
      doc.font(FONT).fontSize(10).fillColor(TEXT_COLOUR).text(value, x + labelWidth, y, { width: half - labelWidth - 8 });
    });
    doc.y = y + height;
  }
  doc.x = left;
}

export interface TableColumn {
  header: string;
  /** Points; the columns of a table should add up to the content width (515 on portrait A4, 762 on landscape). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

function rowHeight(doc: Pdf, columns: TableColumn[], cells: string[], font: string): number {
  doc.font(font).fontSize(9);
  const heights = columns.map((column, index) =>
    doc.heightOfString(cells[index] ?? '', { width: column.width - 2 * CELL_PADDING }),
  );
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawRow(doc: Pdf, columns: TableColumn[], cells: string[], { y, height, header }: { y: number; height: number; header: boolean }): void {
  const left = doc.page.margins.left;
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  if (header) doc.rect(left, y, width, height).fill(HEADER_FILL);
  doc.font(header ? FONT_BOLD : FONT).fontSize(9).fillColor(TEXT_COLOUR);
  let x = left;
  columns.forEach((column, index) => {
    doc.text(cells[index] ?? '', x + CELL_PADDING, y + CELL_PADDING, {
      width: column.width - 2 * CELL_PADDING,
      align: column.align ?? 'left',
    });
    x += column.width;
  });
  doc
    .moveTo(left, y + height)
    .lineTo(left + width, y + height)
    .lineWidth(0.5)
    .strokeColor(RULE_COLOUR)
    .stroke();
}

/** A table whose header row repeats on every page it runs onto; `empty` is shown as one row when there are no rows. */
export function drawTable(doc: Pdf, { columns, rows, empty }: { columns: TableColumn[]; rows: string[][]; empty: string }): void {
  const headers = columns.map((column) => column.header);
  const headerHeight = rowHeight(doc, columns, headers, FONT_BOLD);
  const body = rows.length > 0 ? rows : [[empty]];
  const bodyColumns = rows.length > 0 ? columns : [{ header: '', width: columns.reduce((sum, column) => sum + column.width, 0) }];

  const firstHeight = rowHeight(doc, bodyColumns, body[0] ?? [], FONT);
  ensureSpace(doc, headerHeight + firstHeight);
  let y = doc.y;
  drawRow(doc, columns, headers, { y, height: headerHeight, header: true });
  y += headerHeight;
  for (const cells of body) {
    const height = rowHeight(doc, bodyColumns, cells, FONT);
    if (y + height > pageBottom(doc)) {
      doc.addPage();
      y = doc.page.margins.top;
      drawRow(doc, columns, headers, { y, height: headerHeight, header: true });
      y += headerHeight;
    }
    drawRow(doc, bodyColumns, cells, { y, height, header: false });
    y += height;
  }
  doc.x = doc.page.margins.left;
  doc.y = y;
}

/** The small print at the end of a document. */
export function drawFootnote(doc: Pdf, text: string): void {
  ensureSpace(doc, 30);
  doc.moveDown(1.5);
  doc.font(FONT).fontSize(8).fillColor(MUTED_COLOUR).text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.fillColor(TEXT_COLOUR);
}

/**
 * Draws a logo when pdfkit can read it (PNG or JPEG); a missing or unsupported picture (WebP) is left out
 * rather than failing the document.
 */
export function drawLogo(doc: Pdf, logo: Buffer | null, { x, y, width, height }: { x: number; y: number; width: number; height: number }): boolean {
  if (!logo) return false;
  try {
    doc.image(logo, x, y, { fit: [width, height], align: 'right', valign: 'center' });
    return true;
  } catch {
    return false;
  }
}

/** Flight, sector, departure, arrival, baggage (with the hand carry, 000 §2), meal: one row a leg. */
export function drawLegsTable(doc: Pdf, { legs, meal }: { legs: DocumentLeg[]; meal: boolean }): void {
  // Widths for portrait A4, stretched to the page's content width.
  const scale = contentWidth(doc) / 515;
  const columns: TableColumn[] = [
    { header: 'Flight', width: 55 },
    { header: 'Sector', width: 65 },
    { header: 'Departure', width: 125 },
    { header: 'Arrival', width: 125 },
    { header: 'Baggage', width: 110 },
    { header: 'Meal', width: 35 },
  ];
  drawTable(doc, {
    columns: columns.map((column) => ({ ...column, width: column.width * scale })),
    rows: legs.map((leg) => [
      leg.flightNumber,
      leg.sectorName,
      `${leg.departureAirport}\n${formatCalendarDate(leg.departureDate)} ${formatClockTime(leg.departureTime)}`,
      `${leg.arrivalAirport}\n${formatCalendarDate(leg.arrivalDate)} ${formatClockTime(leg.arrivalTime)}`,
      `${leg.baggageKg}kg + ${leg.handCarryKg}kg hand carry`,
      meal ? 'Yes' : 'No',
    ]),
    empty: 'No flights',
  });
}


/** The passenger columns both PDFs start with, in this order. */
const PASSENGER_HEADERS = ['No', 'Title', 'Name', 'Type', 'Date of birth', 'Passport No', 'Passport expiry'] as const;

/**
 * One row a passenger: No, title, name ('TBA' before names are given), type, date of birth, passport number and
 * expiry, then the document's own columns (`more`). `widths` are the first seven columns' widths.
 */
export function drawPassengersTable<P extends DocumentPassenger>(
  doc: Pdf,
  {
    passengers,
    widths,
    more,
    empty,
  }: {
    passengers: P[];
    widths: readonly [number, number, number, number, number, number, number];
    more: { columns: TableColumn[]; cells: (passenger: P) => string[] };
    empty: string;
  },
): void {
  drawTable(doc, {
    columns: [...PASSENGER_HEADERS.map((header, index) => ({ header, width: widths[index]! })), ...more.columns],
    rows: passengers.map((passenger, index) => [
      String(index + 1),
      passenger.title ?? '',
      passengerFullName(passenger),
      getPassengerTypeLabel(passenger.type),
      formatCalendarDate(passenger.dob) ?? '-',
      passenger.passportNo ?? '-',
      formatCalendarDate(passenger.passportExpiryDate) ?? '-',
      ...more.cells(passenger),
    ]),
    empty,
  });
}
