import type { AddAirlineBody, Airline, UpdateAirlineBody } from '@portal/contract/airlines';
import type { Paginated } from '@portal/contract/common';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { catalogueUsecases, statusChange, type CatalogueRecords } from '../catalogue/catalogue.usecases.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
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

const airlineCatalogue = catalogueUsecases<AirlineRow, Airline, AddAirlineBody, UpdateAirlineBody>({
  records: airlineRecords,
  addPicture: (input) => input.logo,
  editPicture: (input) => input.logo,
  insert: ({ db, input, pictureId }) =>
    insertAirline({
      db,
      airline: { fullName: input.full_name, shortName: input.short_name, logoFileId: pictureId, status: input.status === 1 },
    }),
  update: ({ db, id, input, pictureId }) =>
    updateAirlineRow({
      db,
      id,
      changes: {
        fullName: input.full_name,
        shortName: input.short_name,
        ...(pictureId ? { logoFileId: pictureId } : {}),
        ...statusChange(input.status),
      },
    }),
  inUse: async ({ db, id }) => {
    const groupCount = await countLiveGroupsOfAirline({ db, airlineId: id });
    return groupCount > 0 ? createAirlineInUseError({ groupCount }) : undefined;
  },
  remove: ({ db, id }) => softDeleteAirline({ db, id }),
});

/** 001 §5: the logo is required when adding; it is stored (checked by content) in the same transaction as the airline. */
export const addAirline = airlineCatalogue.add;

/** No new logo keeps the stored one; a replaced logo's file stays (other records may use the same bytes). */
export const updateAirline = airlineCatalogue.edit;

/**
 * Soft delete (the table keeps the row for groups' history); refused while live groups use the airline. The row lock
 * also waits for a group being inserted with this airline (its foreign key check locks the row).
 */
export const deleteAirline = airlineCatalogue.remove;

export async function listAirlines({ db, pageRequest }: { db: Database; pageRequest: PageRequest }): Promise<Paginated<Airline>> {
  const { rows, total } = await listLiveAirlines({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map((row) => toAirline({ row })), total, pageRequest });
}
