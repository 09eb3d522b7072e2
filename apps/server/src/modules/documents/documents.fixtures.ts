import { DOCUMENT_TYPES } from '@portal/contract/files';
import type { Database } from '../../db/database.js';
import { bookingPassengers, bookings, type PassengerType } from '../bookings/bookings.table.js';
import type { FileKind, FileRow } from '../files/files.table.js';
import { saveUploadedFile } from '../files/files.usecases.js';

/**
 * Test support for the documents tests: bookings with passengers and their stored scans, inserted straight
 * (the booking API is another module's), with real files written under the app's uploads directory.
 */

export interface PassengerFixture {
  type: PassengerType;
  title: string;
  firstname: string;
  lastname: string;
  dob: string;
  passportNo: string;
  passportExpiryDate: string;
  /** Passport scan bytes (PNG, JPEG, WebP or PDF). */
  passport: Buffer;
  visa?: Buffer;
}

export interface BookingFixture {
  bookingId: number;
  /** Per passenger, in form order: the stored passport and visa rows. */
  files: Array<{ passport: FileRow; visa: FileRow | null }>;
}

/** Stores bytes through the files module, as an upload would (content-checked, named by content). */
export async function storeFile({
  db,
  uploadsDir,
  kind,
  data,
  filename,
  userId = null,
}: {
  db: Database;
  uploadsDir: string;
  kind: FileKind;
  data: Buffer;
  filename: string;
  userId?: number | null;
}): Promise<FileRow> {
  return saveUploadedFile({
    db,
    uploadsDir,
    file: { kind: 'file', fieldname: kind, filename, mimetype: 'application/octet-stream', data },
    kind,
    field: kind,
    userId,
    types: DOCUMENT_TYPES,
  });
}

const PRICE = 150_000;
const INFANT_PRICE = 25_000;

export async function insertBookingWithPassengers({
  db,
  uploadsDir,
  groupId,
  addedBy,
  agentUserId = null,
  passengers,
  state = 'confirmed',
  cancelAt = null,
  discount = 0,
  receivedAmount = 0,
  remarks = null,
}: {
  db: Database;
  uploadsDir: string;
  groupId: number;
  addedBy: number;
  /** null: an admin's walk-in sale. */
  agentUserId?: number | null;
  passengers: PassengerFixture[];
  state?: 'hold' | 'confirmed' | 'cancelled';
  cancelAt?: Date | null;
  discount?: number;
  receivedAmount?: number;
  remarks?: string | null;
}): Promise<BookingFixture> {
  const count = (type: PassengerType) => passengers.filter((passenger) => passenger.type === type).length;
  const adults = count('adult');
  const children = count('child');
  const infants = count('infant');
  const now = new Date();
  const [booking] = await db
    .insert(bookings)
    .values({
      groupId,
      agentUserId,
      walking: agentUserId === null,
      confirmed: state === 'confirmed',
      confirmedAt: state === 'confirmed' ? now : null,
      cancelStatus: state === 'cancelled',
      cancelledAt: state === 'cancelled' ? now : null,
      cancelAt,
      adults,
      children,
      infants,
      price: PRICE,
      infantPrice: INFANT_PRICE,
      totalAmount: (adults + children) * PRICE + infants * INFANT_PRICE,
      discount,
      receivedAmount,
      remarks,
      addedBy,
    })
    .returning({ id: bookings.id });
  const bookingId = booking!.id;

  const files: BookingFixture['files'] = [];
  for (const [position, passenger] of passengers.entries()) {
    const passport = await storeFile({ db, uploadsDir, kind: 'passport', data: passenger.passport, filename: `passport-${position}.bin`, userId: addedBy });
    const visa = passenger.visa
      ? await storeFile({ db, uploadsDir, kind: 'visa', data: passenger.visa, filename: `visa-${position}.bin`, userId: addedBy })
      : null;
    await db.insert(bookingPassengers).values({
      bookingId,
      position,
      type: passenger.type,
      title: passenger.title,
      firstname: passenger.firstname,
      lastname: passenger.lastname,
      dob: passenger.dob,
      passportNo: passenger.passportNo,
      passportExpiryDate: passenger.passportExpiryDate,
      passportFileId: passport.id,
      visaFileId: visa?.id ?? null,
    });
    files.push({ passport, visa });
  }
  return { bookingId, files };
}

/** Price rules of the fixture (adults and children at the group price, infants at the infant price). */
export const FIXTURE_PRICES = { price: PRICE, infantPrice: INFANT_PRICE };
