import type { AccountReport, AccountReportBody, AgentBalanceRow, AgentsBalanceResponse, LedgerRow } from '@portal/contract/ledger';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { createAgentIdRequiredError, createAgentNotFoundError } from './ledger.errors.js';
import {
  findAgentById,
  findAgentByNumber,
  listAgentBalances,
  listLedgerRows,
  sumLedgerBefore,
  type AgentBalanceListRow,
  type LedgerAgent,
  type LedgerRowWithBalance,
} from './ledger.repository.js';

/** The agent ledger and the balance report (001 §2 Accounts, Agents Balance; PRODUCT §4 "Payments and ledger"). */

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

function toLedgerRow(row: LedgerRowWithBalance, openingBalance: number): LedgerRow {
  return {
    id: row.id,
    receive_date: row.entryDate,
    text: row.text,
    type: row.type,
    receive_amount: row.amount,
    balance: openingBalance + row.runningSum,
    pnr: row.pnr,
    booking: row.bookingId,
  };
}

/**
 * account-api: `all` lists every row from 0; `date` lists from..to and opens at the balance of every earlier row.
 * Both reads run in one read-only snapshot, so a row posted meanwhile cannot land in neither or both.
 */
export async function getAccountReport({ db, user, input }: { db: Database; user: AuthUser; input: AccountReportBody }): Promise<AccountReport> {
  const agent = await resolveAgent({ db, user, agentNumber: input.agent_id });
  const range = input.type === 'date' ? { from: input.from, to: input.to } : undefined;
  const { openingBalance, rows } = await db.transaction(
    async (tx) => {
      const opening = range ? await sumLedgerBefore({ db: tx, agentUserId: agent.id, before: range.from }) : 0;
      return { openingBalance: opening, rows: await listLedgerRows({ db: tx, agentUserId: agent.id, ...range }) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const reportRows = rows.map((row) => toLedgerRow(row, openingBalance));
  return {
    agent: { agent_id: agent.agentId ?? 0, name: agent.name, agency_name: agent.agencyName },
    type: input.type,
    from: range?.from ?? null,
    to: range?.to ?? null,
    opening_balance: openingBalance,
    closing_balance: reportRows.at(-1)?.balance ?? openingBalance,
    rows: reportRows,
  };
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
