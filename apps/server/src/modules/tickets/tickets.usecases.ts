import {
  TICKET_ALERT_THRESHOLD,
  type AvailableSectorResponse,
  type MySectorCard,
  type MySectorTicketsResponse,
  type PnrBookingRow,
  type PnrDetailsResponse,
  type SearchFlightsBody,
  type SearchSort,
  type Ticket,
  type TicketLeg,
} from '@portal/contract/tickets';
import type { SearchGroup } from '@portal/contract/search';
import type { Executor } from '../../db/database.js';
import { getPnrExcelLink, getPnrPdfLink } from '../documents/document-links.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import { isTicketed } from '../bookings/bookings.table.js';
import { createMySectorNotFoundError } from '../my-sectors/my-sectors.errors.js';
import { createPnrNotFoundError } from './tickets.errors.js';
import {
  findLiveGroupByPnr,
  findLiveMySectorCard,
  listActiveMySectorCards,
  listGroupBookings,
  listOfferedTicketRows,
  listTicketLegs,
  searchLiveGroupsByPnr,
  type GroupBookingRow,
  type MySectorCardRow,
  type OfferedTicketFilter,
  type TicketLegRow,
  type TicketRow,
} from './tickets.repository.js';
import { getKarachiToday } from '../../lib/karachi-date.js';

export { getKarachiToday } from '../../lib/karachi-date.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The weekday of a calendar date (no time zone: the date is already local to its airport). */
function getWeekday(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return WEEKDAYS[new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay()]!;
}

// ---- Ticket cards ---------------------------------------------------------------------------------------

function toTicketLeg(row: TicketLegRow): TicketLeg {
  return {
    position: row.position,
    day: getWeekday(row.departureDate),
    departure_date: row.departureDate,
    // PostgreSQL answers time columns as HH:MM:SS; the contract speaks HH:mm (PRODUCT §3).
    departure_time: row.departureTime.slice(0, 5),
    arivval_date: row.arrivalDate,
    arivval_time: row.arrivalTime.slice(0, 5),
    departure_baggage: row.baggageKg,
    departure_handcarry: row.handCarryKg,
    departure_flight_number: row.flightNumber,
    departure_sector_name: row.sectorName,
    from_sector: row.fromSector,
    to_sector: row.toSector,
    from_city: row.fromCity,
    to_city: row.toCity,
    departure_airport_name: row.departureAirport,
    departure_terminal: row.departureTerminal,
    arivval_airport_name: row.arrivalAirport,
    arivval_terminal: row.arrivalTerminal,
  };
}

/** 'LHE-JED', 'LHE-DXB-JED', 'LHE-JED-LHE'; a leg that does not leave from the previous arrival starts a new part. */
function getSectorShort(legs: TicketLeg[]): string {
  let text = '';
  let previousTo: string | undefined;
  for (const leg of legs) {
    if (previousTo === undefined) text = leg.from_sector;
    else if (leg.from_sector !== previousTo) text += ` / ${leg.from_sector}`;
    text += `-${leg.to_sector}`;
    previousTo = leg.to_sector;
  }
  return text;
}

/** The outbound journey: first leg's departure to the arrival of leg direction - 1 (see the repository). */
function getJourney(legs: TicketLeg[], direction: 1 | 2): string {
  const first = legs[0];
  const lastOutbound = legs[direction - 1] ?? legs[legs.length - 1];
  if (!first || !lastOutbound) return '';
  return `${first.from_sector} - ${lastOutbound.to_sector}`;
}

function toTicket({
  row,
  legs,
  publicUrl,
  withPrices,
}: {
  row: TicketRow;
  legs: TicketLeg[];
  publicUrl: string;
  withPrices: boolean;
}): Ticket {
  const { group } = row;
  const remaining = group.totalTicket - row.sold;
  return {
    id: group.id,
    pnr: group.pnr,
    air_line_logo: row.logoPath ? getPublicFileUrl({ publicUrl, storagePath: row.logoPath }) : null,
    airline: group.airlineId,
    air_line: row.airlineName,
    sector: getJourney(legs, group.direction),
    sectorshort: getSectorShort(legs),
    subpart: legs,
    meal: group.meal ? 1 : 0,
    ticket_type: group.ticketType,
    direction: group.direction,
    // PRODUCT §4: anonymous callers never receive prices (the app shows 'Login For Price').
    price: withPrices ? group.price : null,
    infant_price: withPrices ? group.infantPrice : null,
    alert: remaining <= TICKET_ALERT_THRESHOLD,
    total_ticket: group.totalTicket,
    sold: row.sold,
    remaining,
    date: group.departureDate,
    my_sector_id: group.mySectorId,
    updated_at: group.updatedAt.toISOString(),
    name_deadline: group.nameDeadline?.toISOString() ?? null,
  };
}

/** Ticket cards of some groups, in the rows' order; the legs of all of them come in one query. */
export async function toTickets({
  db,
  rows,
  publicUrl,
  withPrices,
}: {
  db: Executor;
  rows: TicketRow[];
  publicUrl: string;
  withPrices: boolean;
}): Promise<Ticket[]> {
  const legRows = await listTicketLegs({ db, groupIds: rows.map((row) => row.group.id) });
  const legsByGroup = new Map<number, TicketLeg[]>();
  for (const legRow of legRows) {
    const list = legsByGroup.get(legRow.groupId) ?? [];
    list.push(toTicketLeg(legRow));
    legsByGroup.set(legRow.groupId, list);
  }
  return rows.map((row) => toTicket({ row, legs: legsByGroup.get(row.group.id) ?? [], publicUrl, withPrices }));
}

/** Cards grouped by sector (000 §2); a sector comes where its soonest ticket comes, tickets keep their order. */
export function groupBySector<T extends { sector: string }>(tickets: T[]): Array<{ sector: string; tickets: T[] }> {
  const groups = new Map<string, T[]>();
  for (const ticket of tickets) {
    const list = groups.get(ticket.sector) ?? [];
    list.push(ticket);
    groups.set(ticket.sector, list);
  }
  return [...groups].map(([sector, list]) => ({ sector, tickets: list }));
}

export function toMySectorCard({ row, publicUrl }: { row: MySectorCardRow; publicUrl: string }): MySectorCard {
  return {
    id: row.id,
    name: row.name,
    title: row.name,
    image: row.imagePath ? getPublicFileUrl({ publicUrl, storagePath: row.imagePath }) : null,
    totalpnr: row.totalpnr,
  };
}

interface ReadContext {
  db: Executor;
  publicUrl: string;
  /** Signed-in callers see prices; anonymous ones get null (PRODUCT §4). */
  withPrices: boolean;
  now?: Date;
}

/** Home page and dashboard (000 §7 available-sector): active my-sectors and every offered ticket by sector. */
export async function getAvailableSectors({ db, publicUrl, withPrices, now }: ReadContext): Promise<AvailableSectorResponse> {
  const today = getKarachiToday(now);
  const mySectorRows = await listActiveMySectorCards({ db, today });
  const rows = await listOfferedTicketRows({ db, today });
  const tickets = await toTickets({ db, rows, publicUrl, withPrices });
  return {
    mysectors: mySectorRows.map((row) => toMySectorCard({ row, publicUrl })),
    tickets: groupBySector(tickets),
  };
}

/**
 * Flight search (000 §7 search-flights). Decision (issue 4): departure and arrival are each an airport code
 * or a city, matched exactly and case-insensitively; the first leg must leave from the departure and the
 * outbound journey end at the arrival (a via group LHE-DXB-JED is found from LHE to JED, not to DXB; a round
 * trip by its outbound half). The date finds groups whose first departure is on that day or later, soonest
 * first: group departures are few, and an agent asking for the 10th wants to see the 12th too rather than
 * 'No Ticket Found'. A past date searches from today, since flown groups are not offered.
 */
export async function searchFlights({
  db,
  publicUrl,
  withPrices,
  input,
  now,
}: ReadContext & { input: SearchFlightsBody }): Promise<Ticket[]> {
  const today = getKarachiToday(now);
  const rows = await listOfferedTicketRows({
    db,
    today,
    filter: { search: { departure: input.departure, arrival: input.arrival, fromDate: input.date, airline: input.airline } },
  });
  return sortTickets(await toTickets({ db, rows, publicUrl, withPrices }), withPrices ? input.sort : 'date');
}

/** A 'Fare on call' fare (0 or less, 000 §9) sorts after every priced one. */
const sortablePrice = (ticket: Ticket) => (ticket.price !== null && ticket.price > 0 ? ticket.price : Number.POSITIVE_INFINITY);

/**
 * Tickets already in date order, re-ordered by `sort` (decision 023). The sort is stable, so ties keep the date
 * order. Only callers who see prices sort by price: anonymous ones keep the date order, which tells no prices.
 */
function sortTickets(tickets: Ticket[], sort: SearchSort): Ticket[] {
  if (sort === 'price') return tickets.toSorted((a, b) => sortablePrice(a) - sortablePrice(b));
  if (sort === 'seats') return tickets.toSorted((a, b) => b.remaining - a.remaining);
  return tickets;
}

/**
 * Groups by PNR for the header search (contract search.ts, decision 023): every live group for an administrator,
 * only offered ones for an agent; at most `limit`.
 */
export async function searchGroupsByPnr({
  db,
  publicUrl,
  query,
  offeredOnly,
  limit,
  now,
}: {
  db: Executor;
  publicUrl: string;
  query: string;
  offeredOnly: boolean;
  limit: number;
  now?: Date;
}): Promise<SearchGroup[]> {
  const today = getKarachiToday(now);
  const rows = await searchLiveGroupsByPnr({ db, query, today, offeredOnly, limit });
  const tickets = await toTickets({ db, rows, publicUrl, withPrices: true });
  return tickets.map((ticket, index) => {
    const closed = rows[index]!.group.closeStatus;
    return { ...ticket, close_status: closed ? 1 : 0, offered: !closed && ticket.date >= today };
  });
}

/** Offered tickets of one live my-sector (000 §7 pnr-respect-to-mysector and -user); unknown or deleted: 404. */
export async function getMySectorTickets({
  db,
  publicUrl,
  withPrices,
  mySectorId,
  now,
}: ReadContext & { mySectorId: number }): Promise<MySectorTicketsResponse> {
  const today = getKarachiToday(now);
  const mySector = await findLiveMySectorCard({ db, id: mySectorId, today });
  if (!mySector) throw createMySectorNotFoundError();
  const rows = await listOfferedTicketRows({ db, today, filter: { mySectorId } });
  const tickets = await toTickets({ db, rows, publicUrl, withPrices });
  return { mysector: toMySectorCard({ row: mySector, publicUrl }), tickets: groupBySector(tickets) };
}

/**
 * Offered tickets (prices included) of one group, or of one outbound sector ('LHE - JED') departing on one day,
 * soonest first: what share-text puts in its text (decision 026). An unknown, closed or flown group gives none.
 */
export async function listOfferedTicketsToShare({
  db,
  publicUrl,
  by,
  now,
}: {
  db: Executor;
  publicUrl: string;
  by: { groupId: number } | { sector: string; date: string };
  now?: Date;
}): Promise<Ticket[]> {
  const today = getKarachiToday(now);
  const filter: OfferedTicketFilter = 'groupId' in by ? { groupId: by.groupId } : { departureDate: by.date };
  const tickets = await toTickets({ db, rows: await listOfferedTicketRows({ db, today, filter }), publicUrl, withPrices: true });
  return 'sector' in by ? tickets.filter((ticket) => ticket.sector === by.sector) : tickets;
}

// ---- PNR summary --------------------------------------------------------------------------------------

/** What the bookings lists show for a walk-in sale (booking-lifecycle.ts bookingListRowSchema). */
const WALK_IN_AGENT_NAME = 'Walk-in';

/** A booking as the bookings lists' row (booking-lifecycle.ts), plus every passenger's name. */
function toPnrBookingRow({ row, ticket }: { row: GroupBookingRow; ticket: Ticket }): PnrBookingRow {
  const { booking } = row;
  const isWalkIn = booking.agentUserId === null;
  const confirmed = booking.confirmed ? 1 : 0;
  const names = row.passengerNames ?? [];
  return {
    id: booking.id,
    pnr: ticket.pnr,
    group_id: ticket.id,
    air_line: ticket.air_line,
    airline_logo: ticket.air_line_logo,
    air_line_logo: ticket.air_line_logo,
    sector: ticket.sector,
    date: ticket.date,
    payment_status: booking.paymentStatus,
    passenger_name: names[0] ?? null,
    passenger_names: names,
    missing_names: row.missingNames,
    passengers: booking.adults + booking.children + booking.infants,
    agent: booking.agentUserId ?? 0,
    agent_id: isWalkIn ? null : row.agentNumber,
    agent_name: isWalkIn ? WALK_IN_AGENT_NAME : row.agencyName?.trim() || row.agentName || '',
    walking: booking.walking ? 1 : 0,
    booking_date: getKarachiToday(booking.createdAt),
    created_at: booking.createdAt.toISOString(),
    updated_at: booking.updatedAt.toISOString(),
    confirmed,
    confirm: confirmed,
    cancel_status: booking.cancelStatus ? 1 : 0,
    ticketed: isTicketed(booking, row.allTicketed) ? 1 : 0,
    cancel_at: booking.cancelAt ? booking.cancelAt.toISOString() : null,
    total_amount: booking.totalAmount,
    discount: booking.discount,
    final_total: booking.finalTotal,
    received_amount: booking.receivedAmount,
    remaining_amount: booking.remainingAmount,
    adults: booking.adults,
    children: booking.children,
    infants: booking.infants,
  };
}

/**
 * PNR page (000 §2 "PNR detail", §3 "PNR summary"): any live group, closed or flown too, since the admin
 * follows its bookings and payments after departure. Links are signed and expire (PRODUCT §4).
 */
export async function getPnrDetails({
  db,
  publicUrl,
  secret,
  pnr,
  now,
}: {
  db: Executor;
  publicUrl: string;
  secret: string;
  pnr: string;
  now?: Date;
}): Promise<PnrDetailsResponse> {
  const row = await findLiveGroupByPnr({ db, pnr });
  if (!row) throw createPnrNotFoundError();
  const [ticket] = await toTickets({ db, rows: [row], publicUrl, withPrices: true });
  const bookingRows = (await listGroupBookings({ db, groupId: row.group.id })).map((booking) =>
    toPnrBookingRow({ row: booking, ticket: ticket! }),
  );
  const { group } = row;
  return {
    total: group.totalTicket,
    sold: ticket!.sold,
    remaining: ticket!.remaining,
    date: group.departureDate,
    pnr: group.pnr,
    price: group.price,
    infant_price: group.infantPrice,
    updated_at: ticket!.updated_at,
    results: bookingRows.filter((booking) => booking.cancel_status === 0),
    canceled: bookingRows.filter((booking) => booking.cancel_status === 1),
    pnr_pdf_view_link: getPnrPdfLink({ secret, publicUrl, pnr: group.pnr }),
    pnr_excel_downlaod: getPnrExcelLink({ secret, publicUrl, pnr: group.pnr }),
    close_status: group.closeStatus ? 1 : 0,
    offered: !group.closeStatus && group.departureDate >= getKarachiToday(now),
    ticket: ticket!,
  };
}
