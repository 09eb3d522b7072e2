import type { Executor } from '../../db/database.js';
import { readAgentLedgerRevisions, sumReceivablesByAge, type ReceivableRow } from './insights.repository.js';

/**
 * Receivables by age kept per agent, per process (decision 054). The whole report reads every ledger row with two
 * window passes (about 240 ms on the embedded database with the benchmark's 100,000 rows, the serving thread blocked
 * all the while, decision 034's one statement); an agent's line changes only with its own ledger rows or with the
 * day. Each answer first reads where every user's ledger stands (readAgentLedgerRevisions: the highest revision of
 * its rows and of its removals, raised by every insert, update, delete or move, whoever made it: the API, another
 * process, SQL by hand), then computes with the report's own statement only the agents whose revisions moved since
 * the line it holds, or every agent on a new Karachi day. Names are read on every answer. One answer is computed at
 * a time: the next starts from what the last one left.
 */
interface HeldLine {
  revision: string;
  /** The agent's amounts; null: nothing unpaid. */
  line: ReceivableRow | null;
}

export class ReceivablesStore {
  private readonly db: Executor;
  private today: string | null = null;
  private readonly held = new Map<number, HeldLine>();
  private queue: Promise<unknown> = Promise.resolve();
  /** The agents the last answer computed, or 'all' (tests). */
  lastComputed: readonly number[] | 'all' = [];

  constructor({ db }: { db: Executor }) {
    this.db = db;
  }

  /** The report of `today` (Asia/Karachi): sumReceivablesByAge's rows, the same and in the same order. */
  rows(today: string): Promise<ReceivableRow[]> {
    const answer = this.queue.then(() => this.compute(today));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async compute(today: string): Promise<ReceivableRow[]> {
    const users = await readAgentLedgerRevisions({ db: this.db });
    if (today !== this.today) {
      this.held.clear();
      this.today = today;
    }
    const changed = users.filter((user) => this.held.get(user.userId)?.revision !== user.revision);
    if (changed.length > 0) {
      const all = this.held.size === 0;
      const lines = await sumReceivablesByAge({ db: this.db, today, ...(all ? {} : { agents: changed.map((user) => user.userId) }) });
      const byAgent = new Map(lines.map((line) => [line.userId, line]));
      for (const user of changed) this.held.set(user.userId, { revision: user.revision, line: byAgent.get(user.userId) ?? null });
      this.lastComputed = all ? 'all' : changed.map((user) => user.userId);
    } else this.lastComputed = [];
    if (this.held.size > users.length) {
      const present = new Set(users.map((user) => user.userId));
      for (const userId of this.held.keys()) if (!present.has(userId)) this.held.delete(userId);
    }
    // `users` is in the report's order of names (SQL's collation); a stable sort puts the most owed first.
    return users
      .flatMap((user) => {
        const line = this.held.get(user.userId)?.line;
        return line ? [{ ...line, agentId: user.agentId, agentName: user.agentName }] : [];
      })
      .sort((a, b) => b.total - a.total);
  }
}
