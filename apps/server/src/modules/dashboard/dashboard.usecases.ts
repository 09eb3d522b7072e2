import {
  DASHBOARD_LIST_LIMIT,
  type AdminDashboard,
  type PendingAgent,
  type UserDashboard,
  type WaitingBooking,
} from '@portal/contract/dashboard';
import type { Database } from '../../db/database.js';
import { getKarachiDate, getKarachiToday } from '../../lib/karachi-date.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import type { TicketBoard } from '../tickets/ticket-board.js';
import { listActiveMySectorCards } from '../tickets/tickets.repository.js';
import {
  countBookingSummary,
  listActiveDashboardButtons,
  listDashboardBookings,
  listPendingAgents,
  type DashboardBookingRow,
  type PendingAgentRow,
} from './dashboard.repository.js';

/** The dashboards (000 §2 Dashboard screen, §3 Dashboard response, §6; dashboard.ts decisions). */

const WALK_IN_NAME = 'Walk-in';

function toImageUrl(publicUrl: string, storagePath: string | null): string | null {
  return storagePath ? getPublicFileUrl({ publicUrl, storagePath }) : null;
}

function toDashboardBooking(row: DashboardBookingRow, keyPrefix: string, publicUrl: string): AdminDashboard['pending'][number] {
  const { booking } = row;
  // 000 §3 names the column agent_name or name: both carry the agency (or agent) name.
  const agentName = booking.agentUserId === null ? WALK_IN_NAME : row.agencyName || row.agentName || '';
  return {
    id: booking.id,
    key: `${keyPrefix}-${booking.id}`,
    pnr: row.pnr,
    airline_logo: toImageUrl(publicUrl, row.logoPath),
    agent_name: agentName,
    name: agentName,
    booking_date: getKarachiDate(booking.createdAt),
    confirmed: booking.confirmed ? 1 : 0,
    final_total: booking.finalTotal,
    received_amount: booking.receivedAmount,
    remaining_amount: booking.remainingAmount,
  };
}

function toWaitingBooking(row: DashboardBookingRow, keyPrefix: string, publicUrl: string): WaitingBooking {
  const { booking } = row;
  return {
    ...toDashboardBooking(row, keyPrefix, publicUrl),
    passengers: booking.adults + booking.children + booking.infants,
    departure_date: row.departureDate,
    cancel_at: booking.cancelAt?.toISOString() ?? null,
  };
}

function toPendingAgent(row: PendingAgentRow): PendingAgent {
  return {
    id: row.id,
    key: `agent-${row.id}`,
    name: row.name,
    agency_name: row.agencyName,
    email: row.email,
    phone: row.phone,
    city: row.city,
    created_at: row.createdAt.toISOString(),
  };
}

/** What every signed-in user sees: active dashboard buttons and the active my-sector cards with their open groups. */
export async function getUserDashboard({ db, publicUrl, now = new Date() }: { db: Database; publicUrl: string; now?: Date }): Promise<UserDashboard> {
  const [buttons, sectorCards] = await Promise.all([
    listActiveDashboardButtons({ db }),
    listActiveMySectorCards({ db, today: getKarachiToday(now) }),
  ]);
  return {
    dash_btn: buttons.map((button) => ({
      id: button.id,
      title: button.title,
      target: button.target,
      image: toImageUrl(publicUrl, button.imagePath),
      totalpnr: button.bannerCount,
    })),
    sector_summary: sectorCards.map((card) => ({
      id: card.id,
      name: card.name,
      image: toImageUrl(publicUrl, card.imagePath),
      totalpnr: card.totalpnr,
    })),
  };
}

/** dashboardsummary (admin): the user dashboard plus counts, pending and partly paid bookings, and Ending Soon. */
export async function getAdminDashboard({
  db,
  publicUrl,
  board,
  now = new Date(),
}: {
  db: Database;
  publicUrl: string;
  /** Ending Soon comes from the ticket board (decision 066), which holds every offered group and its seats. */
  board: Pick<TicketBoard, 'endingSoon'>;
  now?: Date;
}): Promise<AdminDashboard> {
  const today = getKarachiToday(now);
  const [shared, counts, lists, endingSoon, pendingAgents] = await Promise.all([
    getUserDashboard({ db, publicUrl, now }),
    countBookingSummary({ db, today }),
    listDashboardBookings({ db, limit: DASHBOARD_LIST_LIMIT }),
    board.endingSoon(DASHBOARD_LIST_LIMIT),
    listPendingAgents({ db, limit: DASHBOARD_LIST_LIMIT }),
  ]);
  const { pending, partials, holds, due: paymentsDue } = lists;
  return {
    overall_summary: {
      total_bookings: counts.total,
      total_confirmed: counts.confirmed,
      total_canceled: counts.cancelled,
      total_paid: counts.paid,
      total_partial_paid: counts.partial,
      total_unpaid: counts.unpaid,
    },
    today_summary: {
      today_count: counts.todayTotal,
      confirmed: counts.todayConfirmed,
      canceled_count: counts.todayCancelled,
      paid_count: counts.todayPaid,
      partial_paid_count: counts.todayPartial,
      unpaid_count: counts.todayUnpaid,
    },
    ...shared,
    pending: pending.rows.map((row) => toDashboardBooking(row, 'pending', publicUrl)),
    partials: partials.rows.map((row) => toDashboardBooking(row, 'partial', publicUrl)),
    pnrs: endingSoon.map((group) => ({
      key: `pnr-${group.id}`,
      pnr: group.pnr,
      pnr_id: group.id,
      departure_date: group.departureDate,
      sold: group.sold,
      remaining: group.totalTicket - group.sold,
      total_ticket: group.totalTicket,
      departure_sector_name: group.sector,
    })),
    holds: { total: holds.total, data: holds.rows.map((row) => toWaitingBooking(row, 'hold', publicUrl)) },
    pending_agents: { total: pendingAgents.total, data: pendingAgents.rows.map(toPendingAgent) },
    payments_due: { total: paymentsDue.total, data: paymentsDue.rows.map((row) => toWaitingBooking(row, 'due', publicUrl)) },
  };
}
