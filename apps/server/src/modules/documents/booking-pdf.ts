import { TICKETED_LABEL } from '@portal/contract/ticketing';
import {
  formatAgentId,
  formatKarachiDate,
  formatKarachiDateTime,
  formatKarachiTime,
  formatMoney,
} from './document-format.js';
import { describeAgency, type DocumentAgency, type DocumentLeg, type DocumentPassenger } from './document-data.js';
import {
  contentWidth,
  createPdf,
  drawFacts,
  drawFootnote,
  drawLegsTable,
  drawLogo,
  drawPassengersTable,
  drawSectionTitle,
  drawTable,
  FONT,
  FONT_BOLD,
  type Pdf,
} from './pdf-layout.js';

/** 000 §4: Hold (with its expiry), Confirmed or Cancelled; PRODUCT §6: Ticketed once every passenger has a number. */
export type BookingStatus = { kind: 'hold'; cancelAt: Date | null } | { kind: 'confirmed' } | { kind: 'ticketed' } | { kind: 'cancelled' };

/** Plain data of a booking PDF (PRODUCT §4 "Booking PDF"): built by documents.usecases.ts, rendered here. */
export interface BookingPdfData {
  bookingId: number;
  pnr: string;
  /** The booking agent's agency; null for an admin's walk-in sale. */
  agency: DocumentAgency;
  airline: { name: string; logo: Buffer | null };
  meal: boolean;
  legs: DocumentLeg[];
  passengers: DocumentPassenger[];
  totals: {
    totalAmount: number;
    discount: number;
    finalTotal: number;
    receivedAmount: number;
    remainingAmount: number;
    /** Kept by the admin when the confirmed booking was cancelled (PRODUCT §6); 0 otherwise. */
    cancellationCharge?: number;
  };
  status: BookingStatus;
  bookingDate: Date;
  remarks: string | null;
  generatedAt?: Date;
}

/** 'Hold (Ex. 05 Mar 2026 at 03:15 PM)': 000 §4's 'Ex. date at time' from cancel_at, in Asia/Karachi. */
export function describeBookingStatus(status: BookingStatus): string {
  if (status.kind === 'confirmed') return 'Confirmed';
  if (status.kind === 'ticketed') return TICKETED_LABEL;
  if (status.kind === 'cancelled') return 'Cancelled';
  if (!status.cancelAt) return 'Hold';
  return `Hold (Ex. ${formatKarachiDate(status.cancelAt)} at ${formatKarachiTime(status.cancelAt)})`;
}

function drawHeader(doc: Pdf, data: BookingPdfData): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);
  const hasLogo = drawLogo(doc, data.airline.logo, { x: left + width - 110, y: top, width: 110, height: 40 });
  doc.font(FONT_BOLD).fontSize(18).text(`Booking #${data.bookingId}`, left, top, { width: width - 210 });
  doc.font(FONT).fontSize(11).text(describeAgency(data.agency), left, doc.y + 2, { width: width - 210 });
  doc
    .font(FONT_BOLD)
    .fontSize(10)
    .text(data.airline.name, left + width - 200, top + (hasLogo ? 44 : 0), { width: 200, align: 'right' });
  doc.y = Math.max(doc.y, top + 60);
  doc.x = left;
}

/** The booking PDF as bytes (PRODUCT §4): agency, PNR, airline, every leg, passengers, totals, status. */
export async function renderBookingPdf(data: BookingPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, bytes } = await createPdf({ title: `Booking ${data.bookingId} - PNR ${data.pnr}`, ...options });
  drawHeader(doc, data);

  drawFacts(doc, [
    ['PNR', data.pnr],
    ['Status', describeBookingStatus(data.status)],
    ['Booking Id', String(data.bookingId)],
    ['Booking date', formatKarachiDateTime(data.bookingDate)],
    ['Agency', data.agency ? data.agency.name : 'Walk-in'],
    ['Agent ID', formatAgentId(data.agency?.agentId ?? null) ?? '-'],
    ['Airline', data.airline.name],
  ]);

  drawSectionTitle(doc, 'Flights');
  drawLegsTable(doc, { legs: data.legs, meal: data.meal });

  drawSectionTitle(doc, 'Passengers');
  drawPassengersTable(doc, {
    passengers: data.passengers,
    widths: [20, 30, 118, 38, 64, 68, 84],
    more: { columns: [{ header: 'Ticket No', width: 93 }], cells: (passenger) => [passenger.ticketNo ?? '-'] },
    empty: 'No passengers',
  });

  drawSectionTitle(doc, 'Amounts');
  drawTable(doc, {
    columns: [
      { header: 'Total amount', width: 103, align: 'right' },
      { header: 'Discount', width: 103, align: 'right' },
      { header: 'Final total', width: 103, align: 'right' },
      { header: 'Received', width: 103, align: 'right' },
      { header: 'Remaining', width: 103, align: 'right' },
    ],
    rows: [
      [
        formatMoney(data.totals.totalAmount),
        formatMoney(data.totals.discount),
        formatMoney(data.totals.finalTotal),
        formatMoney(data.totals.receivedAmount),
        formatMoney(data.totals.remainingAmount),
      ],
    ],
    empty: '',
  });
  const charge = data.totals.cancellationCharge ?? 0;
  if (charge > 0) {
    doc
      .font(FONT)
      .fontSize(10)
      .text(`Cancellation charge: ${formatMoney(charge)} (kept on cancelling; the agent owes it).`, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  }

  if (data.remarks) {
    drawSectionTitle(doc, 'Remarks');
    doc.font(FONT).fontSize(10).text(data.remarks, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  }

  drawFootnote(doc, `Generated ${formatKarachiDateTime(data.generatedAt ?? new Date())} (Asia/Karachi). Times of flights are local at each airport.`);
  doc.end();
  return bytes;
}
