import type { AccountReport, AccountReportBody, AccountReportResponse, AgentBalanceRow, AgentsBalanceResponse } from '@portal/contract/ledger';
import { joinJsonBytes, type JsonBytes } from '../../lib/json-bytes.js';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { createAgentIdRequiredError, createAgentNotFoundError } from './ledger.errors.js';
import { gzipAll } from './ledger-gzip.js';
import { LedgerTextError } from './ledger-rows.js';
import { LedgerStore } from './ledger-store.js';
import {
  findAgentById,
  findAgentByNumber,
  listAgentBalances,
  listLongestLedgers,
  readLedgerReport,
  type AgentBalanceListRow,
  type LedgerAgent,
} from './ledger.repository.js';

/** The agent ledger and the balance report (001 §2 Accounts, Agents Balance; PRODUCT §4 "Payments and ledger"). */

/** One ledger store per database (decision 050): account-api and its spreadsheet answer from it. */
const ledgerStores = new WeakMap<Database, LedgerStore>();

export function ledgerStoreOf(db: Database): LedgerStore {
  let store = ledgerStores.get(db);
  if (!store) ledgerStores.set(db, (store = new LedgerStore({ db })));
  return store;
}

/** Ledgers shorter than this are read when first asked: a 1,000-row ledger reads in about 10 ms. */
export const LEDGER_WARM_MIN_ROWS = 1_000;

/**
 * Reads the longest ledgers into the store right after the server starts (main.ts, decision 076), the longest first,
 * while the store stays under a quarter of its bytes: the first answer of a 15,000-row ledger otherwise reads and gzips it
 * whole (250-420 ms on the benchmark's workload). Never throws: a failure only leaves those first answers to read.
 */
export async function warmLedgers({ db, store = ledgerStoreOf(db), minRows = LEDGER_WARM_MIN_ROWS }: { db: Database; store?: LedgerStore; minRows?: number }): Promise<number[]> {
  return listLongestLedgers({ db, minRows })
    .then((agents) => store.warm(agents))
    .catch(() => []);
}

/** Whose ledger: an agent always its own, whatever it sends (PRODUCT §4 roles); an admin the agent it names. */
async function resolveAgent({ db, user, agentNumber }: { db: Database; user: AuthUser; agentNumber: number | undefined }): Promise<LedgerAgent> {
  if (user.role !== 'admin') {
    const own = await findAgentById({ db, userId: user.id });
    // The auth hook only lets live agents through, so the caller's own row exists.
    if (!own) throw createAgentNotFoundError();
    return own;
  }
  if (agentNumber === undefined) throw createAgentIdRequiredError();
  const agent = await findAgentByNumber({ db, agentNumber });
  if (!agent) throw createAgentNotFoundError();
  return agent;
}

/**
 * account-api's answer as JSON bytes, byte for byte what the contract's serialiser made of the report object before
 * (decision 042: ledger.report-bytes.test.ts compares them): `all` lists every row from 0; `date` lists from..to and
 * opens at the balance of every earlier row. The rows are the agent's stored texts (decision 049) held in memory by the
 * ledger store and brought up to date on each call (decision 050); a ledger the store cannot read (a date outside
 * YYYY-MM-DD, only writable in SQL) is answered by the one statement of decision 049. With every row, the answer's
 * gzip too, made from the blocks the store keeps (ledger-gzip.ts).
 */
export async function getAccountReportJson({
  db,
  store,
  user,
  input,
}: {
  db: Database;
  store: LedgerStore;
  user: AuthUser;
  input: AccountReportBody;
}): Promise<{ bytes: JsonBytes<AccountReportResponse>; gzip: (() => Promise<Buffer>) | null }> {
  const agent = await resolveAgent({ db, user, agentNumber: input.agent_id });
  const range = input.type === 'date' ? { from: input.from, to: input.to } : undefined;
  const report = await store.report({ agentUserId: agent.id, ...range }).catch(async (error: unknown) => {
    if (!(error instanceof LedgerTextError)) throw error;
    const text = await readLedgerReport({ db, agentUserId: agent.id, ...range });
    return { openingBalance: text.openingBalance, closingBalance: text.closingBalance, rows: Buffer.from(text.rowsJson), zipped: null };
  });
  const head: Omit<AccountReport, 'rows'> = {
    agent: { agent_id: agent.agentId ?? 0, name: agent.name, agency_name: agent.agencyName },
    type: input.type,
    from: range?.from ?? null,
    to: range?.to ?? null,
    opening_balance: report.openingBalance,
    closing_balance: report.closingBalance,
  };
  // The head's keys in the contract's order, then the rows: what JSON.stringify of the parsed report writes.
  const open = Buffer.from(`{"data":${JSON.stringify(head).slice(0, -1)},"rows":[`);
  const bytes = joinJsonBytes<AccountReportResponse>([open, report.rows, REPORT_END], open.length + report.rows.length + REPORT_END.length);
  // The whole ledger's gzip from its kept blocks (ledger-gzip.ts); a range is a smaller answer, gzipped as any other.
  const { zipped } = report;
  return { bytes, gzip: zipped ? () => gzipAll(zipped, open, REPORT_END) : null };
}

const REPORT_END = Buffer.from(']}}');

/** The same report as an object (the spreadsheet). */
export async function getAccountReport(options: { db: Database; store: LedgerStore; user: AuthUser; input: AccountReportBody }): Promise<AccountReport> {
  return (JSON.parse((await getAccountReportJson(options)).bytes.toString()) as AccountReportResponse).data;
}

function toAgentBalanceRow(row: AgentBalanceListRow): AgentBalanceRow {
  return {
    agent_id: row.agentId ?? 0,
    name: row.agencyName || row.name,
    agency_name: row.agencyName,
    last_paid: row.lastPaid,
    balance: row.balance,
  };
}

/** allagentsbalancelist (admin): each agent's closing balance and last payment date, most owed first. */
export async function getAgentsBalancePage({ db, pageRequest }: { db: Database; pageRequest: PageRequest }): Promise<AgentsBalanceResponse> {
  const { rows, total } = await listAgentBalances({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return { data: toPaginated({ rows: rows.map(toAgentBalanceRow), total, pageRequest }) };
}

/** agents-balance-xlsx (admin): the whole Balance Report, every agent in the page's order. */
export async function getAgentsBalanceReport({ db }: { db: Database }): Promise<AgentBalanceRow[]> {
  const { rows } = await listAgentBalances({ db });
  return rows.map(toAgentBalanceRow);
}
