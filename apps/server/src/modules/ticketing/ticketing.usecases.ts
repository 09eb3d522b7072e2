import type { AuditSnapshot } from '@portal/contract/audit';
import {
  IMPORT_UNMATCHED_REASONS,
  importRowMessage,
  importTakenByRowMessage,
  TBA_NAME,
  ticketNoTakenMessage,
  type ImportMatchedRow,
  type ImportUnmatchedRow,
  type PnrPassengersResponse,
  type UpdateTicketNumbersBody,
} from '@portal/contract/ticketing';
import type { Database, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import { createBookingNotFoundError } from '../bookings/booking-lifecycle.errors.js';
import { listPassengers, lockBooking } from '../bookings/booking-lifecycle.repository.js';
import { isExpiredHold } from '../bookings/bookings.table.js';
import { createPnrNotFoundError } from '../tickets/tickets.errors.js';
import { renderNameList } from './name-list.js';
import { readImportFile, type ImportFileRow } from './ticket-import-file.js';
import {
  createImportFileError,
  createPassengerNotOnBookingError,
  createTicketNameMissingError,
  createTicketingCancelledError,
  createTicketingConfirmedOnlyError,
  createTicketNoTakenError,
} from './ticketing.errors.js';
import {
  findFullyNumberedBookingIds,
  findLiveGroupIdByPnr,
  findTicketHolders,
  listLivePassengersOfPnrs,
  lockBookings,
  writeTicketNumbers,
  type LivePassengerRow,
} from './ticketing.repository.js';

/**
 * Ticket numbers and name lists (PRODUCT §6 "Group deadlines, names later, ticketing"; contract ticketing.ts;
 * decision 031). Writes lock the bookings FOR UPDATE (ascending ids) and check that no other passenger holds a
 * number; the unique index on booking_passengers.ticket_no settles two writers racing past that check: the loser's
 * unique violation is answered as the same 422, so one wins and nothing of the other is saved.
 */

interface TicketWrite {
  passengerId: number;
  ticketNo: string | null;
  /** Where a clash is reported (`tickets.0.ticket_no`, or `file` with the row for an import). */
  field: string;
  row?: number;
}

/** The writes whose number another passenger (not among those written) holds now. */
async function findTakenWrites({ db, writes }: { db: Executor; writes: TicketWrite[] }): Promise<TicketWrite[]> {
  const numbers = writes.flatMap((write) => (write.ticketNo === null ? [] : [write.ticketNo]));
  const written = new Set(writes.map((write) => write.passengerId));
  const holders = await findTicketHolders({ db, ticketNos: numbers });
  const taken = new Set(holders.filter((holder) => !written.has(holder.passengerId)).map((holder) => holder.ticketNo));
  return writes.filter((write) => write.ticketNo !== null && taken.has(write.ticketNo));
}

function createTakenError(taken: TicketWrite[]): Error {
  const [first] = taken;
  if (!first || first.ticketNo === null) return new Error('createTakenError called without a taken number');
  if (first.field !== 'file') return createTicketNoTakenError({ field: first.field, ticketNo: first.ticketNo });
  return createImportFileError(taken.map((write) => importRowMessage(write.row ?? 0, ticketNoTakenMessage(write.ticketNo ?? ''))));
}

async function assertNumbersFree({ db, writes }: { db: Executor; writes: TicketWrite[] }): Promise<void> {
  const taken = await findTakenWrites({ db, writes });
  if (taken.length > 0) throw createTakenError(taken);
}

/**
 * Runs a write; when it lost a race on the unique index (the other writer committed the number after our check),
 * answers the 422 the check would have given, read again now that the winner's number is visible.
 */
async function settleNumberRace<T>({
  db,
  writes,
  run,
}: {
  db: Database;
  /** The writes tried (read after the failure: an import knows them only inside its transaction). */
  writes: () => TicketWrite[];
  run: () => Promise<T>;
}): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = await findTakenWrites({ db, writes: writes() });
    throw taken.length > 0 ? createTakenError(taken) : error;
  }
}

/** update-ticket-numbers (admin): numbers of one confirmed, live booking; '' clears one. */
export async function updateTicketNumbers({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Database;
  actor: AuditActor;
  input: UpdateTicketNumbersBody;
  now?: Date;
}): Promise<{ ticketed: boolean; becameTicketed: boolean }> {
  const writes: TicketWrite[] = input.tickets.map((ticket, index) => ({
    passengerId: ticket.passenger_id,
    ticketNo: ticket.ticket_no,
    field: `tickets.${index}.ticket_no`,
  }));
  return settleNumberRace({
    db,
    writes: () => writes,
    run: () =>
      db.transaction(async (tx) => {
        const booking = await lockBooking({ db: tx, bookingId: input.booking_id });
        if (!booking) throw createBookingNotFoundError();
        if (booking.cancelStatus || isExpiredHold(booking, now)) throw createTicketingCancelledError();
        if (!booking.confirmed) throw createTicketingConfirmedOnlyError();
        const passengers = await listPassengers({ db: tx, bookingId: booking.id });
        const onBooking = new Set(passengers.map((passenger) => passenger.id));
        const stranger = writes.findIndex((write) => !onBooking.has(write.passengerId));
        if (stranger !== -1) throw createPassengerNotOnBookingError(stranger);
        const unnamed = new Set(passengers.filter((passenger) => passenger.firstname === null).map((passenger) => passenger.id));
        const nameless = writes.findIndex((write) => write.ticketNo !== null && unnamed.has(write.passengerId));
        if (nameless !== -1) throw createTicketNameMissingError(nameless);
        await assertNumbersFree({ db: tx, writes });

        const wasTicketed = passengers.every((passenger) => passenger.ticketNo !== null);
        const before = await readAuditSnapshot(tx, 'booking', booking.id);
        await writeTicketNumbers({ db: tx, tickets: writes });
        // PRODUCT §6 audit trail: the numbers are the passengers', so the booking's row (decision 035 addendum).
        await recordAudit(tx, actor, { kind: 'booking', entity_id: booking.id, action: 'ticket_numbers', before });
        const ticketed = (await findFullyNumberedBookingIds({ db: tx, bookingIds: [booking.id] })).length === 1;
        return { ticketed, becameTicketed: ticketed && !wasTicketed };
      }),
  });
}

// ---- Import -------------------------------------------------------------------------------------------------------

const TITLE_SUFFIX = /\s+(MR|MRS|MS|MSTR|MISS|INF|CHD|DR)\.?$/i;

/**
 * A name as matching compares it: upper-case, without spaces; a given name also without the title an airline sheet
 * often writes after it ('ALI MR').
 */
function matchName(value: string, { givenName = false } = {}): string {
  const trimmed = value.trim();
  return (givenName ? trimmed.replace(TITLE_SUFFIX, '') : trimmed).toUpperCase().replace(/\s+/g, '');
}

function matchKey(pnr: string, surname: string, givenName: string): string {
  return `${pnr.toUpperCase()}|${matchName(surname)}|${matchName(givenName, { givenName: true })}`;
}

interface ImportPlan {
  matched: ImportMatchedRow[];
  unmatched: ImportUnmatchedRow[];
}

/** Matches the file's rows to the PNRs' live passengers (decision 031: ambiguous names are left to the admin). */
function planImport({ rows, candidates }: { rows: ImportFileRow[]; candidates: LivePassengerRow[] }): ImportPlan {
  const byKey = new Map<string, LivePassengerRow[]>();
  for (const candidate of candidates) {
    const { passenger } = candidate;
    // A passenger booked with names later has no name to match yet (decision 030).
    if (passenger.firstname === null || passenger.lastname === null) continue;
    const key = matchKey(candidate.pnr, passenger.lastname, passenger.firstname);
    byKey.set(key, [...(byKey.get(key) ?? []), candidate]);
  }
  const takenBy = new Map<number, number>();
  const plan: ImportPlan = { matched: [], unmatched: [] };
  for (const row of rows) {
    const fields = { row: row.row, pnr: row.pnr, surname: row.surname, given_name: row.givenName, ticket_no: row.ticketNo };
    const found = byKey.get(matchKey(row.pnr, row.surname, row.givenName)) ?? [];
    const unmatched = (reason: string) => plan.unmatched.push({ ...fields, reason });
    const [only] = found;
    if (!only && matchName(row.surname) === TBA_NAME && matchName(row.givenName, { givenName: true }) === TBA_NAME) {
      unmatched(IMPORT_UNMATCHED_REASONS.noName);
    } else if (!only) unmatched(IMPORT_UNMATCHED_REASONS.none);
    else if (found.length > 1) unmatched(IMPORT_UNMATCHED_REASONS.several);
    else if (!only.booking.confirmed) unmatched(IMPORT_UNMATCHED_REASONS.notConfirmed);
    else if (takenBy.has(only.passenger.id)) unmatched(importTakenByRowMessage(takenBy.get(only.passenger.id)!));
    else {
      const { passenger } = only;
      takenBy.set(passenger.id, row.row);
      plan.matched.push({
        ...fields,
        booking_id: only.booking.id,
        passenger_id: passenger.id,
        passenger_name: `${passenger.title ?? ''} ${passenger.firstname ?? ''} ${passenger.lastname ?? ''}`.trim(),
        previous_ticket_no: passenger.ticketNo,
      });
    }
  }
  return plan;
}

function toWrites(plan: ImportPlan): TicketWrite[] {
  return plan.matched.map((row) => ({ passengerId: row.passenger_id, ticketNo: row.ticket_no, field: 'file', row: row.row }));
}

export interface ImportResult extends ImportPlan {
  saved: number;
  /** Bookings that became ticketed with this import (their agents are told). */
  ticketedBookings: number[];
}

/** import-ticket-numbers (admin): reads, matches, checks; saves the matched rows unless `dryRun`. */
export async function importTicketNumbers({
  db,
  actor,
  bytes,
  dryRun,
}: {
  db: Database;
  actor: AuditActor;
  bytes: Uint8Array;
  dryRun: boolean;
}): Promise<ImportResult> {
  const rows = await readImportFile(bytes);
  const pnrs = [...new Set(rows.map((row) => row.pnr))];
  if (dryRun) {
    const plan = planImport({ rows, candidates: await listLivePassengersOfPnrs({ db, pnrs }) });
    await assertNumbersFree({ db, writes: toWrites(plan) });
    return { ...plan, saved: 0, ticketedBookings: [] };
  }

  let writes: TicketWrite[] = [];
  return settleNumberRace({
    db,
    writes: () => writes,
    run: () =>
      db.transaction(async (tx) => {
        const seen = await listLivePassengersOfPnrs({ db: tx, pnrs });
        await lockBookings({ db: tx, bookingIds: [...new Set(seen.map((candidate) => candidate.booking.id))] });
        // Read again under the locks: a booking may have been cancelled or renamed in between.
        const candidates = await listLivePassengersOfPnrs({ db: tx, pnrs });
        const plan = planImport({ rows, candidates });
        writes = toWrites(plan);
        await assertNumbersFree({ db: tx, writes });

        const touched = [...new Set(plan.matched.map((row) => row.booking_id))];
        const numberedBefore = new Set(
          touched.filter((bookingId) =>
            candidates.every((candidate) => candidate.booking.id !== bookingId || candidate.passenger.ticketNo !== null),
          ),
        );
        const before = new Map<number, AuditSnapshot | null>();
        for (const bookingId of touched) before.set(bookingId, await readAuditSnapshot(tx, 'booking', bookingId));
        await writeTicketNumbers({ db: tx, tickets: writes });
        // One audit row a booking whose numbers the sheet saved (a dry run saves nothing and writes none).
        for (const bookingId of touched) {
          await recordAudit(tx, actor, { kind: 'booking', entity_id: bookingId, action: 'import_ticket_numbers', before: before.get(bookingId) });
        }
        const numberedAfter = await findFullyNumberedBookingIds({ db: tx, bookingIds: touched });
        return {
          ...plan,
          saved: writes.length,
          ticketedBookings: numberedAfter.filter((bookingId) => !numberedBefore.has(bookingId)),
        };
      }),
  });
}

// ---- The PNR's passengers and name list ---------------------------------------------------------------------------

async function loadPnrPassengers({ db, pnr }: { db: Executor; pnr: string }) {
  const group = await findLiveGroupIdByPnr({ db, pnr });
  if (!group) throw createPnrNotFoundError();
  return { group, rows: await listLivePassengersOfPnrs({ db, pnrs: [group.pnr] }) };
}

/** Rows (ordered by booking) grouped per booking, keeping the order. */
function groupByBooking(rows: LivePassengerRow[]): LivePassengerRow[][] {
  const groups = new Map<number, LivePassengerRow[]>();
  for (const row of rows) groups.set(row.booking.id, [...(groups.get(row.booking.id) ?? []), row]);
  return [...groups.values()];
}

/** pnr-passengers (admin): the ticket-number screen's bookings and passengers. */
export async function getPnrPassengers({ db, pnr }: { db: Executor; pnr: string }): Promise<PnrPassengersResponse> {
  const { group, rows } = await loadPnrPassengers({ db, pnr });
  return {
    data: {
      pnr: group.pnr,
      group_id: group.id,
      bookings: groupByBooking(rows).map((passengers) => {
        const first = passengers[0]!;
        const numbered = passengers.every((row) => row.passenger.ticketNo !== null);
        return {
          id: first.booking.id,
          agent_name: first.booking.agentUserId === null ? 'Walk-in' : first.agencyName?.trim() || first.agentName || '',
          confirmed: first.booking.confirmed ? 1 : 0,
          ticketed: first.booking.confirmed && numbered ? 1 : 0,
          passengers: passengers.map(({ passenger }) => ({
            id: passenger.id,
            type: passenger.type,
            title: passenger.title,
            firstname: passenger.firstname,
            lastname: passenger.lastname,
            ticket_no: passenger.ticketNo,
          })),
        };
      }),
    },
  };
}

/** pnr-namelist (admin): the airline name list of the PNR's live bookings. */
export async function getPnrNameList({ db, pnr }: { db: Executor; pnr: string }): Promise<string> {
  const { rows } = await loadPnrPassengers({ db, pnr });
  return renderNameList(groupByBooking(rows).map((passengers) => passengers.map(({ passenger }) => passenger)));
}
