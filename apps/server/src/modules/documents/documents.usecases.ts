import { open, readFile } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import type { Executor } from '../../db/database.js';
import { isValidSignature } from '../../lib/signed-url.js';
import { isTicketed, type BookingPassengerRow } from '../bookings/bookings.table.js';
import { resolveStoragePath } from '../files/files.usecases.js';
import type { GroupLegRow } from '../groups/groups.table.js';
import { renderBookingPdf, type BookingStatus } from './booking-pdf.js';
import type { DocumentAgency, DocumentLeg, DocumentPassenger, NameListEntry } from './document-data.js';
import { toFileNamePart } from './document-format.js';
import { createBookingNotFoundError, createFileNotFoundError, createInvalidLinkError, createPnrNotFoundError } from './documents.errors.js';
import {
  findBookingForDocument,
  findFileById,
  findLiveGroupForDocument,
  listLegsForDocument,
  listLiveBookingsOfGroup,
  listPassengersOfBookings,
} from './documents.repository.js';
import { renderPnrExcel } from './pnr-excel.js';
import { renderPnrPdf } from './pnr-pdf.js';

/** A rendered document and the name it is offered under. */
export interface RenderedDocument {
  bytes: Buffer;
  filename: string;
}

/**
 * Signed links carry no token (PRODUCT §4 "Files and documents"): the HMAC over the path and expiry is the
 * credential, so every document route checks it first and answers 403 whatever is wrong with it.
 */
export function assertValidLink({
  secret,
  path,
  query,
  now,
}: {
  secret: string;
  /** The resource's canonical path from document-links.ts, rebuilt from the request's parameters. */
  path: string;
  query: { expires?: string | undefined; signature?: string | undefined };
  now?: Date;
}): void {
  if (!isValidSignature({ secret, path, expires: query.expires, signature: query.signature, now })) {
    throw createInvalidLinkError();
  }
}

/** The airline logo for a PDF, or null when the file is not on the disk (a PDF is still worth having without it). */
async function readLogo({ uploadsDir, storagePath }: { uploadsDir: string; storagePath: string | null }): Promise<Buffer | null> {
  if (!storagePath) return null;
  try {
    return await readFile(resolveStoragePath({ uploadsDir, storagePath }));
  } catch {
    return null;
  }
}

function toDocumentLeg({ leg, sectorName }: { leg: GroupLegRow; sectorName: string }): DocumentLeg {
  return {
    flightNumber: leg.flightNumber,
    sectorName,
    departureAirport: leg.departureAirport,
    departureDate: leg.departureDate,
    departureTime: leg.departureTime,
    arrivalAirport: leg.arrivalAirport,
    arrivalDate: leg.arrivalDate,
    arrivalTime: leg.arrivalTime,
    baggageKg: leg.baggageKg,
    handCarryKg: leg.handCarryKg,
  };
}

function toDocumentPassenger(row: BookingPassengerRow): DocumentPassenger {
  return {
    title: row.title,
    firstname: row.firstname,
    lastname: row.lastname,
    type: row.type,
    dob: row.dob,
    passportNo: row.passportNo,
    passportExpiryDate: row.passportExpiryDate,
    ticketNo: row.ticketNo,
  };
}

function toAgency(row: { agentName: string | null; agencyName: string | null; agentId: number | null }): DocumentAgency {
  if (row.agentName === null) return null;
  return { name: row.agencyName?.trim() || row.agentName, agentId: row.agentId };
}

function toBookingStatus(
  booking: { confirmed: boolean; cancelStatus: boolean; cancelAt: Date | null },
  passengers: BookingPassengerRow[],
): BookingStatus {
  if (booking.cancelStatus) return { kind: 'cancelled' };
  // PRODUCT §6: every passenger numbered makes a confirmed booking ticketed (derived, decision 031).
  if (isTicketed(booking, passengers.every((passenger) => passenger.ticketNo !== null))) return { kind: 'ticketed' };
  if (booking.confirmed) return { kind: 'confirmed' };
  return { kind: 'hold', cancelAt: booking.cancelAt };
}

/** The booking PDF (PRODUCT §4): whoever holds a valid link sees it, whatever the booking's state. */
export async function getBookingPdf({
  db,
  uploadsDir,
  bookingId,
}: {
  db: Executor;
  uploadsDir: string;
  bookingId: number;
}): Promise<RenderedDocument> {
  const row = await findBookingForDocument({ db, bookingId });
  if (!row) throw createBookingNotFoundError();
  const { booking } = row;
  const legs = await listLegsForDocument({ db, groupId: booking.groupId });
  const passengers = await listPassengersOfBookings({ db, bookingIds: [booking.id] });
  const bytes = await renderBookingPdf({
    bookingId: booking.id,
    pnr: row.pnr,
    agency: booking.walking ? null : toAgency(row),
    airline: { name: row.airlineName, logo: await readLogo({ uploadsDir, storagePath: row.logoPath }) },
    meal: row.meal,
    legs: legs.map(toDocumentLeg),
    passengers: passengers.map(toDocumentPassenger),
    totals: {
      totalAmount: booking.totalAmount,
      discount: booking.discount,
      finalTotal: booking.finalTotal,
      receivedAmount: booking.receivedAmount,
      remainingAmount: booking.remainingAmount,
      cancellationCharge: booking.cancellationCharge,
    },
    status: toBookingStatus(booking, passengers),
    bookingDate: booking.createdAt,
    remarks: booking.remarks,
  });
  return { bytes, filename: `booking-${booking.id}-${toFileNamePart(row.pnr)}.pdf` };
}

/** A PNR's group, legs, seats and the passenger name list of its live bookings (cancelled ones are left out). */
async function loadPnrDocument({ db, uploadsDir, pnr }: { db: Executor; uploadsDir: string | null; pnr: string }) {
  const row = await findLiveGroupForDocument({ db, pnr });
  if (!row) throw createPnrNotFoundError();
  const { group } = row;
  const legs = await listLegsForDocument({ db, groupId: group.id });
  const liveBookings = await listLiveBookingsOfGroup({ db, groupId: group.id });
  const passengerRows = await listPassengersOfBookings({ db, bookingIds: liveBookings.map((booking) => booking.id) });
  const agencies = new Map(liveBookings.map((booking) => [booking.id, toAgency(booking)]));
  const passengers: NameListEntry[] = passengerRows.map((passenger) => ({
    ...toDocumentPassenger(passenger),
    bookingId: passenger.bookingId,
    agency: agencies.get(passenger.bookingId) ?? null,
  }));
  // Infants take no seat (PRODUCT §4 "Inventory").
  const sold = liveBookings.reduce((sum, booking) => sum + booking.adults + booking.children, 0);
  return {
    pnr: group.pnr,
    airline: {
      name: row.airlineName,
      logo: uploadsDir ? await readLogo({ uploadsDir, storagePath: row.logoPath }) : null,
    },
    meal: group.meal,
    legs: legs.map(toDocumentLeg),
    seats: { total: group.totalTicket, sold, remaining: group.totalTicket - sold },
    passengers,
  };
}

export async function getPnrPdf({ db, uploadsDir, pnr }: { db: Executor; uploadsDir: string; pnr: string }): Promise<RenderedDocument> {
  const data = await loadPnrDocument({ db, uploadsDir, pnr });
  return { bytes: await renderPnrPdf(data), filename: `pnr-${toFileNamePart(data.pnr)}.pdf` };
}

/** PRODUCT §4 "PNR Excel": the passenger name list, one row a passenger, ready to send to the airline. */
export async function getPnrExcel({ db, pnr }: { db: Executor; pnr: string }): Promise<RenderedDocument> {
  const data = await loadPnrDocument({ db, uploadsDir: null, pnr });
  return {
    bytes: await renderPnrExcel({ pnr: data.pnr, passengers: data.passengers }),
    filename: `${toFileNamePart(data.pnr)}-passenger-list.xlsx`,
  };
}

/**
 * A private stored file (passport or visa scan) opened for streaming. Public files are served at
 * /uploads/public and never here; a row whose bytes are gone from the disk is a 404 too, not a 500.
 */
export async function openPrivateFile({
  db,
  uploadsDir,
  fileId,
}: {
  db: Executor;
  uploadsDir: string;
  fileId: number;
}): Promise<{ stream: ReadStream; mime: string; size: number }> {
  const file = await findFileById({ db, fileId });
  if (!file || file.visibility !== 'private') throw createFileNotFoundError();
  let handle;
  try {
    handle = await open(resolveStoragePath({ uploadsDir, storagePath: file.storagePath }), 'r');
  } catch {
    throw createFileNotFoundError();
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw createFileNotFoundError();
    // The stream closes the handle when it ends or is destroyed (a client that goes away).
    return { stream: handle.createReadStream(), mime: file.mime, size: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
