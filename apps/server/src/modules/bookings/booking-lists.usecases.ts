import { isExpiredHold, isTicketed } from './bookings.table.js';
import {
  parseBookingIdSearch,
  type AgentBookingListQuery,
  type BookingDetailResponse,
  type BookingEditDetail,
  type BookingLeg,
  type BookingListQuery,
  type BookingListResponse,
  type BookingListRow,
  type BookingPassenger,
  type PendingBookingListQuery,
} from '@portal/contract/booking-lifecycle';
import type { Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { getBookingPdfLinks, getPrivateFileLink, type LinkContext } from '../documents/document-links.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { createAgentEditHoldOnlyError, createBookingNotFoundError } from './booking-lifecycle.errors.js';
import {
  findBookingPeople,
  findBookingWithGroup,
  listAllBookings,
  listBookings,
  listLegs,
  listLivePayments,
  listPassengers,
  searchBookings,
  type BookingListFilter,
  type BookingListSqlRow,
  type LegWithSector,
} from './booking-lifecycle.repository.js';
import type { BookingPassengerRow } from './bookings.table.js';
import { getKarachiDate } from '../../lib/karachi-date.js';

/** Bookings lists and details (000 §2, §3, §7; issue 4). Writes are in booking-lifecycle.usecases.ts. */

export { getKarachiDate } from '../../lib/karachi-date.js';

const WALK_IN_NAME = 'Walk-in';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/**
 * The outbound journey, first departure to last outbound arrival ('LHE - JED'): the outbound part ends at
 * leg direction - 1 in every layout (001 §2 trip layouts), as on the ticket cards.
 */
function getOutboundSector(legs: LegWithSector[], direction: number): string {
  const first = legs[0];
  if (!first) return '';
  const last = legs[Math.min(direction - 1, legs.length - 1)] ?? first;
  return `${first.fromSector} - ${last.toSector}`;
}

function getAgentName(row: { booking: { agentUserId: number | null }; agencyName: string | null; agentName: string | null }): string {
  if (row.booking.agentUserId === null) return WALK_IN_NAME;
  return row.agencyName || row.agentName || '';
}

function toListRow(row: BookingListSqlRow, publicUrl: string): BookingListRow {
  const { booking, group } = row;
  const logo = row.logoPath ? getPublicFileUrl({ publicUrl, storagePath: row.logoPath }) : null;
  return {
    id: booking.id,
    pnr: group.pnr,
    group_id: group.id,
    air_line: row.airlineName,
    airline_logo: logo,
    air_line_logo: logo,
    sector: row.sector,
    date: group.departureDate,
    payment_status: booking.paymentStatus,
    passenger_name: row.firstPassengerName,
    missing_names: row.missingNames,
    passengers: booking.adults + booking.children + booking.infants,
    agent: booking.agentUserId ?? 0,
    agent_id: booking.agentUserId === null ? null : row.agentNumber,
    agent_name: getAgentName(row),
    walking: flag(booking.walking),
    booking_date: getKarachiDate(booking.createdAt),
    created_at: booking.createdAt.toISOString(),
    updated_at: booking.updatedAt.toISOString(),
    confirmed: flag(booking.confirmed),
    confirm: flag(booking.confirmed),
    // An expired hold reads as cancelled before the sweeper gets to it (issue 16.14).
    cancel_status: flag(booking.cancelStatus || isExpiredHold(booking, new Date())),
    ticketed: flag(isTicketed(booking, row.allTicketed)),
    cancel_at: booking.cancelAt?.toISOString() ?? null,
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

/** List rows of some bookings (their sectors come with them, decision 056). */
function toListRows({ publicUrl, rows }: { publicUrl: string; rows: BookingListSqlRow[] }): BookingListRow[] {
  return rows.map((row) => toListRow(row, publicUrl));
}

/** Every row of a filter, newest first, unpaged (the General Report, payments.usecases.ts). */
export async function getAllBookingListRows({
  db,
  publicUrl,
  filter,
}: {
  db: Executor;
  publicUrl: string;
  filter: BookingListFilter;
}): Promise<BookingListRow[]> {
  return toListRows({ publicUrl, rows: await listAllBookings({ db, filter }) });
}

/**
 * The header search's bookings (contract search.ts, decision 023): an administrator's search covers every booking,
 * an agent's only its own, whatever it types.
 */
export async function searchBookingListRows({
  db,
  publicUrl,
  user,
  query,
  limit,
}: {
  db: Executor;
  publicUrl: string;
  user: AuthUser;
  query: string;
  limit: number;
}): Promise<BookingListRow[]> {
  const agentUserId = user.role === 'admin' ? undefined : user.id;
  return toListRows({ publicUrl, rows: await searchBookings({ db, query, agentUserId, limit }) });
}

async function getPage({
  db,
  publicUrl,
  pageRequest,
  filter,
}: {
  db: Executor;
  publicUrl: string;
  pageRequest: PageRequest;
  filter: BookingListFilter;
}): Promise<BookingListResponse> {
  const { rows, total } = await listBookings({ db, filter, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: toListRows({ publicUrl, rows }), total, pageRequest });
}

function searchOf(
  query: PendingBookingListQuery,
): Pick<BookingListFilter, 'pnr' | 'bookingDate' | 'agentName' | 'passengerName' | 'bookingId'> {
  return {
    pnr: query.pnr,
    bookingDate: query.booking_date,
    agentName: query.agent_name,
    passengerName: query.passenger_name,
    bookingId: query.booking_id === undefined ? undefined : parseBookingIdSearch(query.booking_id),
  };
}

/** listofbookings (admin): every booking, or one state (`status=cancelled` for /dashboard/cancelbookings). */
export async function getAllBookingsPage(options: {
  db: Executor;
  publicUrl: string;
  pageRequest: PageRequest;
  query: BookingListQuery;
}): Promise<BookingListResponse> {
  const { query } = options;
  return getPage({ ...options, filter: { ...searchOf(query), state: query.status } });
}

/**
 * agnetlistofbookings: an agent gets its own bookings whatever agent_id says (PRODUCT §4 roles); an admin
 * may narrow to one agent by its number.
 */
export async function getAgentBookingsPage(options: {
  db: Executor;
  publicUrl: string;
  pageRequest: PageRequest;
  user: AuthUser;
  query: AgentBookingListQuery;
}): Promise<BookingListResponse> {
  const { query, user } = options;
  const scope: BookingListFilter =
    user.role === 'admin' ? { agentNumber: query.agent_id } : { agentUserId: user.id };
  return getPage({ ...options, filter: { ...scope, ...searchOf(query), state: query.status } });
}

/** pendingpayments (admin) and unpaid-bookings (agents: their own): confirmed, live, not fully paid. */
export async function getUnpaidBookingsPage(options: {
  db: Executor;
  publicUrl: string;
  pageRequest: PageRequest;
  user: AuthUser;
  query: PendingBookingListQuery;
}): Promise<BookingListResponse> {
  const { query, user } = options;
  const scope: BookingListFilter = user.role === 'admin' ? {} : { agentUserId: user.id };
  return getPage({ ...options, filter: { ...scope, ...searchOf(query), state: 'unpaid' } });
}

// ---- Details -------------------------------------------------------------------------------------------------

function toLeg({ leg, sectorName, fromSector, toSector }: LegWithSector): BookingLeg {
  return {
    position: leg.position,
    departure_flight_number: leg.flightNumber,
    departure_sector_name: sectorName,
    from_sector: fromSector,
    to_sector: toSector,
    departure_date: leg.departureDate,
    // PostgreSQL answers time columns as HH:MM:SS; the contract speaks HH:mm (PRODUCT §3).
    departure_time: leg.departureTime.slice(0, 5),
    departure_airport_name: leg.departureAirport,
    departure_terminal: leg.departureTerminal,
    arivval_date: leg.arrivalDate,
    arivval_time: leg.arrivalTime.slice(0, 5),
    arivval_airport_name: leg.arrivalAirport,
    arivval_terminal: leg.arrivalTerminal,
    departure_baggage: leg.baggageKg,
    departure_handcarry: leg.handCarryKg,
  };
}

/** Scans are private: signed, expiring links, only for callers already allowed to see the booking (PRODUCT §4). */
function toPassenger(row: BookingPassengerRow, links: LinkContext): BookingPassenger {
  return {
    id: row.id,
    position: row.position,
    type: row.type,
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    dob: row.dob,
    passport_no: row.passportNo,
    passport_expiry_date: row.passportExpiryDate,
    passport_img: row.passportFileId === null ? null : getPrivateFileLink({ ...links, fileId: row.passportFileId }),
    visa_copy: row.visaFileId === null ? null : getPrivateFileLink({ ...links, fileId: row.visaFileId }),
    ticket_no: row.ticketNo,
  };
}

/** The last travel date of a group, the latest leg arrival, as add-booking takes it (passengers.ts getTravelDates). */
function getLastDate(legs: LegWithSector[], fallback: string): string {
  return legs.reduce((latest, { leg }) => (leg.arrivalDate > latest ? leg.arrivalDate : latest), fallback);
}

/**
 * The booking the caller may read: admins any; an agent only its own, and another agent's answers 404 like an
 * unknown id, so ids do not tell which bookings exist.
 */
async function findReadableBooking({ db, user, bookingId }: { db: Executor; user: AuthUser; bookingId: number }) {
  const row = await findBookingWithGroup({ db, bookingId });
  if (!row || (user.role !== 'admin' && row.booking.agentUserId !== user.id)) throw createBookingNotFoundError();
  return row;
}

/** booking-detail / agent-booking-detail (000 §3 "Booking detail response"). */
export async function getBookingDetail({
  db,
  links,
  user,
  bookingId,
}: {
  db: Executor;
  links: LinkContext;
  user: AuthUser;
  bookingId: number;
}): Promise<BookingDetailResponse> {
  const row = await findReadableBooking({ db, user, bookingId });
  const { booking, group } = row;
  const isAdmin = user.role === 'admin';
  const legs = await listLegs({ db, groupIds: [group.id] });
  const passengers = await listPassengers({ db, bookingId });
  const livePayments = await listLivePayments({ db, bookingId });
  // 000 §2: only admins see who added, edited and cancelled.
  const people = isAdmin ? await findBookingPeople({ db, bookingId }) : undefined;
  const person = (name: string | null | undefined) => (isAdmin && name ? { name } : null);
  const pdf = getBookingPdfLinks({ ...links, bookingId });
  const logo = row.logoPath ? getPublicFileUrl({ publicUrl: links.publicUrl, storagePath: row.logoPath }) : null;
  const sector = getOutboundSector(legs, group.direction);

  return {
    data: {
      id: booking.id,
      pnr: group.pnr,
      group_id: group.id,
      booking_date: getKarachiDate(booking.createdAt),
      created_at: booking.createdAt.toISOString(),
      updated_at: booking.updatedAt.toISOString(),
      agent: booking.agentUserId ?? 0,
      agent_id: booking.agentUserId === null ? null : row.agentNumber,
      agent_name: getAgentName(row),
      walking: flag(booking.walking),
      confirmed: flag(booking.confirmed),
      confirmed_at: booking.confirmedAt?.toISOString() ?? null,
      // An expired hold reads as cancelled before the sweeper gets to it (issue 16.14).
    cancel_status: flag(booking.cancelStatus || isExpiredHold(booking, new Date())),
      cancelled_at: booking.cancelledAt?.toISOString() ?? null,
      ticketed: flag(isTicketed(booking, row.allTicketed)),
      missing_names: row.missingNames,
      name_deadline: group.nameDeadline?.toISOString() ?? null,
      cancel_at: booking.cancelAt?.toISOString() ?? null,
      adults: booking.adults,
      children: booking.children,
      infants: booking.infants,
      price: booking.price,
      infant_price: booking.infantPrice,
      total_amount: booking.totalAmount,
      discount: booking.discount,
      final_total: booking.finalTotal,
      received_amount: booking.receivedAmount,
      remaining_amount: booking.remainingAmount,
      payment_status: booking.paymentStatus,
      remarks: booking.remarks,
      cancellation_charge: booking.cancellationCharge,
      credit_override: flag(booking.creditOverride),
      added_by: person(people?.addedBy),
      edit_by: person(people?.editedBy),
      confirmed_by: person(people?.confirmedBy),
      cancel_by: person(people?.cancelledBy),
      pdf_view_link: pdf.view,
      pdf_download_link: pdf.download,
      booking_sub: passengers.map((passenger) => toPassenger(passenger, links)),
      payments: livePayments.map(({ payment, addedBy, editedBy }) => ({
        id: payment.id,
        booking_id: payment.bookingId,
        receive_date: payment.receiveDate,
        receive_amount: payment.receiveAmount,
        text: payment.text,
        added_by: isAdmin ? addedBy : null,
        edit_by: isAdmin ? editedBy : null,
        created_at: payment.createdAt.toISOString(),
      })),
    },
    groupdata: {
      id: group.id,
      pnr: group.pnr,
      date: group.departureDate,
      last_date: getLastDate(legs, group.departureDate),
      sector,
      ticket_type: group.ticketType,
      direction: group.direction,
      meal: flag(group.meal),
      airline: { id: row.airlineId, name: row.airlineName, logo },
      legs: legs.map(toLeg),
    },
  };
}

/**
 * booking-edit-detail: admins any booking; an agent its own bookings on hold (000 §6: Edit only when not
 * confirmed), another agent's answers 404 as on the detail.
 */
export async function getBookingEditDetail({
  db,
  links,
  user,
  bookingId,
}: {
  db: Executor;
  links: LinkContext;
  user: AuthUser;
  bookingId: number;
}): Promise<BookingEditDetail> {
  const { booking, group } = await findReadableBooking({ db, user, bookingId });
  if (user.role !== 'admin' && (booking.confirmed || booking.cancelStatus)) throw createAgentEditHoldOnlyError();
  const legs = await listLegs({ db, groupIds: [group.id] });
  const passengers = await listPassengers({ db, bookingId });
  return {
    id: booking.id,
    pnr: group.pnr,
    confirmed: flag(booking.confirmed),
    // An expired hold reads as cancelled before the sweeper gets to it (issue 16.14).
    cancel_status: flag(booking.cancelStatus || isExpiredHold(booking, new Date())),
    adults: booking.adults,
    children: booking.children,
    infants: booking.infants,
    date: group.departureDate,
    last_date: getLastDate(legs, group.departureDate),
    booking_sub: passengers.map((passenger) => toPassenger(passenger, links)),
  };
}
