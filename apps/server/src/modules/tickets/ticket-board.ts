import {
  mySectorCardSchema,
  ticketSchema,
  TICKET_ALERT_THRESHOLD,
  type AvailableSectorResponse,
  type MySectorTicketsResponse,
  type SearchFlightsBody,
  type SearchFlightsResponse,
  type Ticket,
} from '@portal/contract/tickets';
import type { Executor } from '../../db/database.js';
import { joinJsonBytes, type JsonBytes } from '../../lib/json-bytes.js';
import { getKarachiToday } from '../../lib/karachi-date.js';
import type { ChangeScopes } from '../../plugins/change-scopes.js';
import { createMySectorNotFoundError } from '../my-sectors/my-sectors.errors.js';
import { listAirlineIdsMatching, listLiveMySectorCards, listOfferedGroupRows, listSeatParts } from './tickets.repository.js';
import { groupBySector, toMySectorCard, toTickets } from './tickets.usecases.js';

/**
 * The shared ticket reads (available-sector, search-flights, pnr-respect-to-mysector and -user) answered from memory
 * (decision 047). What no booking changes (every offered group's card, its legs' places, the my-sector cards) is kept
 * as JSON bytes and read again after a change of everything or when Asia/Karachi's date changes; each group's sold
 * seats (decision 043: standing seats plus unexpired holds) are kept apart and read again, for the groups whose seats
 * a write announced (`group:<id>`, from this process or through Redis from another), in one query for all of them.
 * The holds are kept with their cancel_at, so a hold stops counting the instant it runs out, as in the database's sum.
 * The answers are the bytes the tickets use cases and the routes' serialiser gave (ticket-board.bytes.test.ts).
 */

/** The values of a card that follow the bookings; every other field is fixed text. */
const SEAT_FIELDS = ['alert', 'sold', 'remaining'] as const;

/** A card's JSON (UTF-8) split around SEAT_FIELDS' values: four pieces, in the contract's key order. */
type CardBytes = readonly [Buffer, Buffer, Buffer, Buffer];

interface Card {
  id: number;
  pnr: string;
  /** The first departure date, YYYY-MM-DD. */
  date: string;
  mySectorId: number;
  airlineId: number;
  /** The outbound journey, 'LHE - JED' (the cards' grouping key). */
  sector: string;
  totalTicket: number;
  price: number;
  /** Codes and cities the search matches: the legs at position 0 (departure) and direction - 1 (arrival). */
  departures: string[];
  arrivals: string[];
  priced: CardBytes;
  /** Anonymous callers' card: prices null (PRODUCT §4). */
  unpriced: CardBytes;
}

interface SectorGroup {
  /** `{"sector":"LHE - JED","tickets":[` */
  head: Buffer;
  cards: Card[];
}

interface Catalogue {
  /** The board's generation when it was read: a change of everything since makes it outdated. */
  generation: number;
  today: string;
  /** When it was read (epoch ms): read again after CATALOGUE_MAX_AGE_MS even if no change was announced. */
  readAtMs: number;
  /** Offered groups, soonest first departure first (listOfferedTicketRows's order). */
  cards: Card[];
  byId: ReadonlyMap<number, Card>;
  bySector: SectorGroup[];
  byMySector: ReadonlyMap<number, SectorGroup[]>;
  /** Live my-sectors' card JSON (any status), by id. */
  mySectors: ReadonlyMap<number, Buffer>;
  /** `[...]` of the active my-sectors' cards, by name. */
  activeMySectors: Buffer;
  /** Airline ids per airline filter text, asked of the database once per catalogue (its ILIKE semantics). */
  airlines: Map<string, Promise<ReadonlySet<number>>>;
}

interface Seats {
  standing: number;
  /** Unexpired holds when read: cancel_at (epoch ms) and seats. */
  holds: Array<{ until: number; seats: number }>;
  /** The change count when the query that read them started (see TicketBoard.tick). */
  readAt: number;
}

/** An offered group with seats left, as the dashboard's Ending Soon lists it. */
export interface EndingSoonGroup {
  id: number;
  pnr: string;
  departureDate: string;
  totalTicket: number;
  sold: number;
  /** The outbound journey, 'LHE - JED'. */
  sector: string;
}

/** One outbound sector's seats over the offered groups, as the Seats by sector insight lists them. */
export interface SectorSeats {
  /** The outbound journey, 'LHE - JED'. */
  sector: string;
  groups: number;
  forSale: number;
  sold: number;
}

const MAX_AIRLINE_FILTERS = 500;

/**
 * Bounds on what a change nobody announced (a row edited straight in the database, a process without REDIS_URL)
 * can leave standing: every group's seats are read again after SEATS_MAX_AGE_MS (the read cache's time to live, the
 * staleness the portal already accepted), the catalogue after CATALOGUE_MAX_AGE_MS. One query each, not per request.
 */
export const SEATS_MAX_AGE_MS = 5_000;
export const CATALOGUE_MAX_AGE_MS = 60_000;
const NO_SEATS: Omit<Seats, 'readAt'> = { standing: 0, holds: [] };

/** The card's JSON cut at the seat fields (ticketSchema.parse orders the keys as the response serialiser does). */
function toCardBytes(ticket: Ticket): CardBytes {
  const texts: string[] = [];
  let text = '{';
  let first = true;
  for (const [key, value] of Object.entries(ticketSchema.parse(ticket))) {
    text += `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if ((SEAT_FIELDS as readonly string[]).includes(key)) {
      texts.push(text);
      text = '';
    } else text += JSON.stringify(value);
  }
  texts.push(`${text}}`);
  if (texts.length !== 4) throw new Error('a ticket card lacks one of its seat fields');
  return texts.map((piece) => Buffer.from(piece)) as unknown as CardBytes;
}

function legPlaces(legs: Ticket['subpart'], position: number, side: 'from' | 'to'): string[] {
  return legs.filter((leg) => leg.position === position).flatMap((leg) => (side === 'from' ? [leg.from_sector, leg.from_city] : [leg.to_sector, leg.to_city]));
}

const bytes = (text: string) => Buffer.from(text);
const [COMMA, TRUE, FALSE, LIST_END] = [bytes(','), bytes('true'), bytes('false'), bytes(']}')];
const [DATA_HEAD, MY_SECTORS_HEAD, MY_SECTOR_HEAD, TICKETS_HEAD] = [bytes('{"data":['), bytes('{"mysectors":'), bytes('{"mysector":'), bytes(',"tickets":[')];

/** Seat counts are small: their digits are made once. */
const SMALL_NUMBERS: Buffer[] = [];
function numberBytes(value: number): Buffer {
  if (value >= 0 && value < 4096) return (SMALL_NUMBERS[value] ??= bytes(String(value)));
  return bytes(String(value));
}

/** An answer's pieces, joined once at the end (one copy, no string to encode). */
class Chunks {
  private readonly list: Buffer[] = [];
  private length = 0;

  push(chunk: Buffer): void {
    this.list.push(chunk);
    this.length += chunk.length;
  }

  join<T>(): JsonBytes<T> {
    return joinJsonBytes<T>(this.list, this.length);
  }
}

/** A 'Fare on call' fare (0 or less, 000 §9) sorts after every priced one (as tickets.usecases.ts sortTickets). */
const sortablePrice = (card: Card) => (card.price > 0 ? card.price : Number.POSITIVE_INFINITY);

export class TicketBoard {
  private readonly db: Executor;
  private readonly publicUrl: string;
  /** Counts changes of everything: a catalogue read before the latest one is outdated. */
  private generation = 0;
  /** Counts every change: what a query started at this count saw. */
  private tick = 0;
  private catalogue: Catalogue | null = null;
  private building: { generation: number; today: string; promise: Promise<Catalogue> } | null = null;
  private readonly seats = new Map<number, Seats>();
  /** Groups whose seats changed since they were read, with the change count of their latest change. */
  private readonly staleSince = new Map<number, number>();
  private refreshing: { tick: number; ids: ReadonlySet<number>; promise: Promise<void> } | null = null;
  /** When every group's seats were last asked for (epoch ms; SEATS_MAX_AGE_MS). */
  private seatsReadAtMs = 0;

  constructor({ db, publicUrl }: { db: Executor; publicUrl: string }) {
    this.db = db;
    this.publicUrl = publicUrl;
  }

  /** data-changes.ts onScopedChange: null is a change of everything, `group:<id>` one group's seats. */
  changed(scopes: ChangeScopes): void {
    this.tick += 1;
    if (scopes === null) {
      this.generation += 1;
      return;
    }
    for (const scope of scopes) {
      if (!scope.startsWith('group:')) continue;
      const id = Number(scope.slice('group:'.length));
      if (Number.isSafeInteger(id)) this.staleSince.set(id, this.tick);
    }
  }

  /** search-flights (tickets.usecases.ts searchFlights): the JSON and the groups it shows. */
  async search(input: SearchFlightsBody, withPrices: boolean): Promise<{ bytes: JsonBytes<SearchFlightsResponse>; groupIds: number[] }> {
    const now = Date.now();
    const catalogue = await this.current(now);
    const airlineIds = input.airline ? await this.airlinesMatching(catalogue, input.airline) : null;
    const { departure, arrival, date } = input;
    let cards = catalogue.cards.filter(
      (card) =>
        card.date >= date &&
        card.departures.includes(departure) &&
        card.arrivals.includes(arrival) &&
        (airlineIds === null || airlineIds.has(card.airlineId)),
    );
    const sort = withPrices ? input.sort : 'date';
    // Stable sorts: ties keep the date order (decision 023).
    if (sort === 'price') cards = cards.toSorted((a, b) => sortablePrice(a) - sortablePrice(b));
    else if (sort === 'seats') cards = cards.toSorted((a, b) => this.remaining(b, now) - this.remaining(a, now));
    const out = new Chunks();
    out.push(DATA_HEAD);
    this.writeCards(out, cards, withPrices, now);
    out.push(LIST_END);
    return { bytes: out.join(), groupIds: cards.map((card) => card.id) };
  }

  /** available-sector (getAvailableSectors). */
  async availableSectors(withPrices: boolean): Promise<{ bytes: JsonBytes<AvailableSectorResponse>; groupIds: number[] }> {
    const now = Date.now();
    const catalogue = await this.current(now);
    const out = new Chunks();
    out.push(MY_SECTORS_HEAD);
    out.push(catalogue.activeMySectors);
    this.writeSectors(out, catalogue.bySector, withPrices, now);
    return { bytes: out.join(), groupIds: catalogue.cards.map((card) => card.id) };
  }

  /** pnr-respect-to-mysector(-user) (getMySectorTickets): a live my-sector, else 404. */
  async mySectorTickets(mySectorId: number, withPrices: boolean): Promise<{ bytes: JsonBytes<MySectorTicketsResponse>; groupIds: number[] }> {
    const now = Date.now();
    const catalogue = await this.current(now);
    const mySector = catalogue.mySectors.get(mySectorId);
    if (mySector === undefined) throw createMySectorNotFoundError();
    const sectors = catalogue.byMySector.get(mySectorId) ?? [];
    const out = new Chunks();
    out.push(MY_SECTOR_HEAD);
    out.push(mySector);
    this.writeSectors(out, sectors, withPrices, now);
    return { bytes: out.join(), groupIds: sectors.flatMap((sector) => sector.cards.map((card) => card.id)) };
  }

  /**
   * The admin dashboard's Ending Soon (decision 066): the first `limit` offered groups with a seat left, in the
   * catalogue's order (soonest first departure, then the first leg's time, then id), with their sold seats now.
   */
  async endingSoon(limit: number): Promise<EndingSoonGroup[]> {
    const now = Date.now();
    const catalogue = await this.current(now);
    const found: EndingSoonGroup[] = [];
    for (const card of catalogue.cards) {
      if (found.length === limit) break;
      const sold = this.sold(card, now);
      if (card.totalTicket - sold > 0) found.push({ id: card.id, pnr: card.pnr, departureDate: card.date, totalTicket: card.totalTicket, sold, sector: card.sector });
    }
    return found;
  }

  /**
   * The Seats by sector insight (decision 071): every offered group's seats for sale (total_ticket) and sold now, summed
   * per outbound sector, the most seats for sale first, then the sector in code-point order (the database's C
   * collation). The groups, sectors and sold seats are the ticket cards'.
   */
  async seatsBySector(): Promise<SectorSeats[]> {
    const now = Date.now();
    const catalogue = await this.current(now);
    const bySector = new Map<string, SectorSeats>();
    for (const card of catalogue.cards) {
      let row = bySector.get(card.sector);
      if (!row) bySector.set(card.sector, (row = { sector: card.sector, groups: 0, forSale: 0, sold: 0 }));
      row.groups += 1;
      row.forSale += card.totalTicket;
      row.sold += this.sold(card, now);
    }
    return [...bySector.values()].sort((a, b) => b.forSale - a.forSale || (a.sector < b.sector ? -1 : a.sector > b.sector ? 1 : 0));
  }

  // ---- Answers -------------------------------------------------------------------------------------------

  /** Seats the group's bookings hold at `now`: standing seats plus the holds whose cancel_at is still ahead. */
  private sold(card: Card, now: number): number {
    const seats = this.seats.get(card.id) ?? NO_SEATS;
    let sold = seats.standing;
    for (const hold of seats.holds) if (hold.until > now) sold += hold.seats;
    return sold;
  }

  private remaining(card: Card, now: number): number {
    return card.totalTicket - this.sold(card, now);
  }

  /** The cards, comma-separated. */
  private writeCards(out: Chunks, cards: readonly Card[], withPrices: boolean, now: number): void {
    cards.forEach((card, index) => {
      const parts = withPrices ? card.priced : card.unpriced;
      const sold = this.sold(card, now);
      const remaining = card.totalTicket - sold;
      if (index > 0) out.push(COMMA);
      out.push(parts[0]);
      out.push(remaining <= TICKET_ALERT_THRESHOLD ? TRUE : FALSE);
      out.push(parts[1]);
      out.push(numberBytes(sold));
      out.push(parts[2]);
      out.push(numberBytes(remaining));
      out.push(parts[3]);
    });
  }

  /** `,"tickets":[` + the sector groups + `]}`: the end of available-sector's and the my-sector lists' answers. */
  private writeSectors(out: Chunks, sectors: readonly SectorGroup[], withPrices: boolean, now: number): void {
    out.push(TICKETS_HEAD);
    sectors.forEach((sector, index) => {
      if (index > 0) out.push(COMMA);
      out.push(sector.head);
      this.writeCards(out, sector.cards, withPrices, now);
      out.push(LIST_END);
    });
    out.push(LIST_END);
  }

  // ---- What is kept, and when it is read again --------------------------------------------------------------

  /** The catalogue of today and of the latest change of everything, with the seats of every group changed since read. */
  private async current(now: number): Promise<Catalogue> {
    const today = getKarachiToday(new Date(now));
    let catalogue = this.catalogue;
    // A request that waited for a build answers from it even if everything changed again meanwhile (as the read cache
    // serves the requests already waiting); the next request reads it again.
    if (!catalogue || catalogue.generation !== this.generation || catalogue.today !== today || now - catalogue.readAtMs > CATALOGUE_MAX_AGE_MS) {
      if (catalogue && catalogue.generation === this.generation && catalogue.today === today) this.generation += 1;
      catalogue = await this.build(today);
    }
    if (now - this.seatsReadAtMs > SEATS_MAX_AGE_MS) {
      this.seatsReadAtMs = now;
      this.tick += 1;
      for (const card of catalogue.cards) this.staleSince.set(card.id, this.tick);
    }
    await this.refreshSeats(catalogue);
    return catalogue;
  }

  private build(today: string): Promise<Catalogue> {
    const building = this.building;
    if (building && building.generation === this.generation && building.today === today) return building.promise;
    const generation = this.generation;
    const readAt = this.tick;
    this.seatsReadAtMs = Date.now();
    const promise = this.readCatalogue(generation, today).then(async (catalogue) => {
      this.keepSeats(await listSeatParts({ db: this.db, groupIds: catalogue.cards.map((card) => card.id) }), catalogue.cards, readAt);
      const installed = this.catalogue;
      if (!installed || installed.generation < generation || (installed.generation === generation && installed.today !== today)) this.catalogue = catalogue;
      return catalogue;
    });
    this.building = { generation, today, promise };
    const done = () => {
      if (this.building?.promise === promise) this.building = null;
    };
    promise.then(done, done);
    return promise;
  }

  private async readCatalogue(generation: number, today: string): Promise<Catalogue> {
    const { db, publicUrl } = this;
    const rows = await listOfferedGroupRows({ db, today });
    const tickets = await toTickets({ db, rows: rows.map((row) => ({ ...row, sold: 0 })), publicUrl, withPrices: true });
    const cards = tickets.map(
      (ticket, index): Card => ({
        id: ticket.id,
        pnr: ticket.pnr,
        date: ticket.date,
        mySectorId: ticket.my_sector_id,
        airlineId: ticket.airline,
        sector: ticket.sector,
        totalTicket: ticket.total_ticket,
        price: rows[index]!.group.price,
        departures: legPlaces(ticket.subpart, 0, 'from'),
        arrivals: legPlaces(ticket.subpart, ticket.direction - 1, 'to'),
        priced: toCardBytes(ticket),
        unpriced: toCardBytes({ ...ticket, price: null, infant_price: null }),
      }),
    );
    const toSectorGroups = (list: Card[]): SectorGroup[] =>
      groupBySector(list).map(({ sector, tickets: sectorCards }) => ({ head: Buffer.from(`{"sector":${JSON.stringify(sector)},"tickets":[`), cards: sectorCards }));
    const byMySectorCards = new Map<number, Card[]>();
    for (const card of cards) {
      const list = byMySectorCards.get(card.mySectorId) ?? [];
      list.push(card);
      byMySectorCards.set(card.mySectorId, list);
    }
    const mySectorRows = await listLiveMySectorCards({ db, today });
    const mySectorText = (row: (typeof mySectorRows)[number]) => JSON.stringify(mySectorCardSchema.parse(toMySectorCard({ row, publicUrl })));
    return {
      generation,
      today,
      readAtMs: Date.now(),
      cards,
      byId: new Map(cards.map((card) => [card.id, card])),
      bySector: toSectorGroups(cards),
      byMySector: new Map([...byMySectorCards].map(([id, list]) => [id, toSectorGroups(list)])),
      mySectors: new Map(mySectorRows.map((row) => [row.id, Buffer.from(mySectorText(row))])),
      activeMySectors: Buffer.from(
        `[${mySectorRows
          .filter((row) => row.status)
          .map(mySectorText)
          .join(',')}]`,
      ),
      airlines: new Map(),
    };
  }

  /**
   * Reads again, in one query, the seats of the catalogue's groups changed since they were read. A request finding
   * them all already being read waits for that read instead of asking again.
   */
  private async refreshSeats(catalogue: Catalogue): Promise<void> {
    const ids: number[] = [];
    for (const id of this.staleSince.keys()) if (catalogue.byId.has(id)) ids.push(id);
    if (ids.length === 0) return;
    const refreshing = this.refreshing;
    if (refreshing && ids.every((id) => refreshing.ids.has(id) && this.staleSince.get(id)! <= refreshing.tick)) return refreshing.promise;
    const readAt = this.tick;
    const cards = ids.map((id) => catalogue.byId.get(id)!);
    const promise = listSeatParts({ db: this.db, groupIds: ids }).then((parts) => this.keepSeats(parts, cards, readAt));
    this.refreshing = { tick: readAt, ids: new Set(ids), promise };
    try {
      await promise;
    } finally {
      if (this.refreshing?.promise === promise) this.refreshing = null;
    }
  }

  /**
   * Keeps the seats read by a query started at change count `readAt` for `cards` (a group without parts holds none),
   * unless a later read already replaced them; a group stays stale when it changed after `readAt`.
   */
  private keepSeats(parts: Array<[number, number, number | null]>, cards: readonly Card[], readAt: number): void {
    const read = new Map<number, Seats>(cards.map((card) => [card.id, { standing: 0, holds: [], readAt }]));
    for (const [groupId, seats, until] of parts) {
      const entry = read.get(groupId);
      if (!entry) continue;
      if (until === null) entry.standing += seats;
      else entry.holds.push({ until, seats });
    }
    for (const [id, entry] of read) {
      const kept = this.seats.get(id);
      if (!kept || kept.readAt <= readAt) this.seats.set(id, entry);
      const changedAt = this.staleSince.get(id);
      if (changedAt !== undefined && changedAt <= readAt) this.staleSince.delete(id);
    }
  }

  private airlinesMatching(catalogue: Catalogue, text: string): Promise<ReadonlySet<number>> {
    let ids = catalogue.airlines.get(text);
    if (!ids) {
      if (catalogue.airlines.size >= MAX_AIRLINE_FILTERS) catalogue.airlines.clear();
      ids = listAirlineIdsMatching({ db: this.db, text }).then((list) => new Set(list));
      // A failed look-up is asked again by the next search.
      ids.catch(() => catalogue.airlines.delete(text));
      catalogue.airlines.set(text, ids);
    }
    return ids;
  }
}
