import { z } from 'zod';
import { flagSchema } from './booking-lifecycle.js';
import { defineRoute, errorResponses } from './common.js';

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
 */

export const NO_DATA_FOUND_TEXT = 'No Data Found';
export const DASHBOARD_TEXTS = {
  allTime: 'All Time',
  todaySummary: 'Today Summary',
  allSectors: 'All Sectors',
  pendingPayments: 'Pending Payments',
  partialPaid: 'Partial Paid',
  endingSoon: 'Ending Soon',
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
  summary: 'Admin dashboard: all-time and today counts, sector cards, buttons, pending and partial payments, ending soon',
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
