import { airlineSchema, type Airline } from '@portal/contract/airlines';
import type { Paginated } from '@portal/contract/common';
import { groupSchema, type Group } from '@portal/contract/groups';

/** A Laravel paginator answer around `rows` (PRODUCT §3). */
export function buildPage<T>(rows: T[], { page = 1, total = rows.length, perPage = 20, hasNext = false } = {}): Paginated<T> {
  return {
    data: rows,
    current_page: page,
    per_page: perPage,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    prev_page_url: page > 1 ? `/api/list?page=${page - 1}` : null,
    next_page_url: hasNext ? `/api/list?page=${page + 1}` : null,
  };
}

export function buildAirline(overrides: Partial<Airline> = {}): Airline {
  return airlineSchema.parse({
    id: 1,
    full_name: 'Pakistan International Airlines',
    short_name: 'PIA',
    logo: null,
    status: 1,
    ...overrides,
  });
}

/** One leg of a group as editgroup answers it. */
export const buildLeg = (position: number, sector: number, name: string, date: string) => ({
  position,
  departure_sector: sector,
  departure_sector_name: name,
  departure_flight_number: `PK-${740 + position}`,
  departure_baggage: 30,
  departure_handcarry: 7,
  departure_airport_name: 'Allama Iqbal Intl',
  departure_time: '03:00',
  departure_date: date,
  departure_terminal: null,
  arivval_airport_name: 'Dubai Intl',
  arivval_time: '05:30',
  arivval_date: date,
  arivval_terminal: 'T1',
  arivval_baggage: 30,
});

/** A round-trip via group (4 legs) as editgroup and the lists answer it. */
export function buildGroup(overrides: Partial<Group> = {}): Group {
  return groupSchema.parse({
    id: 7,
    pnr: 'ABC123',
    date: '2031-03-10',
    subpart: [
      buildLeg(0, 1, 'LHE - DXB', '2031-03-10'),
      buildLeg(1, 2, 'DXB - JED', '2031-03-11'),
      buildLeg(2, 3, 'JED - DXB', '2031-03-25'),
      buildLeg(3, 4, 'DXB - LHE', '2031-03-26'),
    ],
    tickets_wehave: 40,
    total_ticket: 35,
    price: 145000,
    infant_price: 35000,
    sold: 4,
    remaining: 31,
    added_by: 'Ayesha Khan',
    close_status: 0,
    air_line_logo: null,
    airline: 1,
    airline_name: 'Pakistan International Airlines',
    my_section_id: 1,
    meal: 1,
    ticket_type: 2,
    direction: 2,
    updated_at: '2031-01-01T10:00:00.000Z',
    deposit_deadline: null,
    name_deadline: null,
    ticketing_deadline: null,
    ...overrides,
  });
}

export const general = {
  data: {
    airline: [{ id: 1, full_name: 'Pakistan International Airlines' }],
    my_sectors: [{ id: 1, name: 'Umrah' }],
    sectors: [
      { id: 1, sector_name: 'LHE - DXB' },
      { id: 2, sector_name: 'DXB - JED' },
      { id: 3, sector_name: 'JED - DXB' },
      { id: 4, sector_name: 'DXB - LHE' },
    ],
  },
};
