import { describeAgency, type DocumentLeg, type NameListEntry } from './document-data.js';
import { formatKarachiDateTime } from './document-format.js';
import {
  contentWidth,
  createPdf,
  drawFacts,
  drawFootnote,
  drawLegsTable,
  drawLogo,
  drawPassengersTable,
  drawSectionTitle,
  FONT_BOLD,
} from './pdf-layout.js';

/**
 * Plain data of a PNR PDF (000 §2 "PNR detail" view link): the group and the names of its live bookings.
 * Landscape, so a passenger and their agency fit on one line.
 */
export interface PnrPdfData {
  pnr: string;
  airline: { name: string; logo: Buffer | null };
  meal: boolean;
  legs: DocumentLeg[];
  /** Seats for sale, sold (adults + children of live bookings) and remaining (PRODUCT §4 "Inventory"). */
  seats: { total: number; sold: number; remaining: number };
  /** Passengers of the bookings that are not cancelled, in booking then form order. */
  passengers: NameListEntry[];
  generatedAt?: Date;
}

export async function renderPnrPdf(data: PnrPdfData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, bytes } = await createPdf({ title: `PNR ${data.pnr}`, layout: 'landscape', ...options });
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  const width = contentWidth(doc);

  drawLogo(doc, data.airline.logo, { x: left + width - 110, y: top, width: 110, height: 40 });
  doc.font(FONT_BOLD).fontSize(18).text(`PNR ${data.pnr}`, left, top, { width: width - 130 });
  doc.y = Math.max(doc.y, top + 48);

  const bookingCount = new Set(data.passengers.map((passenger) => passenger.bookingId)).size;
  drawFacts(doc, [
    ['PNR', data.pnr],
    ['Airline', data.airline.name],
    ['Total seats', String(data.seats.total)],
    ['Sold', String(data.seats.sold)],
    ['Remaining', String(data.seats.remaining)],
    ['Bookings', String(bookingCount)],
  ]);

  drawSectionTitle(doc, 'Flights');
  drawLegsTable(doc, { legs: data.legs, meal: data.meal });

  drawSectionTitle(doc, `Passenger name list (${data.passengers.length})`);
  drawPassengersTable(doc, {
    passengers: data.passengers,
    widths: [26, 36, 170, 46, 70, 80, 76],
    more: {
      columns: [
        { header: 'Booking Id', width: 58 },
        { header: 'Agent', width: 200 },
      ],
      cells: (passenger) => [String(passenger.bookingId), describeAgency(passenger.agency)],
    },
    empty: 'No passengers booked',
  });

  drawFootnote(doc, `Generated ${formatKarachiDateTime(data.generatedAt ?? new Date())} (Asia/Karachi). Cancelled bookings are not listed.`);
  doc.end();
  return bytes;
}
