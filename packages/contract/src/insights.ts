import { z } from 'zod';
import { defineRoute, errorResponses } from './common.js';
import { binaryResponse, XLSX_MIME } from './documents.js';

/**
 * Insights (PRODUCT §6 "Credit, cancellation charges, audit, insights"; issue 19 point 4; decision 034): three
 * reports shown as charts on the General Report and the admin dashboard, each with its numbers as a table and an
 * xlsx export. Admins only. Every figure is an SQL aggregate; "today" and days are Asia/Karachi.
 *
 * - `GET /api/insights/sales-receipts`: the last {@link INSIGHT_DAYS} days including today, oldest first, every
 *   day present (zero when nothing happened). `sales` = final totals of bookings confirmed that day and still
 *   confirmed and not cancelled (the General Report's Total Sale, by confirmation day); `receipts` = live
 *   (not deleted) payments by their receive date.
 * - `GET /api/insights/seats-by-sector`: over open groups (not closed, not deleted) departing today or later, per
 *   outbound sector ('LHE - JED', as the ticket cards show it): `for_sale` = sum of total_ticket, `sold` = adults
 *   and children of their live bookings (PRODUCT §4 "sold"). Most seats for sale first.
 * - `GET /api/insights/receivables-by-age`: per agent who owes something, the unpaid debt by its age in days
 *   (today - the day it was incurred): 0-7, 8-30, 31-60, over 60. A debt is a ledger `out` row (the booking's
 *   confirmation day); a `reversal` first reduces the debt of the booking it reverses; payments (`in` rows) pay
 *   the agent's oldest remaining debt first (FIFO). The buckets add up to the agent's balance. Most owed first.
 * - `GET /api/insights-xlsx?report=...`: one of them as a workbook (one sheet).
 */

export const INSIGHT_DAYS = 30;

export const INSIGHT_TITLES = {
  salesReceipts: 'Sales and receipts, last 30 days',
  seatsBySector: 'Seats sold and for sale by sector',
  receivablesByAge: 'What agents owe, by age of the debt',
} as const;

export const AGE_BUCKETS = [
  { key: 'days_0_7', label: '0-7 days' },
  { key: 'days_8_30', label: '8-30 days' },
  { key: 'days_31_60', label: '31-60 days' },
  { key: 'days_over_60', label: 'Over 60 days' },
] as const;

export const salesReceiptsDaySchema = z.object({
  date: z.string(),
  sales: z.number().int(),
  receipts: z.number().int(),
});
export type SalesReceiptsDay = z.infer<typeof salesReceiptsDaySchema>;

export const salesReceiptsResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    days: z.array(salesReceiptsDaySchema),
    total_sales: z.number().int(),
    total_receipts: z.number().int(),
  }),
});
export type SalesReceiptsResponse = z.infer<typeof salesReceiptsResponseSchema>;

export const sectorSeatsSchema = z.object({
  sector: z.string(),
  groups: z.number().int(),
  for_sale: z.number().int(),
  sold: z.number().int(),
  remaining: z.number().int(),
});
export type SectorSeats = z.infer<typeof sectorSeatsSchema>;

export const seatsBySectorResponseSchema = z.object({ data: z.array(sectorSeatsSchema) });
export type SeatsBySectorResponse = z.infer<typeof seatsBySectorResponseSchema>;

export const agentReceivableSchema = z.object({
  /** users.id of the agent. */
  user_id: z.number().int(),
  /** The Agent-{agent_id} number, null for an agent without one. */
  agent_id: z.number().int().nullable(),
  agent_name: z.string(),
  days_0_7: z.number().int(),
  days_8_30: z.number().int(),
  days_31_60: z.number().int(),
  days_over_60: z.number().int(),
  total: z.number().int(),
});
export type AgentReceivable = z.infer<typeof agentReceivableSchema>;

export const receivablesByAgeResponseSchema = z.object({
  data: z.object({ today: z.string(), agents: z.array(agentReceivableSchema) }),
});
export type ReceivablesByAgeResponse = z.infer<typeof receivablesByAgeResponseSchema>;

export const INSIGHT_REPORTS = ['sales-receipts', 'seats-by-sector', 'receivables-by-age'] as const;
export type InsightReport = (typeof INSIGHT_REPORTS)[number];

export const insightsXlsxQuerySchema = z.object({
  report: z.enum(INSIGHT_REPORTS, { error: `The report must be one of ${INSIGHT_REPORTS.join(', ')}.` }),
});
export type InsightsXlsxQuery = z.output<typeof insightsXlsxQuerySchema>;

export const salesReceiptsRoute = defineRoute({
  method: 'GET',
  path: '/insights/sales-receipts',
  summary: 'Sales (final totals by confirmation day) and receipts (live payments by receive date) per day, the last 30 days including today',
  tags: ['insights'],
  access: 'admin',
  response: { 200: salesReceiptsResponseSchema, ...errorResponses },
});

export const seatsBySectorRoute = defineRoute({
  method: 'GET',
  path: '/insights/seats-by-sector',
  summary: 'Seats sold and for sale per outbound sector, over open groups departing today or later',
  tags: ['insights'],
  access: 'admin',
  response: { 200: seatsBySectorResponseSchema, ...errorResponses },
});

export const receivablesByAgeRoute = defineRoute({
  method: 'GET',
  path: '/insights/receivables-by-age',
  summary: "Each agent's unpaid debt by age (0-7, 8-30, 31-60, over 60 days); reversals reduce their own booking, payments pay the oldest debt first",
  tags: ['insights'],
  access: 'admin',
  response: { 200: receivablesByAgeResponseSchema, ...errorResponses },
});

export const insightsXlsxRoute = defineRoute({
  method: 'GET',
  path: '/insights-xlsx',
  summary: 'One insights report (report=sales-receipts|seats-by-sector|receivables-by-age) as xlsx',
  tags: ['insights'],
  access: 'admin',
  querystring: insightsXlsxQuerySchema,
  response: { 200: binaryResponse('{report}.xlsx', [XLSX_MIME]), ...errorResponses },
});
