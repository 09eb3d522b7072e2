import { z } from 'zod';
import { defineRoute, errorResponses, flagSchema } from './common.js';

/**
 * The dashboard (000 §2 Dashboard screen, §3 Dashboard response, §7 dashboardsummary / user-dashboard).
 *
 * Decisions (where the seeds and PRODUCT are silent):
 * - "Today" is the Asia/Karachi day of the booking's created_at.
 * - overall_summary: total_bookings counts every booking; total_confirmed confirmed and live; total_canceled
 *   cancelled; total_paid / total_partial_paid / total_unpaid split the confirmed live ones by payment_status.
 *   today_summary counts the same among today's bookings (today_count = all of today's).
 * - pending (nothing received) and partials (partly paid): confirmed live bookings, the 10 newest each.
 * - pnrs ('Ending Soon'): open groups whose first departure is ahead and that still have seats, soonest first, 10.
 * - sector_summary: active my sectors with their open groups (totalpnr), as the My Sectors list counts them.
 * - dash_btn: active dashboard buttons; totalpnr is the number of active banners attached to the button.
 * - `key` is a stable React key for the row ('pending-12', 'pnr-7').
 * - user-dashboard (agents) answers only what they see: sector cards and buttons (000 §6).
 * - What waits for the admin (issue 21 point 5, decision 023), each the first {@link DASHBOARD_LIST_LIMIT} rows
 *   with the `total` that match:
 *   - `holds`: bookings on hold whose hold has not run out, soonest expiry (`cancel_at`) first;
 *   - `pending_agents`: live agents awaiting approval, the longest waiting first;
 *   - `payments_due`: confirmed live bookings not fully paid, soonest first departure first (flown ones, now
 *     overdue, come first of all), then the oldest booking.
 */

export const NO_DATA_FOUND_TEXT = 'No Data Found';
export const DASHBOARD_TEXTS = {
  allTime: 'All Time',
  todaySummary: 'Today Summary',
  allSectors: 'All Sectors',
  pendingPayments: 'Pending Payments',
  partialPaid: 'Partial Paid',
  endingSoon: 'Ending Soon',
  waiting: 'Waiting for you',
  holds: 'On Hold',
  pendingAgents: 'Pending Agents',
  paymentsDue: 'Payments Due',
  viewAll: 'View all',
} as const;
export const DASHBOARD_LIST_LIMIT = 10;

export const overallSummarySchema = z.object({
  total_bookings: z.number().int(),
  total_confirmed: z.number().int(),
  total_canceled: z.number().int(),
  total_paid: z.number().int(),
  total_partial_paid: z.number().int(),
  total_unpaid: z.number().int(),
});

export const todaySummarySchema = z.object({
  today_count: z.number().int(),
  confirmed: z.number().int(),
  canceled_count: z.number().int(),
  paid_count: z.number().int(),
  partial_paid_count: z.number().int(),
  unpaid_count: z.number().int(),
});

export const dashboardButtonSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  target: z.string(),
  /** Public image URL; null when none. */
  image: z.string().nullable(),
  totalpnr: z.number().int(),
});

export const sectorSummarySchema = z.object({
  /** The my sector's id (links to /dashboard/booking/{id}/{name}). */
  id: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  totalpnr: z.number().int(),
});

export const dashboardBookingSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  pnr: z.string(),
  airline_logo: z.string().nullable(),
  /** Agency (or agent) name; 'Walk-in' for a walk-in sale. Both names of 000 §3. */
  agent_name: z.string(),
  name: z.string(),
  /** YYYY-MM-DD (Asia/Karachi). */
  booking_date: z.string(),
  confirmed: flagSchema,
  final_total: z.number().int(),
  received_amount: z.number().int(),
  remaining_amount: z.number().int(),
});

/** A booking that waits for the admin: on hold (with its expiry) or with a payment due. */
export const waitingBookingSchema = dashboardBookingSchema.extend({
  /** Adults, children and infants. */
  passengers: z.number().int(),
  /** The group's first departure, YYYY-MM-DD. */
  departure_date: z.string(),
  /** Hold expiry, ISO 8601; null when none (confirmed bookings). */
  cancel_at: z.string().nullable(),
});
export type WaitingBooking = z.infer<typeof waitingBookingSchema>;

/** An agent awaiting approval (001 §4 pending). */
export const pendingAgentSchema = z.object({
  /** users.id (the agents routes' `{id}`). */
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  agency_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  /** When it registered, ISO 8601. */
  created_at: z.string(),
});
export type PendingAgent = z.infer<typeof pendingAgentSchema>;

/** The first rows of a list and how many rows the whole list has. */
function waitingList<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int(), data: z.array(row) });
}

export const endingSoonSchema = z.object({
  key: z.string(),
  pnr: z.string(),
  /** The group's id. */
  pnr_id: z.number().int(),
  /** First departure, YYYY-MM-DD. */
  departure_date: z.string(),
  sold: z.number().int(),
  remaining: z.number().int(),
  total_ticket: z.number().int(),
  /** 'LHE - JED'. */
  departure_sector_name: z.string(),
});

export const adminDashboardSchema = z.object({
  overall_summary: overallSummarySchema,
  today_summary: todaySummarySchema,
  dash_btn: z.array(dashboardButtonSchema),
  sector_summary: z.array(sectorSummarySchema),
  pending: z.array(dashboardBookingSchema),
  partials: z.array(dashboardBookingSchema),
  pnrs: z.array(endingSoonSchema),
  holds: waitingList(waitingBookingSchema),
  pending_agents: waitingList(pendingAgentSchema),
  payments_due: waitingList(waitingBookingSchema),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const userDashboardSchema = z.object({
  dash_btn: z.array(dashboardButtonSchema),
  sector_summary: z.array(sectorSummarySchema),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

export const adminDashboardResponseSchema = z.object({ data: adminDashboardSchema });
export const userDashboardResponseSchema = z.object({ data: userDashboardSchema });

export const dashboardSummaryRoute = defineRoute({
  method: 'GET',
  path: '/dashboardsummary',
  summary:
    'Admin dashboard: all-time and today counts, sector cards, buttons, pending and partial payments, ending soon, and what waits (holds, pending agents, payments due)',
  tags: ['dashboard'],
  access: 'admin',
  response: { 200: adminDashboardResponseSchema, ...errorResponses },
});

export const userDashboardRoute = defineRoute({
  method: 'GET',
  path: '/user-dashboard',
  summary: "Agent dashboard: sector cards and dashboard buttons",
  tags: ['dashboard'],
  access: 'user',
  response: { 200: userDashboardResponseSchema, ...errorResponses },
});
