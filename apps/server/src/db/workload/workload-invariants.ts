import { sql } from 'drizzle-orm';
import { bookings, holdsSeats } from '../../modules/bookings/bookings.table.js';
import { groups } from '../../modules/groups/groups.table.js';
import { dayTotals } from '../../modules/insights/day-totals.table.js';
import { ledgerEntries } from '../../modules/ledger/ledger.table.js';
import { payments } from '../../modules/payments/payments.table.js';
import type { Executor } from '../database.js';

/**
 * The rules of PRODUCT §4 "Inventory" and "Payments and ledger" checked over a whole database, in a few set-based
 * queries: the workload generator's tests run it on what they generate, and the bench runs it (workload-check-main.ts)
 * after its mixed load of bookings, cancellations, confirmations and payments (issue 20 point 1). Each figure counts
 * the rows breaking one rule, so 0 everywhere is the pass.
 */
export interface WorkloadInvariants {
  groups: number;
  bookings: number;
  /** Groups whose seats held by live bookings (adults + children, holdsSeats) exceed total_ticket. */
  oversoldGroups: number;
  /** Seats sold beyond total_ticket, summed over those groups. */
  oversoldSeats: number;
  /** Bookings whose received_amount is not the sum of their live payments. */
  receivedMismatches: number;
  /**
   * Agent payments whose `in` row is missing or differs (amount, date, booking), deleted payments that kept theirs,
   * and `in` rows of no payment.
   */
  paymentLedgerMismatches: number;
  /**
   * Agent bookings whose out minus reversal rows are not what the agent is charged: the final total while confirmed,
   * the cancellation charge once cancelled, 0 otherwise; and walk-in bookings with ledger rows.
   */
  chargeMismatches: number;
  /** Agents whose ledger balance is not what they were charged less what they paid (the Agents Balance rule). */
  balanceMismatches: number;
  /** Days whose sales or receipts in day_totals (decision 061) are not the sums of their bookings and payments. */
  dayTotalMismatches: number;
}

const count = (value: unknown) => Number(value ?? 0);

async function one<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** What the agent is charged for one booking (PRODUCT §4 and §6), as the ledger invariant test models it. */
const chargedAmount = sql`(case when ${bookings.confirmed} and not ${bookings.cancelStatus} then ${bookings.finalTotal} else 0 end
  + case when ${bookings.cancelStatus} then ${bookings.cancellationCharge} else 0 end)`;

/** Each day's sales and receipts as day_totals holds them (decision 061): its rows summed per day. */
export const storedDayFigures = sql`select ${dayTotals.day} as day, sum(${dayTotals.sales}) as sales, sum(${dayTotals.receipts}) as receipts
  from ${dayTotals} group by ${dayTotals.day}`;

/** The same figures summed from the bookings and payments themselves, as the report summed them before day_totals. */
export const recomputedDayFigures = sql`select day, sum(sales) as sales, sum(receipts) as receipts from (
    select (${bookings.confirmedAt} at time zone 'Asia/Karachi')::date as day, ${bookings.finalTotal}::bigint as sales, 0::bigint as receipts
      from ${bookings} where ${bookings.confirmed} and not ${bookings.cancelStatus}
    union all
    select ${payments.receiveDate}, 0, ${payments.receiveAmount} from ${payments} where ${payments.deletedAt} is null) as day_rows
  group by day`;

export async function checkWorkloadInvariants({ db }: { db: Executor }): Promise<WorkloadInvariants> {
  const sizes = await one<{ groups: unknown; bookings: unknown }>(
    db,
    sql`select (select count(*) from ${groups}) as groups, (select count(*) from ${bookings}) as bookings`,
  );
  const oversold = await one<{ groups: unknown; seats: unknown }>(
    db,
    sql`select count(*) as groups, coalesce(sum(sold.seats - ${groups.totalTicket}), 0) as seats
          from (select ${bookings.groupId} as group_id, sum(${bookings.adults} + ${bookings.children}) as seats
                  from ${bookings} where ${holdsSeats} group by ${bookings.groupId}) as sold
          join ${groups} on ${groups.id} = sold.group_id
         where sold.seats > ${groups.totalTicket}`,
  );
  const received = await one<{ value: unknown }>(
    db,
    sql`select count(*) as value
          from ${bookings}
          left join (select ${payments.bookingId} as booking_id, sum(${payments.receiveAmount}) as amount
                       from ${payments} where ${payments.deletedAt} is null group by ${payments.bookingId}) as paid
            on paid.booking_id = ${bookings.id}
         where ${bookings.receivedAmount} <> coalesce(paid.amount, 0)`,
  );
  const paymentRows = await one<{ value: unknown }>(
    db,
    sql`select
          (select count(*)
             from ${payments}
             join ${bookings} on ${bookings.id} = ${payments.bookingId}
             left join ${ledgerEntries} on ${ledgerEntries.paymentId} = ${payments.id}
            where ${bookings.agentUserId} is not null
              and ((${payments.deletedAt} is null and (${ledgerEntries.id} is null
                      or ${ledgerEntries.amount} <> ${payments.receiveAmount}
                      or ${ledgerEntries.entryDate} <> ${payments.receiveDate}
                      or ${ledgerEntries.bookingId} is distinct from ${payments.bookingId}
                      or ${ledgerEntries.agentUserId} <> ${bookings.agentUserId}))
                   or (${payments.deletedAt} is not null and ${ledgerEntries.id} is not null)))
          + (select count(*)
               from ${ledgerEntries}
               left join ${payments} on ${payments.id} = ${ledgerEntries.paymentId}
              where ${ledgerEntries.type} = 'in' and ${payments.id} is null) as value`,
  );
  const charges = await one<{ value: unknown }>(
    db,
    sql`select count(*) as value
          from ${bookings}
          left join (select ${ledgerEntries.bookingId} as booking_id,
                            sum(case ${ledgerEntries.type} when 'out' then ${ledgerEntries.amount}
                                                           when 'reversal' then -${ledgerEntries.amount} else 0 end) as charged,
                            count(*) as entries
                       from ${ledgerEntries} where ${ledgerEntries.bookingId} is not null group by ${ledgerEntries.bookingId}) as posted
            on posted.booking_id = ${bookings.id}
         where (${bookings.agentUserId} is not null and coalesce(posted.charged, 0) <> ${chargedAmount})
            or (${bookings.agentUserId} is null and posted.entries is not null)`,
  );
  const balances = await one<{ value: unknown }>(
    db,
    sql`select count(*) as value
          from (select ${ledgerEntries.agentUserId} as agent_id,
                       sum(case ${ledgerEntries.type} when 'out' then ${ledgerEntries.amount} else -${ledgerEntries.amount} end) as balance
                  from ${ledgerEntries} group by ${ledgerEntries.agentUserId}) as ledger
          full join (select ${bookings.agentUserId} as agent_id, sum(${chargedAmount} - ${bookings.receivedAmount}) as owed
                       from ${bookings} where ${bookings.agentUserId} is not null group by ${bookings.agentUserId}) as model
            on model.agent_id = ledger.agent_id
         where coalesce(ledger.balance, 0) <> coalesce(model.owed, 0)`,
  );
  const days = await one<{ value: unknown }>(
    db,
    sql`select count(*) as value
          from (${storedDayFigures}) as stored
          full join (${recomputedDayFigures}) as model on model.day = stored.day
         where coalesce(stored.sales, 0) <> coalesce(model.sales, 0) or coalesce(stored.receipts, 0) <> coalesce(model.receipts, 0)`,
  );
  return {
    groups: count(sizes.groups),
    bookings: count(sizes.bookings),
    oversoldGroups: count(oversold.groups),
    oversoldSeats: count(oversold.seats),
    receivedMismatches: count(received.value),
    paymentLedgerMismatches: count(paymentRows.value),
    chargeMismatches: count(charges.value),
    balanceMismatches: count(balances.value),
    dayTotalMismatches: count(days.value),
  };
}
