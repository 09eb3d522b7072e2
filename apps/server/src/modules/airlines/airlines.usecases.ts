import type { AddAirlineBody, Airline, UpdateAirlineBody } from '@portal/contract/airlines';
import type { Paginated } from '@portal/contract/common';
import type { Database } from '../../db/database.js';
import type { AuditActor } from '../audit/audit.usecases.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { addCatalogueRecord, editCatalogueRecord, removeCatalogueRecord, type CatalogueRecords } from '../catalogue/catalogue.usecases.js';
import { getPublicFileUrl, type StorageContext } from '../files/files.usecases.js';
import { createAirlineInUseError, createAirlineNotFoundError } from './airlines.errors.js';
import type { AirlineRow } from './airlines.table.js';
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

function toAirline({ row }: { row: AirlineWithLogo }): Airline {
  return {
    id: row.id,
    full_name: row.fullName,
    short_name: row.shortName,
    logo: row.logoPath ? getPublicFileUrl({ storagePath: row.logoPath }) : null,
    status: row.status ? 1 : 0,
  };
}

const airlineRecords: CatalogueRecords<AirlineRow, Airline> = {
  picture: { kind: 'airline_logo', field: 'logo' },
  lockForUpdate: findLiveAirlineForUpdate,
  pictureIdOf: (row) => row.logoFileId,
  read: async ({ db, id }) => {
    const row = await findAirlineWithLogo({ db, id });
    return row && toAirline({ row });
  },
  notFound: createAirlineNotFoundError,
  // PRODUCT §6 audit trail: airlines are what groups are made of (decision 035, addendum 2026-11-27).
  auditKind: 'airline',
};

/** 001 §5: the logo is required when adding; it is stored (checked by content) in the same transaction as the airline. */
export async function addAirline({
  db,
  storage,
  input,
  userId,
  actor,
}: {
  db: Database;
  storage: StorageContext;
  input: AddAirlineBody;
  userId: number | null;
  actor: AuditActor;
}): Promise<Airline> {
  return addCatalogueRecord({
    db,
    storage,
    userId,
    actor,
    records: airlineRecords,
    file: input.logo,
    insert: ({ db: tx, pictureId }) =>
      insertAirline({
        db: tx,
        airline: { fullName: input.full_name, shortName: input.short_name, logoFileId: pictureId, status: input.status === 1 },
      }),
  });
}

/** No new logo keeps the stored one; a replaced logo's file stays (other records may use the same bytes). */
export async function updateAirline({
  db,
  storage,
  id,
  input,
  userId,
  actor,
}: {
  db: Database;
  storage: StorageContext;
  id: number;
  input: UpdateAirlineBody;
  userId: number | null;
  actor: AuditActor;
}): Promise<Airline> {
  return editCatalogueRecord({
    db,
    storage,
    userId,
    actor,
    records: airlineRecords,
    id,
    file: input.logo,
    update: ({ db: tx, pictureId }) =>
      updateAirlineRow({
        db: tx,
        id,
        changes: {
          fullName: input.full_name,
          shortName: input.short_name,
          ...(pictureId ? { logoFileId: pictureId } : {}),
          ...(input.status === undefined ? {} : { status: input.status === 1 }),
        },
      }),
  });
}

/**
 * Soft delete (the table keeps the row for groups' history); refused while live groups use the airline. The row lock
 * also waits for a group being inserted with this airline (its foreign key check locks the row).
 */
export async function deleteAirline({ db, id, actor }: { db: Database; id: number; actor: AuditActor }): Promise<void> {
  await removeCatalogueRecord({
    db,
    actor,
    records: airlineRecords,
    id,
    inUse: async (tx) => {
      const groupCount = await countLiveGroupsOfAirline({ db: tx, airlineId: id });
      return groupCount > 0 ? createAirlineInUseError({ groupCount }) : undefined;
    },
    remove: (tx) => softDeleteAirline({ db: tx, id }),
  });
}

export async function listAirlines({ db, pageRequest }: { db: Database; pageRequest: PageRequest }): Promise<Paginated<Airline>> {
  const { rows, total } = await listLiveAirlines({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map((row) => toAirline({ row })), total, pageRequest });
}
