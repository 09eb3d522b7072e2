import {
  bookingDetailResponseSchema,
  bookingEditDetailResponseSchema,
  bookingListRowSchema,
  type BookingDetail,
  type BookingDetailResponse,
  type BookingEditDetail,
  type BookingEditDetailResponse,
  type BookingListRow,
  type BookingPassenger,
} from '@portal/contract/booking-lifecycle';
import { pnrDetailsResponseSchema, ticketSchema, type PnrDetailsResponse } from '@portal/contract/tickets';
import { buildSession } from '@/testing/fixtures';

/** Answers of the booking-lifecycle and tickets contracts, parsed with their schemas to stay honest. */

export const agentSession = () =>
  buildSession({ role: 'user', name: 'Bilal Travels', agent_id: 1042, user_id: 12, email: 'agent@example.com' });

/** A booking on Hold until 10 Mar 2031, 15:30 in Karachi (10:30 UTC). */
export function buildBookingRow(overrides: Partial<BookingListRow> = {}): BookingListRow {
  return bookingListRowSchema.parse({
    id: 5,
    pnr: 'ABC123',
    group_id: 7,
    air_line: 'Pakistan International Airlines',
    airline_logo: null,
    air_line_logo: null,
    sector: 'LHE - JED',
    date: '2031-03-10',
    payment_status: 0,
    passenger_name: 'Mr ALI KHAN',
    missing_names: 0,
    passengers: 2,
    agent: 12,
    agent_id: 1042,
    agent_name: 'Bilal Travels',
    walking: 0,
    booking_date: '2031-03-01',
    created_at: '2031-03-01T07:00:00.000Z',
    updated_at: '2031-03-01T07:00:00.000Z',
    confirmed: 0,
    confirm: 0,
    cancel_status: 0,
    ticketed: 0,
    cancel_at: '2031-03-10T10:30:00.000Z',
    total_amount: 290000,
    discount: 0,
    final_total: 290000,
    received_amount: 0,
    remaining_amount: 290000,
    adults: 2,
    children: 0,
    infants: 0,
    ...overrides,
  });
}

export const confirmedRow = (overrides: Partial<BookingListRow> = {}) =>
  buildBookingRow({ id: 6, pnr: 'CNF777', confirmed: 1, confirm: 1, cancel_at: null, payment_status: 1, ...overrides });

export const cancelledRow = (overrides: Partial<BookingListRow> = {}) =>
  buildBookingRow({ id: 7, pnr: 'CXL888', cancel_status: 1, cancel_at: null, ...overrides });

export function buildPassenger(overrides: Partial<BookingPassenger> = {}): BookingPassenger {
  return {
    id: 21,
    position: 0,
    type: 'adult',
    title: 'Mr',
    firstname: 'ALI',
    lastname: 'KHAN',
    dob: '1990-05-14',
    passport_no: 'AB1234567',
    passport_expiry_date: '2033-01-01',
    passport_img: '/api/files/31?expires=1&signature=x',
    visa_copy: null,
    ticket_no: null,
    ...overrides,
  };
}

const leg = {
  position: 0,
  departure_flight_number: 'PK-741',
  departure_sector_name: 'LHE - JED',
  from_sector: 'LHE',
  to_sector: 'JED',
  departure_date: '2031-03-10',
  departure_time: '03:00',
  departure_airport_name: 'Allama Iqbal Intl',
  departure_terminal: null,
  arivval_date: '2031-03-10',
  arivval_time: '07:30',
  arivval_airport_name: 'King Abdulaziz Intl',
  arivval_terminal: 'T1',
  departure_baggage: 30,
  departure_handcarry: 7,
};

export function buildBookingDetail(overrides: Partial<BookingDetail> = {}): BookingDetailResponse {
  return bookingDetailResponseSchema.parse({
    data: {
      id: 5,
      pnr: 'ABC123',
      group_id: 7,
      booking_date: '2031-03-01',
      created_at: '2031-03-01T07:00:00.000Z',
      updated_at: '2031-03-02T07:00:00.000Z',
      agent: 12,
      agent_id: 1042,
      agent_name: 'Bilal Travels',
      walking: 0,
      confirmed: 1,
      confirmed_at: '2031-03-02T07:00:00.000Z',
      cancel_status: 0,
      cancelled_at: null,
      ticketed: 0,
      missing_names: 0,
      name_deadline: null,
      cancellation_charge: 0,
      credit_override: 0,
      cancel_at: null,
      adults: 2,
      children: 0,
      infants: 0,
      price: 145000,
      infant_price: 35000,
      total_amount: 290000,
      discount: 10000,
      final_total: 280000,
      received_amount: 100000,
      remaining_amount: 180000,
      payment_status: 1,
      remarks: null,
      added_by: { name: 'Bilal Travels' },
      edit_by: { name: 'Ayesha Khan' },
      confirmed_by: { name: 'Ayesha Khan' },
      cancel_by: null,
      pdf_view_link: '/api/booking-pdf/5?expires=1&signature=v',
      pdf_download_link: '/api/booking-pdf/5?download=1&expires=1&signature=d',
      booking_sub: [
        buildPassenger(),
        buildPassenger({
          id: 22,
          position: 1,
          title: 'Mrs',
          firstname: 'SARA',
          lastname: 'KHAN',
          passport_no: 'CD7654321',
          visa_copy: '/api/files/33?expires=1&signature=y',
        }),
      ],
      payments: [
        {
          id: 3,
          booking_id: 5,
          receive_date: '2031-03-02',
          receive_amount: 100000,
          text: 'Cash at office',
          added_by: 'Ayesha Khan',
          edit_by: null,
          created_at: '2031-03-02T07:00:00.000Z',
        },
      ],
      ...overrides,
    },
    groupdata: {
      id: 7,
      pnr: 'ABC123',
      date: '2031-03-10',
      last_date: '2031-03-10',
      sector: 'LHE - JED',
      ticket_type: 1,
      direction: 1,
      meal: 1,
      airline: { id: 1, name: 'Pakistan International Airlines', logo: null },
      legs: [leg],
    },
  });
}

export function buildEditDetail(overrides: Partial<BookingEditDetail> = {}): BookingEditDetailResponse {
  return bookingEditDetailResponseSchema.parse({
    data: {
      data: {
        id: 5,
        pnr: 'ABC123',
        confirmed: 0,
        cancel_status: 0,
        adults: 1,
        children: 0,
        infants: 0,
        date: '2031-03-10',
        last_date: '2031-03-10',
        booking_sub: [buildPassenger()],
        ...overrides,
      },
    },
  });
}

/** A PNR page row: a list row with every passenger's name. */
const pnrRow = (overrides: Partial<BookingListRow> & { passenger_names?: string[] }) => ({
  ...buildBookingRow({ confirmed: 1, confirm: 1, cancel_at: null, payment_status: 2, received_amount: 290000, remaining_amount: 0 }),
  passenger_names: ['Mr ALI KHAN', 'Mrs SARA KHAN'],
  ...overrides,
});

export function buildPnrDetails(overrides: Partial<PnrDetailsResponse> = {}): PnrDetailsResponse {
  return pnrDetailsResponseSchema.parse({
    total: 35,
    sold: 3,
    remaining: 32,
    date: '2031-03-10',
    pnr: 'ABC123',
    price: 145000,
    infant_price: 35000,
    updated_at: '2031-01-01T10:00:00.000Z',
    results: [
      pnrRow({}),
      pnrRow({
        id: 8,
        agent_id: null,
        agent: 0,
        agent_name: 'Walk-in',
        walking: 1,
        passengers: 1,
        passenger_name: 'Ms HINA RAZA',
        passenger_names: ['Ms HINA RAZA'],
        confirmed: 0,
        confirm: 0,
        payment_status: 0,
        received_amount: 0,
        remaining_amount: 145000,
        total_amount: 145000,
        final_total: 145000,
        adults: 1,
        cancel_at: '2031-03-05T10:00:00.000Z',
      }),
    ],
    canceled: [
      pnrRow({
        id: 9,
        passenger_name: 'Mr OMAR FAROOQ',
        passenger_names: ['Mr OMAR FAROOQ', 'Mrs AMNA FAROOQ'],
        cancel_status: 1,
        payment_status: 0,
        received_amount: 0,
        remaining_amount: 290000,
      }),
    ],
    pnr_pdf_view_link: '/api/pnr-pdf/ABC123?expires=1&signature=p',
    pnr_excel_downlaod: '/api/pnr-excel/ABC123?expires=1&signature=e',
    close_status: 0,
    offered: true,
    ticket: ticketSchema.parse({
      id: 7,
      pnr: 'ABC123',
      air_line_logo: null,
      airline: 1,
      air_line: 'Pakistan International Airlines',
      sector: 'LHE - JED',
      sectorshort: 'LHE-JED',
      subpart: [
        {
          ...leg,
          day: 'Mon',
          from_city: 'LAHORE',
          to_city: 'JEDDAH',
        },
      ],
      meal: 1,
      ticket_type: 1,
      direction: 1,
      price: 145000,
      infant_price: 35000,
      alert: false,
      total_ticket: 35,
      sold: 3,
      remaining: 32,
      date: '2031-03-10',
      my_sector_id: 1,
      updated_at: '2031-01-01T10:00:00.000Z',
      name_deadline: null,
    }),
    ...overrides,
  });
}
