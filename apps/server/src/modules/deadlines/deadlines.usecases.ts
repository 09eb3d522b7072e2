import { DEADLINE_KINDS, DEADLINE_WINDOW_DAYS, type DeadlineKind, type DeadlineRow } from '@portal/contract/deadlines';
import type { Executor } from '../../db/database.js';
import { findGroupsWithDeadlines, findMissingByGroup } from './deadlines.repository.js';

/** The most rows the dashboard lists (far more than a wholesaler's 14 days hold). */
const MAX_ROWS = 100;

/**
 * Each deposit, name and ticketing deadline of an open, live group from `from` to `to` (both included), soonest first
 * (then deposit, names, ticketing; then the group), with what its bookings still miss. The dashboard's Deadlines and
 * the deadline reminders (decision 036) both read deadlines here, so they agree on what is missing.
 */
export async function findDeadlines({ db, from, to }: { db: Executor; from: Date; to: Date }): Promise<DeadlineRow[]> {
  const groupRows = await findGroupsWithDeadlines({ db, from, to });
  const missing = await findMissingByGroup({ db, groupIds: groupRows.map((row) => row.id) });
  const rows: Array<DeadlineRow & { at: number }> = [];
  for (const group of groupRows) {
    const deadlines: Record<DeadlineKind, Date | null> = {
      deposit: group.depositDeadline,
      name: group.nameDeadline,
      ticketing: group.ticketingDeadline,
    };
    const found = missing.get(group.id);
    for (const kind of DEADLINE_KINDS) {
      const deadline = deadlines[kind];
      if (!deadline || deadline.getTime() < from.getTime() || deadline.getTime() > to.getTime()) continue;
      rows.push({
        at: deadline.getTime(),
        key: `${kind}-${group.id}`,
        group_id: group.id,
        pnr: group.pnr,
        airline_name: group.airlineName,
        kind,
        deadline: deadline.toISOString(),
        missing_names: found?.missingNames ?? 0,
        tickets_missing: found?.ticketsMissing ?? 0,
        amount_due: found?.amountDue ?? 0,
        bookings_due: found?.bookingsDue ?? 0,
      });
    }
  }
  rows.sort((a, b) => a.at - b.at || DEADLINE_KINDS.indexOf(a.kind) - DEADLINE_KINDS.indexOf(b.kind) || a.group_id - b.group_id);
  return rows.map(({ at: _at, ...row }) => row);
}

/**
 * The admin dashboard's Deadlines (PRODUCT §6, decision 030): the deadlines from `now` up to 14 days ahead
 * (findDeadlines), at most MAX_ROWS.
 */
export async function getUpcomingDeadlines({ db, now = new Date() }: { db: Executor; now?: Date }): Promise<DeadlineRow[]> {
  const until = new Date(now.getTime() + DEADLINE_WINDOW_DAYS * 24 * 60 * 60_000);
  return (await findDeadlines({ db, from: now, to: until })).slice(0, MAX_ROWS);
}
