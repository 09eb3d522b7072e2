import {
  getPassengerDateErrors,
  PASSENGER_FILE_TOO_LARGE_MESSAGE,
  type PassengerInput,
  type PassengerType,
} from '@portal/contract/bookings';
import { DOCUMENT_TYPES, fileTypeMessage, MAX_UPLOAD_BYTES, type FormFile } from '@portal/contract/files';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import type { ServerPhases } from '../../plugins/server-timing.js';
import { HttpError } from '../../lib/http-error.js';
import { findFileByStoragePath } from '../files/files.repository.js';
import {
  detectFileType,
  prepareUploadedFile,
  removeStoredFile,
  saveUploadedFile,
  writePreparedUpload,
  type PreparedUpload,
} from '../files/files.usecases.js';
import { files, type NewFileRow } from '../files/files.table.js';
import { createPassportAlreadyBookedError } from './bookings.errors.js';
import { findBookedPassports } from './bookings.repository.js';

/**
 * Passenger rules of PRODUCT §4 "Booking" on the server, shared by add-booking and booking-update:
 * the pure rules (titles per type, name normaliser, age and passport dates) live in the contract
 * (@portal/contract/bookings) and are re-exported here; this file adds what needs the server: the
 * content check of the scans, "today" in Asia/Karachi, the group's travel dates and storing the files.
 */
export {
  findPassengerTitle,
  getAgeInYears,
  getPassengerAgeError,
  getPassengerDateErrors,
  isValidPassengerName,
  normalisePassengerName,
  PASSENGER_TITLES,
  passengerFieldsSchema,
  passengerTitleMessage,
} from '@portal/contract/bookings';

export { getKarachiToday } from '../../lib/karachi-date.js';

/** Laravel-style 422 of field errors found after the schema; `message` repeats the first. */
export function createPassengerInputError(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError({ statusCode: 422, code: 'bookings.invalid_passengers', message: first, errors });
}

/** 000 §5 / §9: a scan over 2,097,152 bytes answers 413 with the seed's alert text. */
export function createPassengerFileTooLargeError(): HttpError {
  return new HttpError({ statusCode: 413, code: 'bookings.file_too_large', message: PASSENGER_FILE_TOO_LARGE_MESSAGE });
}

function sizeOf(file: FormFile): number {
  return file instanceof Blob ? file.size : file.data.length;
}

async function headOf(file: FormFile): Promise<Uint8Array> {
  return file instanceof Blob ? new Uint8Array(await file.slice(0, 16).arrayBuffer()) : file.data.subarray(0, 16);
}

/** A file to check: the form field it came from ('passport_img.0') and the file. */
export interface PassengerFile {
  field: string;
  file: FormFile;
}

/** The passport scan and visa copy of each passenger, keyed by their form fields ('passport_img.0', 'visa_copy.1'). */
export function listPassengerFiles(
  passengers: ReadonlyArray<{ passport_img?: FormFile | undefined; visa_copy?: FormFile | undefined } | { name_pending: true }>,
): PassengerFile[] {
  const list: PassengerFile[] = [];
  passengers.forEach((passenger, index) => {
    if ('name_pending' in passenger) return;
    if (passenger.passport_img) list.push({ field: `passport_img.${index}`, file: passenger.passport_img });
    if (passenger.visa_copy) list.push({ field: `visa_copy.${index}`, file: passenger.visa_copy });
  });
  return list;
}

/**
 * PRODUCT §4: scans are jpeg, png, webp or pdf by their content and at most 2,097,152 bytes. Checks every
 * file before anything is written: 413 if one is too large, else a 422 naming each file of the wrong type.
 */
export async function checkPassengerFiles(list: PassengerFile[]): Promise<void> {
  if (list.some(({ file }) => sizeOf(file) > MAX_UPLOAD_BYTES)) throw createPassengerFileTooLargeError();
  const errors: Record<string, string[]> = {};
  for (const { field, file } of list) {
    const type = detectFileType(await headOf(file));
    if (!type || !DOCUMENT_TYPES.includes(type)) {
      const label = field.startsWith('visa_copy') ? 'visa copy' : 'passport image';
      errors[field] = [fileTypeMessage(label, DOCUMENT_TYPES)];
    }
  }
  if (Object.keys(errors).length > 0) throw createPassengerInputError(errors);
}

/** The dates a booking is checked against: the first departure (ages) and the last travel date (passport expiry). */
export interface TravelDates {
  firstDeparture: string;
  /** The last leg's arrival date. */
  lastTravelDate: string;
}

export function getTravelDates(legs: ReadonlyArray<{ departureDate: string; arrivalDate: string }>): TravelDates {
  if (legs.length === 0) throw new Error('a group without legs cannot be booked');
  const departures = legs.map((leg) => leg.departureDate).sort();
  const arrivals = legs.map((leg) => leg.arrivalDate).sort();
  return { firstDeparture: departures[0]!, lastTravelDate: arrivals[arrivals.length - 1]! };
}

/**
 * The date rules of every passenger (date of birth, age for the type on the first departure, passport expiry)
 * as Laravel-keyed errors ('dob.0', 'passport_expiry_date.2'); empty when all pass.
 */
export function collectPassengerDateErrors({
  passengers,
  today,
  travel,
}: {
  /** null: a passenger without details yet (names later, PRODUCT §6), skipped; the others keep their index. */
  passengers: ReadonlyArray<{ type: PassengerType; dob: string; passport_expiry_date: string } | null>;
  today: string;
  travel: TravelDates;
}): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  passengers.forEach((passenger, index) => {
    if (passenger === null) return;
    const found = getPassengerDateErrors({
      type: passenger.type,
      dob: passenger.dob,
      passportExpiryDate: passenger.passport_expiry_date,
      today,
      firstDeparture: travel.firstDeparture,
      lastTravelDate: travel.lastTravelDate,
    });
    for (const [field, message] of Object.entries(found)) errors[`${field}.${index}`] = [message];
  });
  return errors;
}

/**
 * PRODUCT §6 "Duplicate passengers": refuses (409, and the caller's transaction rolls back) when one of
 * `passportNos` (normalised by the contract) is already on a live booking of the group, naming the first in form
 * order. Call it while holding the group's row lock (SELECT … FOR UPDATE, as add-booking takes for the seats):
 * a booking of the same group waits for that lock, so under read committed two requests with one passport
 * cannot both pass the check (decision 025).
 */
export async function checkPassportsFree({
  db,
  groupId,
  passportNos,
  exceptBookingId,
}: {
  db: Executor;
  groupId: number;
  passportNos: readonly string[];
  exceptBookingId?: number;
}): Promise<void> {
  const booked = await findBookedPassports({ db, groupId, passportNos: passportsToCheck(passportNos), exceptBookingId });
  const first = findFirstBookedPassport(passportNos, booked);
  if (first !== undefined) throw createPassportAlreadyBookedError(first);
}

/** The numbers the duplicate rule looks at: an empty number (a passenger whose name comes later) is nobody's passport. */
export function passportsToCheck(passportNos: readonly string[]): string[] {
  return passportNos.filter((passportNo) => passportNo !== '');
}

/** The first of `passportNos` in form order that is among `booked` (the 409 names it; PRODUCT §6). */
export function findFirstBookedPassport(passportNos: readonly string[], booked: ReadonlySet<string>): string | undefined {
  return passportsToCheck(passportNos).find((passportNo) => booked.has(passportNo));
}

/**
 * Stores one passenger file (private: passport or visa) through the files module, inside the caller's
 * transaction, and adds its storage path to `saved` (the paths one request wrote), for removeOrphanFiles.
 */
export async function savePassengerFile({
  db,
  uploadsDir,
  file,
  kind,
  field,
  userId,
  saved,
}: {
  db: Executor;
  uploadsDir: string;
  file: FormFile;
  kind: 'passport' | 'visa';
  field: string;
  userId: number;
  saved: string[];
}): Promise<number> {
  const row = await saveUploadedFile({ db, uploadsDir, file, kind, field, userId, types: DOCUMENT_TYPES });
  saved.push(row.storagePath);
  return row.id;
}

/** A passenger's scans, prepared and written before add-booking's transaction (issue 20 point 3). */
export interface PreparedPassengerFiles {
  passport: PreparedUpload;
  visa: PreparedUpload | null;
}

/**
 * add-booking's file work outside the group's lock: checks, re-encodes and names each passenger's scans, and writes
 * their bytes, adding each path to `saved` (for removeOrphanFiles if the booking is refused). The files rows are
 * recorded later, under the lock (recordPassengerFiles).
 */
export async function preparePassengerFiles({
  uploadsDir,
  passengers,
  userId,
  saved,
  phases,
}: {
  uploadsDir: string;
  passengers: ReadonlyArray<{ passport_img: FormFile; visa_copy?: FormFile | undefined }>;
  userId: number;
  saved: string[];
  /** SERVER_TIMING=1: the image worker's round trip (`image`) and the disk write (`write`) of each scan (decision 059). */
  phases?: ServerPhases | undefined;
}): Promise<PreparedPassengerFiles[]> {
  const prepare = async (file: FormFile, kind: 'passport' | 'visa', field: string) => {
    const upload = await prepareUploadedFile({ file, kind, field, userId, types: DOCUMENT_TYPES, phases });
    await writePreparedUpload({ uploadsDir, upload });
    phases?.lap('write');
    saved.push(upload.storagePath);
    return upload;
  };
  const prepared: PreparedPassengerFiles[] = [];
  for (const [position, passenger] of passengers.entries()) {
    prepared.push({
      passport: await prepare(passenger.passport_img, 'passport', `passport_img.${position}`),
      visa: passenger.visa_copy ? await prepare(passenger.visa_copy, 'visa', `visa_copy.${position}`) : null,
    });
  }
  return prepared;
}

/** The files rows the prepared scans need, one per upload (passport, then visa, per passenger). */
export function passengerFileRows(prepared: readonly PreparedPassengerFiles[]): NewFileRow[] {
  return uploadsOf(prepared).map((upload) => upload.row);
}

function uploadsOf(prepared: readonly PreparedPassengerFiles[]): PreparedUpload[] {
  return prepared.flatMap((files) => (files.visa ? [files.passport, files.visa] : [files.passport]));
}

/**
 * Under the group's lock, in add-booking's transaction, once its checks statement stored the files rows of the prepared
 * scans (decision 048; bookingChecksRun): their ids in passenger order. A path the statement did not see (a
 * concurrent transaction committed its row while the insert waited on it) is read again on its own. Each file's bytes
 * are written again if missing: a refused booking of the same group with the same bytes may have removed them
 * (removeOrphanFiles, under the same lock) after this request wrote them.
 */
export async function recordPassengerFiles({
  db,
  uploadsDir,
  prepared,
  stored,
}: {
  db: Executor;
  uploadsDir: string;
  prepared: readonly PreparedPassengerFiles[];
  /** Storage path -> files row id, as the checks statement answered. */
  stored: ReadonlyMap<string, number>;
}): Promise<Array<{ passportFileId: number; visaFileId: number | null }>> {
  const uploads = uploadsOf(prepared);
  for (const upload of uploads) await writePreparedUpload({ uploadsDir, upload });
  const idOf = async (upload: PreparedUpload): Promise<number> => {
    const id = stored.get(upload.storagePath);
    if (id !== undefined) return id;
    const existing = await findFileByStoragePath({ db, storagePath: upload.storagePath });
    if (!existing) throw new Error(`files row for ${upload.storagePath} vanished during insert`);
    return existing.id;
  };
  const ids: Array<{ passportFileId: number; visaFileId: number | null }> = [];
  for (const files of prepared) {
    ids.push({ passportFileId: await idOf(files.passport), visaFileId: files.visa ? await idOf(files.visa) : null });
  }
  return ids;
}

/**
 * After a transaction that stored files rolled back: removes the bytes no committed files row points to
 * (issue 4: a refused booking leaves no file behind). Files are named by their content, so a path that a
 * committed row does use (the same scan uploaded before) is kept. add-booking calls it for its refusals inside its
 * transaction, under the group's lock: a booking of the same group with the same bytes then either has committed
 * its row (kept) or has not yet recorded it, and writes the bytes again when it does (recordPassengerFiles).
 */
export async function removeOrphanFiles({
  db,
  uploadsDir,
  saved,
  insertedRows = new Set(),
}: {
  db: Executor;
  uploadsDir: string;
  saved: readonly string[];
  /** Paths whose rows the caller's own transaction inserted (add-booking's checks statement): they go with its rollback. */
  insertedRows?: ReadonlySet<string>;
}): Promise<void> {
  const paths = [...new Set(saved)];
  if (paths.length === 0) return;
  const kept = await db.select({ storagePath: files.storagePath }).from(files).where(inArray(files.storagePath, paths));
  const keep = new Set(kept.map((row) => row.storagePath).filter((storagePath) => !insertedRows.has(storagePath)));
  for (const storagePath of paths) {
    if (!keep.has(storagePath)) await removeStoredFile({ uploadsDir, storagePath });
  }
}

export type { PassengerInput };
