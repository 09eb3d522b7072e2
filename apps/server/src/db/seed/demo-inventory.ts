import type { Transaction } from '../database.js';
import { airlines } from '../../modules/airlines/airlines.table.js';
import { groupLegs, groups, getLegCount } from '../../modules/groups/groups.table.js';
import { mySectors } from '../../modules/my-sectors/my-sectors.table.js';
import { sectors } from '../../modules/sectors/sectors.table.js';
import { addDays, toInstant, toLocal } from './calendar.js';
import {
  DEMO_AIRLINES,
  DEMO_AIRPORTS,
  DEMO_GROUP_TEMPLATES,
  DEMO_INFANT_PRICE_RANGES,
  DEMO_MY_SECTORS,
  DEMO_PRICE_RANGES,
  DEMO_SECTORS,
  type DemoGroupTemplate,
} from './demo-catalogue.js';
import { readDemoImage } from './demo-images.js';
import { createPng } from './png.js';
import type { Random } from './random.js';
import { storeSeedFile, type SeedFileTarget } from './seed-files.js';

/** ~25 groups (brief of the demo data), first departures spread over days 2 to 58 from today. */
export const DEMO_GROUP_COUNT = 25;
const FIRST_DEPARTURE_FROM_DAY = 2;
const FIRST_DEPARTURE_TO_DAY = 58;
/** Two groups are closed, to fill Groups History (001 §2). */
const CLOSED_GROUP_INDEXES = new Set([5, 17]);
/** A small group that the demo bookings nearly fill, so the seats-left warning shows (000 §2, §9). */
export const SMALL_GROUP_INDEX = 3;
const HAND_CARRY_KG = 7;
const PNR_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface DemoGroup {
  id: number;
  pnr: string;
  sectorName: string;
  totalTicket: number;
  price: number;
  infantPrice: number;
  closed: boolean;
  firstDeparture: string;
  lastDeparture: string;
}

export interface DemoInventory {
  groups: DemoGroup[];
}

interface InventoryOptions {
  tx: Transaction;
  random: Random;
  files: SeedFileTarget;
  adminId: number;
  today: string;
  now: Date;
}

export async function insertDemoInventory({ tx, random, files, adminId, today, now }: InventoryOptions): Promise<DemoInventory> {
  const airlineIds = new Map<string, number>();
  for (const airline of DEMO_AIRLINES) {
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
  for (const sector of DEMO_SECTORS) {
    const [from, to] = sector.split('-') as [string, string];
    const [row] = await tx
      .insert(sectors)
      .values({ fromSector: from, toSector: to, fromCity: airport(from).city, toCity: airport(to).city, status: true })
      .returning({ id: sectors.id });
    sectorIds.set(sector, row!.id);
  }

  const mySectorIds = new Map<string, number>();
  for (const mySector of DEMO_MY_SECTORS) {
    const imageFileId = await storeSeedFile(tx, files, {
      kind: 'my_sector_image',
      name: mySector.key,
      // Its airport code and lowest fare, readable at avatar size (demo-images.ts, decision 021).
      bytes: await readDemoImage(`sector-${mySector.key}.png`),
    });
    const [row] = await tx
      .insert(mySectors)
      .values({ name: mySector.name, imageFileId, status: true })
      .returning({ id: mySectors.id });
    mySectorIds.set(mySector.key, row!.id);
  }

  const usedPnrs = new Set<string>();
  const result: DemoGroup[] = [];
  for (let index = 0; index < DEMO_GROUP_COUNT; index++) {
    const template = DEMO_GROUP_TEMPLATES[index % DEMO_GROUP_TEMPLATES.length]!;
    const airline = DEMO_AIRLINES.find((candidate) => candidate.key === template.airline)!;
    const dayOffset =
      FIRST_DEPARTURE_FROM_DAY +
      Math.floor((index * (FIRST_DEPARTURE_TO_DAY - FIRST_DEPARTURE_FROM_DAY)) / (DEMO_GROUP_COUNT - 1));
    const legs = buildLegs(template, addDays(today, dayOffset));

    let pnr: string;
    do {
      pnr = Array.from({ length: 6 }, () => random.pick([...PNR_ALPHABET])).join('');
    } while (usedPnrs.has(pnr));
    usedPnrs.add(pnr);

    const small = index === SMALL_GROUP_INDEX;
    const ticketsWehave = small ? 10 : random.pick([20, 25, 30, 35, 40, 45, 50]);
    const totalTicket = small ? 8 : ticketsWehave - random.pick([0, 0, 2, 5]);
    const trip = template.ticketType === 2 ? 'roundTrip' : 'oneWay';
    const [priceMin, priceMax] = DEMO_PRICE_RANGES[template.mySector][trip];
    const price = random.amount(priceMin, priceMax);
    const [infantMin, infantMax] = DEMO_INFANT_PRICE_RANGES[trip];
    const infantPrice = random.amount(infantMin, infantMax);
    const closed = CLOSED_GROUP_INDEXES.has(index);
    const createdAt = new Date(now.getTime() - (12 + (index % 9)) * 86_400_000);

    const [group] = await tx
      .insert(groups)
      .values({
        pnr,
        airlineId: airlineIds.get(template.airline)!,
        mySectorId: mySectorIds.get(template.mySector)!,
        ticketType: template.ticketType,
        direction: template.direction,
        meal: airline.meal,
        ticketsWehave,
        totalTicket,
        price,
        infantPrice,
        closeStatus: closed,
        departureDate: legs[0]!.departureDate,
        addedBy: adminId,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: groups.id });
    await tx.insert(groupLegs).values(
      legs.map((leg, position) => ({
        groupId: group!.id,
        position,
        sectorId: sectorIds.get(leg.sector)!,
        flightNumber: leg.flightNumber,
        baggageKg: airline.baggageKg,
        handCarryKg: HAND_CARRY_KG,
        departureDate: leg.departureDate,
        departureTime: leg.departureTime,
        departureAirport: leg.departureAirport,
        departureTerminal: leg.departureTerminal,
        arrivalDate: leg.arrivalDate,
        arrivalTime: leg.arrivalTime,
        arrivalAirport: leg.arrivalAirport,
        arrivalTerminal: leg.arrivalTerminal,
      })),
    );
    result.push({
      id: group!.id,
      pnr,
      sectorName: getJourneyName(template),
      totalTicket,
      price,
      infantPrice,
      closed,
      firstDeparture: legs[0]!.departureDate,
      lastDeparture: legs.at(-1)!.departureDate,
    });
  }
  return { groups: result };
}

/** Origin to destination of the outbound journey ('KHI - JED' for KHI-RUH-JED), for ledger texts. */
function getJourneyName(template: DemoGroupTemplate): string {
  const outbound = template.legs.slice(0, template.direction === 2 ? 2 : 1);
  const origin = outbound[0]!.sector.split('-')[0]!;
  const destination = outbound.at(-1)!.sector.split('-')[1]!;
  return `${origin} - ${destination}`;
}

function airport(code: string) {
  const found = DEMO_AIRPORTS[code];
  if (!found) throw new Error(`Demo airport ${code} is not in the catalogue`);
  return found;
}

interface BuiltLeg {
  sector: string;
  flightNumber: string;
  departureDate: string;
  departureTime: string;
  departureAirport: string;
  departureTerminal: string | null;
  arrivalDate: string;
  arrivalTime: string;
  arrivalAirport: string;
  arrivalTerminal: string | null;
}

/** Local dates and times of each leg; arrival from the duration and both airports' UTC offsets. */
function buildLegs(template: DemoGroupTemplate, firstDeparture: string): BuiltLeg[] {
  if (template.legs.length !== getLegCount(template.ticketType, template.direction)) {
    throw new Error(`Demo template ${template.legs[0]?.flight} has a leg count its layout does not allow`);
  }
  let previousArrival: Date | undefined;
  return template.legs.map((leg) => {
    const [fromCode, toCode] = leg.sector.split('-') as [string, string];
    const from = airport(fromCode);
    const to = airport(toCode);
    const departureDate = addDays(firstDeparture, leg.dayOffset);
    const departure = toInstant({ date: departureDate, time: leg.departs }, from.utcOffset);
    if (previousArrival && departure.getTime() <= previousArrival.getTime()) {
      throw new Error(`Demo leg ${leg.flight} departs before the previous leg arrives`);
    }
    const arrival = new Date(departure.getTime() + leg.durationMinutes * 60_000);
    previousArrival = arrival;
    const arrivalLocal = toLocal(arrival, to.utcOffset);
    return {
      sector: leg.sector,
      flightNumber: leg.flight,
      departureDate,
      departureTime: leg.departs,
      departureAirport: from.name,
      departureTerminal: from.terminal,
      arrivalDate: arrivalLocal.date,
      arrivalTime: arrivalLocal.time,
      arrivalAirport: to.name,
      arrivalTerminal: to.terminal,
    };
  });
}
