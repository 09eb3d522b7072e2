import type { AddAirlineBody, Airline, UpdateAirlineBody } from '@portal/contract/airlines';
import type { Paginated } from '@portal/contract/common';
import type { Database, Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { getPublicFileUrl, saveUploadedFile, type StorageContext } from '../files/files.usecases.js';
import { createAirlineInUseError, createAirlineNotFoundError } from './airlines.errors.js';
import {
  countLiveGroupsOfAirline,
  findAirlineWithLogo,
  findLiveAirlineForUpdate,
  insertAirline,
  listLiveAirlines,
  softDeleteAirline,
  updateAirline as updateAirlineRow,
  type AirlineWithLogo,
} from './airlines.repository.js';

function toAirline({ row, publicUrl }: { row: AirlineWithLogo; publicUrl: string }): Airline {
  return {
    id: row.id,
    full_name: row.fullName,
    short_name: row.shortName,
    logo: row.logoPath ? getPublicFileUrl({ publicUrl, storagePath: row.logoPath }) : null,
    status: row.status ? 1 : 0,
  };
}

async function getAirline({ db, id, publicUrl }: { db: Executor; id: number; publicUrl: string }): Promise<Airline> {
  const row = await findAirlineWithLogo({ db, id });
  if (!row) throw createAirlineNotFoundError();
  return toAirline({ row, publicUrl });
}

/** 001 §5: the logo is required when adding; it is stored (checked by content) in the same transaction as the airline. */
export async function addAirline({
  db,
  storage,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  input: AddAirlineBody;
  userId: number | null;
}): Promise<Airline> {
  return db.transaction(async (tx) => {
    const logo = await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.logo, kind: 'airline_logo', field: 'logo', userId });
    const row = await insertAirline({
      db: tx,
      airline: { fullName: input.full_name, shortName: input.short_name, logoFileId: logo.id, status: input.status === 1 },
    });
    return toAirline({ row: { ...row, logoPath: logo.storagePath }, publicUrl: storage.publicUrl });
  });
}

/** No new logo keeps the stored one; a replaced logo's file stays (other records may use the same bytes). */
export async function updateAirline({
  db,
  storage,
  id,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  id: number;
  input: UpdateAirlineBody;
  userId: number | null;
}): Promise<Airline> {
  return db.transaction(async (tx) => {
    if (!(await findLiveAirlineForUpdate({ db: tx, id }))) throw createAirlineNotFoundError();
    const logo = input.logo
      ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.logo, kind: 'airline_logo', field: 'logo', userId })
      : undefined;
    await updateAirlineRow({
      db: tx,
      id,
      changes: {
        fullName: input.full_name,
        shortName: input.short_name,
        ...(logo ? { logoFileId: logo.id } : {}),
        ...(input.status === undefined ? {} : { status: input.status === 1 }),
      },
    });
    return getAirline({ db: tx, id, publicUrl: storage.publicUrl });
  });
}

/** Soft delete (the table keeps the row for groups' history); refused while live groups use the airline. */
export async function deleteAirline({ db, id }: { db: Database; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock also waits for a group being inserted with this airline (its foreign key check locks the row).
    if (!(await findLiveAirlineForUpdate({ db: tx, id }))) throw createAirlineNotFoundError();
    const groupCount = await countLiveGroupsOfAirline({ db: tx, airlineId: id });
    if (groupCount > 0) throw createAirlineInUseError({ groupCount });
    await softDeleteAirline({ db: tx, id });
  });
}

export async function listAirlines({
  db,
  publicUrl,
  pageRequest,
}: {
  db: Database;
  publicUrl: string;
  pageRequest: PageRequest;
}): Promise<Paginated<Airline>> {
  const { rows, total } = await listLiveAirlines({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map((row) => toAirline({ row, publicUrl })), total, pageRequest });
}
