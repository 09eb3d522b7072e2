import type { Database } from '../db/database.js';
import { groupLegs, groups } from '../modules/groups/groups.table.js';
import { insertAirline, insertMySector, insertSector } from './inventory-factories.js';

let pnrSeed = 0;

/**
 * A group with one leg per sector id, inserted straight with drizzle, so the inventory tests can make an
 * airline, sector or my-sector "in use" without the groups API. `departureDate` is every leg's date (YYYY-MM-DD).
 */
export async function insertGroupRow(
  db: Database,
  {
    airlineId,
    mySectorId,
    sectorIds = [],
    departureDate,
    closeStatus = false,
    deleted = false,
  }: {
    airlineId?: number;
    mySectorId?: number;
    sectorIds?: number[];
    departureDate: string;
    closeStatus?: boolean;
    deleted?: boolean;
  },
) {
  pnrSeed += 1;
  const legSectors = sectorIds.length > 0 ? sectorIds : [await insertSector(db)];
  const [group] = await db
    .insert(groups)
    .values({
      pnr: `ROW${String(pnrSeed).padStart(4, '0')}`,
      airlineId: airlineId ?? (await insertAirline(db)),
      mySectorId: mySectorId ?? (await insertMySector(db)),
      ticketType: 1,
      direction: legSectors.length > 1 ? 2 : 1,
      ticketsWehave: 10,
      totalTicket: 10,
      price: 100_000,
      closeStatus,
      departureDate,
      deletedAt: deleted ? new Date() : null,
    })
    .returning();
  await db.insert(groupLegs).values(
    legSectors.map((sectorId, position) => ({
      groupId: group!.id,
      position,
      sectorId,
      flightNumber: `PK-${100 + position}`,
      baggageKg: 30,
      handCarryKg: 7,
      departureDate,
      departureTime: '03:15',
      departureAirport: 'ALLAMA IQBAL INTL',
      arrivalDate: departureDate,
      arrivalTime: '08:45',
      arrivalAirport: 'KING ABDULAZIZ INTL',
    })),
  );
  return group!;
}
