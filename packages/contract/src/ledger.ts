import { z } from 'zod';
import { defineRoute, errorResponses, integerField, pageQuerySchema, paginated, required } from './common.js';
import { binaryResponse, XLSX_MIME } from './documents.js';
import { isValidIsoDate } from './group-form.js';

/**
 * The agent ledger (001 §2 Accounts, Agents Balance; §7 account-api, allagentsbalancelist; PRODUCT §4
 * "Payments and ledger").
 *
 * Decisions (where the seeds and PRODUCT are silent):
 * - `agent_id` is the agent's number ("Agent-{agent_id}", as in the session and searchagent's answer). An agent's
 *   own number is always used for an agent caller, whatever it sends (001 §6). An admin must send one.
 * - Row types: `out` (a confirmed booking charged at its final total, discount inside), `in` (a payment),
 *   `reversal` (a charged booking cancelled). `out` is a debit (001 §2: out or discount), the others credits.
 *   `balance` after each row = what the agent owes then (debits - credits), starting at `opening_balance`.
 * - `type=all`: every row, opening balance 0. `type=date`: rows whose date is within from..to (both included,
 *   Asia/Karachi days); the opening balance is the balance of every earlier row. Rows are in date order, then
 *   in the order they were posted. `closing_balance` = opening + the rows.
 * - `account-report-xlsx` (issue 21 §8, decision 022): the same report as a spreadsheet, asked for with account-api's
 *   fields as query parameters (an agent's own ledger whatever agent_id says); the from..to range filters it the same.
 * - The balance report lists every agent that is approved or has ledger rows, most owed first, then by number;
 *   `last_paid` is the receive date of the agent's latest live payment (null: never paid).
 * - `agents-balance-xlsx` (PRODUCT §6 "every report table exports to xlsx"): the whole report, every agent rather than
 *   a page, in the same order, with the total balance in a last row; named by the Asia/Karachi day it was taken.
 */

// ---- Texts ---------------------------------------------------------------------------------------------------

/** 001 §2 Accounts. */
export const MY_LEDGER_TITLE = 'My Ledger';
export const AGENT_LEDGER_TITLE = 'Agent Ledger';
export const NO_AGENT_FOUND_TEXT = 'No Agent Found';
export const NO_LEDGER_RECORD_TEXT = 'No Record found';
/** 001 §2 Agents Balance. */
export const BALANCE_REPORT_TITLE = 'Balance Report';
export const NO_BALANCE_RECORD_TEXT = 'No Record found.';
export const AGENT_NOT_FOUND_MESSAGE = 'Agent not found.';
export const LEDGER_DATE_ORDER_MESSAGE = 'The to must be a date after or equal to from.';
/** The ledger's run button (issue 21 §8: it says what it does; the seeds' 'Save' saved nothing). */
export const SHOW_LEDGER_LABEL = 'Show ledger';

export const LEDGER_ENTRY_TYPES = ['out', 'in', 'reversal'] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];

/** How a row's type reads on the ledger, printed or exported. */
export const LEDGER_TYPE_LABELS: Record<LedgerEntryType, string> = { out: 'Booking', in: 'Payment', reversal: 'Reversal' };

/** 001 §2: rows of type out (or discount) are debits, the others credits. */
export function isDebit(type: string): boolean {
  return type === 'out' || type === 'discount';
}

// ---- account-api ---------------------------------------------------------------------------------------------

/** An optional 'YYYY-MM-DD' field; absent, null or blank reads ''. */
export const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value ?? '').trim())
    .refine((value) => value === '' || isValidIsoDate(value), { error: `The ${label} is not a valid date (YYYY-MM-DD).` });

/** POST account-api (form agent_id, type, from, to). */
export const accountReportBodySchema = z
  .object({
    /** The agent's number; ignored for agents (their own is used); required for admins (checked by the server). */
    agent_id: z.preprocess(
      // An empty form field is no agent id (agents send their own or nothing; admins get the server's 422).
      (value) => (value === '' || value === null ? undefined : value),
      integerField('agent id', { min: 1, integerMessage: 'The agent id must be a number.' }).optional(),
    ),
    type: z.enum(['all', 'date'], { error: 'The type must be all or date.' }),
    from: optionalDate('from'),
    to: optionalDate('to'),
  })
  .superRefine((body, ctx) => {
    if (body.type !== 'date') return;
    if (body.from === '') ctx.addIssue({ code: 'custom', path: ['from'], message: required('from') });
    if (body.to === '') ctx.addIssue({ code: 'custom', path: ['to'], message: required('to') });
    if (body.from !== '' && body.to !== '' && body.to < body.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: LEDGER_DATE_ORDER_MESSAGE });
    }
  });
export type AccountReportBody = z.output<typeof accountReportBodySchema>;
export type AccountReportInput = z.input<typeof accountReportBodySchema>;

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  /** The accounting date, YYYY-MM-DD (confirmation day, payment receive date, cancel day). */
  receive_date: z.string(),
  text: z.string(),
  type: z.enum(LEDGER_ENTRY_TYPES),
  /** The posting's amount, positive; the type gives its side. */
  receive_amount: z.number().int(),
  /** What the agent owes after this row. */
  balance: z.number().int(),
  pnr: z.string().nullable(),
  /** The booking id (links to /dashboard/book/{id}); null when none. */
  booking: z.number().int().nullable(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

export const accountReportSchema = z.object({
  agent: z.object({ agent_id: z.number().int(), name: z.string(), agency_name: z.string().nullable() }),
  type: z.enum(['all', 'date']),
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening_balance: z.number().int(),
  closing_balance: z.number().int(),
  rows: z.array(ledgerRowSchema),
});
export type AccountReport = z.infer<typeof accountReportSchema>;

export const accountReportResponseSchema = z.object({ data: accountReportSchema });
export type AccountReportResponse = z.infer<typeof accountReportResponseSchema>;

// ---- allagentsbalancelist --------------------------------------------------------------------------------------

export const agentBalanceRowSchema = z.object({
  /** The agent's number, shown "Agent-{agent_id}". */
  agent_id: z.number().int(),
  /** Agency name, or the agent's name when it has none. */
  name: z.string(),
  agency_name: z.string().nullable(),
  /** YYYY-MM-DD of the latest live payment; null when none. */
  last_paid: z.string().nullable(),
  /** The ledger's closing balance: what the agent owes (negative: paid in advance). */
  balance: z.number().int(),
});
export type AgentBalanceRow = z.infer<typeof agentBalanceRowSchema>;

/** 001 §7: `data.data.data` list plus total, per_page, prev/next urls: the paginator inside `data`. */
export const agentsBalanceResponseSchema = z.object({ data: paginated(agentBalanceRowSchema) });
export type AgentsBalanceResponse = z.infer<typeof agentsBalanceResponseSchema>;

export const AGENTS_BALANCE_PER_PAGE = 20;

// ---- Routes --------------------------------------------------------------------------------------------------

export const accountReportRoute = defineRoute({
  method: 'POST',
  path: '/account-api',
  summary: "An agent's ledger: opening balance and rows with running balance, all or within from..to (agents: their own)",
  tags: ['ledger'],
  access: 'user',
  body: accountReportBodySchema,
  response: { 200: accountReportResponseSchema, ...errorResponses },
});

export const agentsBalanceRoute = defineRoute({
  method: 'GET',
  path: '/allagentsbalancelist',
  summary: 'Balance Report: each agent with the last payment date and the ledger closing balance, most owed first',
  tags: ['ledger'],
  access: 'admin',
  querystring: pageQuerySchema,
  response: { 200: agentsBalanceResponseSchema, ...errorResponses },
});

export const accountReportXlsxRoute = defineRoute({
  method: 'GET',
  path: '/account-report-xlsx',
  summary: "An agent's ledger as xlsx (agents: their own): query agent_id, type all|date, from, to as account-api",
  tags: ['ledger'],
  access: 'user',
  querystring: accountReportBodySchema,
  response: { 200: binaryResponse('ledger-Agent-{agent_id}[-{from}-to-{to}].xlsx', [XLSX_MIME]), ...errorResponses },
});

export const agentsBalanceXlsxRoute = defineRoute({
  method: 'GET',
  path: '/agents-balance-xlsx',
  summary: 'The Balance Report as xlsx: every agent (not a page), most owed first, with the total balance',
  tags: ['ledger'],
  access: 'admin',
  response: { 200: binaryResponse('agents-balance-{YYYY-MM-DD}.xlsx', [XLSX_MIME]), ...errorResponses },
});
