import { ticketSchema, type Ticket, type TicketLeg } from '@portal/contract/tickets';

/** A leg as the ticket answers give it (contract tickets.ts). */
export function buildTicketLeg(overrides: Partial<TicketLeg> = {}): TicketLeg {
  return {
    position: 0,
    day: 'Mon',
    departure_date: '2031-03-10',
    departure_time: '03:00',
    arivval_date: '2031-03-10',
    arivval_time: '05:30',
    departure_baggage: 30,
    departure_handcarry: 7,
    departure_flight_number: 'PK-740',
    departure_sector_name: 'LHE - DXB',
    from_sector: 'LHE',
    to_sector: 'DXB',
    from_city: 'LAHORE',
    to_city: 'DUBAI',
    departure_airport_name: 'Allama Iqbal Intl',
    departure_terminal: null,
    arivval_airport_name: 'Dubai Intl',
    arivval_terminal: 'T1',
    ...overrides,
  };
}

/** A one-way direct ticket card, parsed with the contract's schema to stay honest. */
export function buildTicket(overrides: Partial<Ticket> = {}): Ticket {
  return ticketSchema.parse({
    id: 7,
    pnr: 'ABC123',
    air_line_logo: null,
    airline: 1,
    air_line: 'Pakistan International Airlines',
    sector: 'LHE - DXB',
    sectorshort: 'LHE-DXB',
    subpart: [buildTicketLeg()],
    meal: 1,
    ticket_type: 1,
    direction: 1,
    price: 145000,
    infant_price: 35000,
    alert: false,
    total_ticket: 35,
    sold: 4,
    remaining: 31,
    date: '2031-03-10',
    my_sector_id: 1,
    updated_at: '2031-01-01T10:00:00.000Z',
    name_deadline: null,
    ...overrides,
  });
}

/** A return ticket whose two legs carry different baggage. */
export function buildReturnTicket(overrides: Partial<Ticket> = {}): Ticket {
  return buildTicket({
    id: 8,
    pnr: 'RET456',
    ticket_type: 2,
    sectorshort: 'LHE-DXB-LHE',
    subpart: [
      buildTicketLeg(),
      buildTicketLeg({
        position: 2,
        day: 'Tue',
        departure_date: '2031-03-25',
        arivval_date: '2031-03-25',
        departure_baggage: 20,
        departure_flight_number: 'PK-741',
        departure_sector_name: 'DXB - LHE',
        from_sector: 'DXB',
        to_sector: 'LHE',
      }),
    ],
    ...overrides,
  });
}
