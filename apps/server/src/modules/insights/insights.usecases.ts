import {
  INSIGHT_DAYS,
  type ReceivablesByAgeResponse,
  type SalesReceiptsResponse,
  type SeatsBySectorResponse,
} from '@portal/contract/insights';
import type { Database } from '../../db/database.js';
import { getKarachiToday } from '../../lib/karachi-date.js';
import type { TicketBoard } from '../tickets/ticket-board.js';
import { sumSalesAndReceiptsByDay } from './insights.repository.js';
import { ReceivablesStore } from './receivables-store.js';

/** The insights reports (PRODUCT §6 "Insights", contract insights.ts, decision 034); "today" is Asia/Karachi. */

/** 'YYYY-MM-DD' plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export async function getSalesAndReceipts({ db, now = new Date() }: { db: Database; now?: Date }): Promise<SalesReceiptsResponse['data']> {
  const to = getKarachiToday(now);
  const from = addDays(to, -(INSIGHT_DAYS - 1));
  const days = await sumSalesAndReceiptsByDay({ db, from, to });
  return {
    from,
    to,
    days,
    total_sales: days.reduce((sum, day) => sum + day.sales, 0),
    total_receipts: days.reduce((sum, day) => sum + day.receipts, 0),
  };
}

/**
 * Seats for sale and sold per outbound sector over the offered groups (open, live, departing today or later), from
 * the ticket board (decision 071): the groups, sectors and sold seats the ticket cards and Ending Soon show.
 */
export async function getSeatsBySector({ board }: { board: Pick<TicketBoard, 'seatsBySector'> }): Promise<SeatsBySectorResponse['data']> {
  const rows = await board.seatsBySector();
  return rows.map((row) => ({ sector: row.sector, groups: row.groups, for_sale: row.forSale, sold: row.sold, remaining: row.forSale - row.sold }));
}

/** One receivables store per database (decisions 054 and 075): the report's route and its xlsx answer from it. */
const receivablesStores = new WeakMap<Database, ReceivablesStore>();

export function receivablesStoreOf(db: Database): ReceivablesStore {
  let store = receivablesStores.get(db);
  if (!store) receivablesStores.set(db, (store = new ReceivablesStore({ db })));
  return store;
}

/**
 * Reads every agent's ledger rows and computes every receivables line once, right after the server starts (main.ts),
 * so that the first administrator to open the report after a restart does not wait for it (decision 075: reading the
 * benchmark's 100,000 rows takes about 350 ms): later answers read only the rows written since. Never throws: a
 * failure only leaves the first answer to do it.
 */
export async function warmReceivablesByAge({ db, now = new Date() }: { db: Database; now?: Date }): Promise<void> {
  await receivablesStoreOf(db)
    .rows(getKarachiToday(now))
    .catch(() => undefined);
}

export async function getReceivablesByAge({ db, now = new Date() }: { db: Database; now?: Date }): Promise<ReceivablesByAgeResponse['data']> {
  const today = getKarachiToday(now);
  const rows = await receivablesStoreOf(db).rows(today);
  return {
    today,
    agents: rows.map((row) => ({
      user_id: row.userId,
      agent_id: row.agentId,
      agent_name: row.agentName,
      days_0_7: row.days0To7,
      days_8_30: row.days8To30,
      days_31_60: row.days31To60,
      days_over_60: row.daysOver60,
      total: row.total,
    })),
  };
}
