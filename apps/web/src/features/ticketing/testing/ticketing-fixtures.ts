import {
  importTicketNumbersResponseSchema,
  pnrPassengersResponseSchema,
  type ImportTicketNumbersResponse,
  type PnrPassengersResponse,
  type TicketBooking,
} from '@portal/contract/ticketing';

/** Answers of the ticketing contract, parsed with their schemas to stay honest. */

export function buildTicketBooking(overrides: Partial<TicketBooking> = {}): TicketBooking {
  return {
    id: 5,
    agent_name: 'Bilal Travels',
    confirmed: 1,
    ticketed: 0,
    passengers: [
      { id: 21, type: 'adult', title: 'Mr', firstname: 'ALI', lastname: 'KHAN', ticket_no: null },
      { id: 22, type: 'infant', title: 'Inf', firstname: 'ZAIN', lastname: 'KHAN', ticket_no: '1572400000009' },
    ],
    ...overrides,
  };
}

export function buildPnrPassengers(bookings: TicketBooking[] = [buildTicketBooking()]): PnrPassengersResponse {
  return pnrPassengersResponseSchema.parse({ data: { pnr: 'ABC123', group_id: 7, bookings } });
}

export function buildImportAnswer(overrides: Partial<ImportTicketNumbersResponse['data']> = {}, message = 'Dry run: nothing was saved.'): ImportTicketNumbersResponse {
  return importTicketNumbersResponseSchema.parse({
    message,
    data: {
      dry_run: 1,
      matched: [
        {
          row: 2,
          pnr: 'ABC123',
          surname: 'KHAN',
          given_name: 'ALI',
          ticket_no: '1572400000001',
          booking_id: 5,
          passenger_id: 21,
          passenger_name: 'Mr ALI KHAN',
          previous_ticket_no: null,
        },
      ],
      unmatched: [
        {
          row: 3,
          pnr: 'ABC123',
          surname: 'SHAH',
          given_name: 'MUHAMMAD',
          ticket_no: '1572400000004',
          reason: 'More than one passenger on this PNR has this name: type the number on the booking.',
        },
      ],
      saved: 0,
      ticketed_bookings: [],
      ...overrides,
    },
  });
}
