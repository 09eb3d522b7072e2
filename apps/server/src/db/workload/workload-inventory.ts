import type { Transaction } from '../database.js';
import { airlines } from '../../modules/airlines/airlines.table.js';
import { getLegCount, groupLegs, groups, type NewGroupLegRow, type NewGroupRow } from '../../modules/groups/groups.table.js';
import { mySectors } from '../../modules/my-sectors/my-sectors.table.js';
import { sectors } from '../../modules/sectors/sectors.table.js';
import { addDays, toInstant, toLocal } from '../seed/calendar.js';
import { createPng } from '../seed/png.js';
import type { Random } from '../seed/random.js';
import { storeSeedFile, type SeedFileTarget } from '../seed/seed-files.js';
import { advanceIdSequence, insertInBatches } from './bulk-insert.js';
import {
  WORKLOAD_AIRLINES,
  WORKLOAD_AIRPORTS,
  WORKLOAD_INFANT_PRICE_RANGES,
  WORKLOAD_LAYOUTS,
  WORKLOAD_MY_SECTORS,
  WORKLOAD_PRICE_RANGES,
  WORKLOAD_SECTORS,
  type WorkloadLayout,
} from './workload-catalogue.js';

const DAY = 86_400_000;
/** Groups depart from tomorrow to 90 days ahead (issue 8). */
const LAST_DEPARTURE_DAY = 90;
const HAND_CARRY_KG = 7;
const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Seats per group (issue 8: 150 to 400). */
export const MIN_GROUP_SEATS = 150;
export const MAX_GROUP_SEATS = 400;

/** The contention benchmark's group: open, 150 seats, no bookings (issue 8). */
export const CONTENTION_GROUP = { pnr: 'BENCHLOCK', seats: 150, price: 185_000, infantPrice: 45_000, departureDay: 30 } as const;

export interface WorkloadGroup {
  id: number;
  pnr: string;
  /** The row to insert; the booking planner may raise its seats (up to MAX_GROUP_SEATS) so no booking is refused. */
  row: NewGroupRow & { totalTicket: number; ticketsWehave: number };
  price: number;
  infantPrice: number;
  firstDeparture: string;
  lastDeparture: string;
  /** Relative popularity: some PNRs sell much more than others. */
  weight: number;
}

export interface WorkloadCatalogueIds {
  airlineIds: ReadonlyMap<string, number>;
  sectorIds: ReadonlyMap<string, number>;
  mySectorIds: ReadonlyMap<string, number>;
}

/** Airlines (with logos), sectors and my-sectors (with images), one row at a time: there are 39. */
export async function insertWorkloadCatalogue({ tx, files }: { tx: Transaction; files: SeedFileTarget }): Promise<WorkloadCatalogueIds> {
  const airlineIds = new Map<string, number>();
  for (const airline of WORKLOAD_AIRLINES) {
    const logoFileId = await storeSeedFile(tx, files, {
      kind: 'airline_logo',
      name: airline.key,
      bytes: createPng({ width: 64, height: 64, colour: airline.colours[0], accent: airline.colours[1] }),
    });
    const [row] = await tx
      .insert(airlines)
      .values({ fullName: airline.fullName, shortName: airline.shortName, logoFileId, status: true })
      .returning({ id: airlines.id });
    airlineIds.set(airline.key, row!.id);
  }

  const sectorIds = new Map<string, number>();
  for (const sector of WORKLOAD_SECTORS) {
    const [from, to] = sector.split('-') as [string, string];
    const [row] = await tx
      .insert(sectors)
      .values({ fromSector: from, toSector: to, fromCity: airport(from).city, toCity: airport(to).city, status: true })
      .returning({ id: sectors.id });
    sectorIds.set(sector, row!.id);
  }

  const mySectorIds = new Map<string, number>();
  for (const mySector of WORKLOAD_MY_SECTORS) {
    const imageFileId = await storeSeedFile(tx, files, {
      kind: 'my_sector_image',
      name: mySector.key,
      bytes: createPng({ width: 160, height: 100, colour: mySector.colours[0], accent: mySector.colours[1] }),
    });
    const [row] = await tx.insert(mySectors).values({ name: mySector.name, imageFileId, status: true }).returning({ id: mySectors.id });
    mySectorIds.set(mySector.key, row!.id);
  }
  return { airlineIds, sectorIds, mySectorIds };
}

export interface GroupPlan {
  /** The bookable groups, ids 1..n (explicit ids: the database is empty). */
  groups: WorkloadGroup[];
  contentionGroupId: number;
  rows: NewGroupRow[];
  legRows: NewGroupLegRow[];
}

/**
 * The groups and their legs, in memory: first departures from tomorrow to 90 days ahead, 150 to 400 seats,
 * and the contention group last. Inserted by insertGroups once the bookings are planned.
 */
export function planGroups({
  random,
  ids,
  adminId,
  groupCount,
  today,
  now,
}: {
  random: Random;
  ids: WorkloadCatalogueIds;
  adminId: number;
  groupCount: number;
  today: string;
  now: Date;
}): GroupPlan {
  const usedPnrs = new Set<string>([CONTENTION_GROUP.pnr]);
  const newPnr = (): string => {
    let pnr: string;
    do pnr = Array.from({ length: 6 }, () => random.pick([...PNR_ALPHABET])).join('');
    while (usedPnrs.has(pnr));
    usedPnrs.add(pnr);
    return pnr;
  };
  const totalWeight = WORKLOAD_LAYOUTS.reduce((sum, layout) => sum + layout.weight, 0);
  const pickLayout = (): WorkloadLayout => {
    let ticket = random.next() * totalWeight;
    for (const layout of WORKLOAD_LAYOUTS) {
      ticket -= layout.weight;
      if (ticket < 0) return layout;
    }
    return WORKLOAD_LAYOUTS.at(-1)!;
  };

  const rows: WorkloadGroup['row'][] = [];
  const legRows: NewGroupLegRow[] = [];
  const addGroup = (
    values: Omit<WorkloadGroup['row'], 'id' | 'departureDate' | 'airlineId' | 'mySectorId' | 'ticketType' | 'direction' | 'meal' | 'addedBy'>,
    layout: WorkloadLayout,
    firstDeparture: string,
  ) => {
    const id = rows.length + 1;
    const airline = WORKLOAD_AIRLINES.find((candidate) => candidate.key === layout.airline)!;
    const legs = buildLegs(layout, firstDeparture);
    const row = {
      ...values,
      id,
      airlineId: ids.airlineIds.get(layout.airline)!,
      mySectorId: ids.mySectorIds.get(layout.mySector)!,
      ticketType: layout.ticketType,
      direction: layout.direction,
      meal: airline.meal,
      closeStatus: false,
      departureDate: legs[0]!.departureDate,
      addedBy: adminId,
    };
    rows.push(row);
    for (const [position, { sector, ...built }] of legs.entries()) {
      legRows.push({ ...built, groupId: id, position, sectorId: ids.sectorIds.get(sector)!, baggageKg: airline.baggageKg, handCarryKg: HAND_CARRY_KG });
    }
    return { row, firstDeparture: legs[0]!.departureDate, lastDeparture: legs.at(-1)!.departureDate };
  };

  const groups: WorkloadGroup[] = [];
  for (let index = 0; index < groupCount; index++) {
    const layout = pickLayout();
    const trip = layout.ticketType === 2 ? 'roundTrip' : 'oneWay';
    const [priceMin, priceMax] = WORKLOAD_PRICE_RANGES[layout.mySector][trip];
    const price = random.amount(priceMin, priceMax);
    const [infantMin, infantMax] = WORKLOAD_INFANT_PRICE_RANGES[trip];
    const infantPrice = random.amount(infantMin, infantMax);
    const totalTicket = 5 * random.int(MIN_GROUP_SEATS / 5, MAX_GROUP_SEATS / 5);
    const createdAt = new Date(now.getTime() - random.int(62, 85) * DAY - random.int(0, 86_399) * 1000);
    const pnr = newPnr();
    const placed = addGroup(
      {
        pnr,
        ticketsWehave: totalTicket + random.pick([0, 0, 0, 5, 10]),
        totalTicket,
        price,
        infantPrice,
        createdAt,
        updatedAt: createdAt,
      },
      layout,
      addDays(today, random.int(1, LAST_DEPARTURE_DAY)),
    );
    groups.push({ ...placed, id: placed.row.id, pnr, price, infantPrice, weight: 0.3 + 1.4 * random.next() });
  }

  // The contention group: a plain one-way PIA Umrah group on LHE-JED, created a week ago.
  const contentionCreatedAt = new Date(now.getTime() - 7 * DAY);
  const contention = addGroup(
    {
      pnr: CONTENTION_GROUP.pnr,
      ticketsWehave: CONTENTION_GROUP.seats,
      totalTicket: CONTENTION_GROUP.seats,
      price: CONTENTION_GROUP.price,
      infantPrice: CONTENTION_GROUP.infantPrice,
      createdAt: contentionCreatedAt,
      updatedAt: contentionCreatedAt,
    },
    WORKLOAD_LAYOUTS[0]!,
    addDays(today, CONTENTION_GROUP.departureDay),
  );
  return { groups, contentionGroupId: contention.row.id, rows, legRows };
}

/** Inserts the planned groups and legs, and moves the groups' id sequence past them. */
export async function insertGroups(tx: Transaction, plan: GroupPlan): Promise<void> {
  await insertInBatches(tx, groups, plan.rows);
  await insertInBatches(tx, groupLegs, plan.legRows);
  await advanceIdSequence(tx, groups);
}

function airport(code: string) {
  const found = WORKLOAD_AIRPORTS[code];
  if (!found) throw new Error(`Workload airport ${code} is not in the catalogue`);
  return found;
}

/** Local dates and times of each leg; arrival from the duration and both airports' UTC offsets (as the demo does). */
function buildLegs(layout: WorkloadLayout, firstDeparture: string) {
  if (layout.legs.length !== getLegCount(layout.ticketType, layout.direction)) {
    throw new Error(`Workload layout ${layout.legs[0]?.flight} has a leg count its layout does not allow`);
  }
  return layout.legs.map((leg) => {
    const [fromCode, toCode] = leg.sector.split('-') as [string, string];
    const from = airport(fromCode);
    const to = airport(toCode);
    const departureDate = addDays(firstDeparture, leg.dayOffset);
    const departure = toInstant({ date: departureDate, time: leg.departs }, from.utcOffset);
    const arrival = toLocal(new Date(departure.getTime() + leg.durationMinutes * 60_000), to.utcOffset);
    return {
      sector: leg.sector,
      flightNumber: leg.flight,
      departureDate,
      departureTime: leg.departs,
      departureAirport: from.name,
      departureTerminal: from.terminal,
      arrivalDate: arrival.date,
      arrivalTime: arrival.time,
      arrivalAirport: to.name,
      arrivalTerminal: to.terminal,
    };
  });
}
