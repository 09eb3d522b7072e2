import { bannersListResponseSchema, type Banner, type BannersListResponse } from '@portal/contract/banners';
import {
  adminDashboardResponseSchema,
  userDashboardResponseSchema,
  type AdminDashboard,
  type UserDashboard,
} from '@portal/contract/dashboard';
import { buildSession } from '@/testing/fixtures';

/** Answers of the dashboard and banners contracts, parsed with their schemas to stay honest. */

export const agentSession = () =>
  buildSession({ role: 'user', name: 'Bilal Travels', agent_id: 1042, user_id: 12, email: 'agent@example.com' });

const sectors: UserDashboard['sector_summary'] = [
  { id: 3, name: 'LHE - JED', image: '/api/files/3.png', totalpnr: 4 },
  { id: 5, name: 'KHI - DXB', image: null, totalpnr: 1 },
];

const buttons: UserDashboard['dash_btn'] = [{ id: 2, title: 'Umrah Groups', target: 'umrah-groups', image: null, totalpnr: 2 }];

/** A booking of the admin's waiting lists (holds, payments due). */
export function waitingBooking(overrides: Partial<AdminDashboard['holds']['data'][number]> = {}): AdminDashboard['holds']['data'][number] {
  return {
    id: 61,
    key: 'due-61',
    pnr: 'QR3301',
    airline_logo: null,
    agent_name: 'Bilal Travels',
    name: 'Bilal Travels',
    booking_date: '2031-02-28',
    confirmed: 1,
    final_total: 290000,
    received_amount: 0,
    remaining_amount: 290000,
    passengers: 2,
    departure_date: '2031-03-10',
    cancel_at: null,
    ...overrides,
  };
}

export function buildAdminDashboard(overrides: Partial<AdminDashboard> = {}) {
  return adminDashboardResponseSchema.parse({
    data: {
      overall_summary: {
        total_bookings: 1287,
        total_confirmed: 904,
        total_canceled: 311,
        total_paid: 612,
        total_partial_paid: 187,
        total_unpaid: 105,
      },
      today_summary: {
        today_count: 23,
        confirmed: 17,
        canceled_count: 4,
        paid_count: 9,
        partial_paid_count: 6,
        unpaid_count: 2,
      },
      dash_btn: buttons,
      sector_summary: sectors,
      pending: [
        {
          id: 41,
          key: 'pending-41',
          pnr: 'PK7781',
          airline_logo: null,
          agent_name: 'Bilal Travels',
          name: 'Bilal Travels',
          booking_date: '2031-03-01',
          confirmed: 1,
          final_total: 290000,
          received_amount: 0,
          remaining_amount: 290000,
        },
      ],
      partials: [
        {
          id: 52,
          key: 'partial-52',
          pnr: 'SV2210',
          airline_logo: null,
          agent_name: 'Walk-in',
          name: 'Walk-in',
          booking_date: '2031-02-20',
          confirmed: 1,
          final_total: 435000,
          received_amount: 100000,
          remaining_amount: 335000,
        },
      ],
      pnrs: [
        {
          key: 'pnr-7',
          pnr: 'EK0601',
          pnr_id: 7,
          departure_date: '2031-03-10',
          sold: 33,
          remaining: 2,
          total_ticket: 35,
          departure_sector_name: 'KHI - DXB',
        },
      ],
      holds: { total: 14, data: [waitingBooking({ id: 61, key: 'hold-61', pnr: 'QR3301', cancel_at: '2031-03-01T10:30:00.000Z', confirmed: 0, passengers: 3 })] },
      pending_agents: {
        total: 3,
        data: [
          {
            id: 77,
            key: 'agent-77',
            name: 'Hina Shah',
            agency_name: 'Hina Tours',
            email: 'hina@example.com',
            phone: '03001112223',
            city: 'KARACHI',
            created_at: '2031-02-27T09:00:00.000Z',
          },
        ],
      },
      payments_due: {
        total: 12,
        data: [
          waitingBooking({ id: 71, key: 'due-71', pnr: 'PA1177', departure_date: '2031-02-25' }),
          waitingBooking({ id: 72, key: 'due-72', pnr: 'PA1178', departure_date: '2031-03-20', received_amount: 100000, remaining_amount: 190000 }),
        ],
      },
      ...overrides,
    },
  });
}

export function buildUserDashboard(overrides: Partial<UserDashboard> = {}) {
  return userDashboardResponseSchema.parse({ data: { dash_btn: buttons, sector_summary: sectors, ...overrides } });
}

export function buildBanner(overrides: Partial<Banner> = {}): Banner {
  return { id: 1, name: 'Umrah Season Groups', image: '/api/files/banner-1.png', status: 1, dash_btn_id: 2, updated_at: '2031-03-01T07:00:00.000Z', ...overrides };
}

export function buildBannersList(banners: Banner[]): BannersListResponse {
  return bannersListResponseSchema.parse({
    data: {
      data: banners,
      current_page: 1,
      per_page: 20,
      total: banners.length,
      last_page: 1,
      prev_page_url: null,
      next_page_url: null,
    },
  });
}
