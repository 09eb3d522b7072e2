import {
  AGENT_INVALID_MESSAGE,
  AGENT_SEARCH_LIMIT,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  NAMES_LATER_DEADLINE_PASSED_MESSAGE,
  NAMES_LATER_NO_DEADLINE_MESSAGE,
  type AddBookingBody,
  type AgentOption,
  type CheckAvailabilityBody,
  type CheckAvailabilityResponse,
  type PassengerInput,
} from '@portal/contract/bookings';
import type { AuditActor } from '../audit/audit.usecases.js';
import { runFixed, runsOneTransactionAtATime } from '../../lib/prepared.js';
import type { WrittenBooking } from '../../plugins/change-scopes.js';
import type { ServerPhases } from '../../plugins/server-timing.js';
import type { Database, Executor } from '../../db/database.js';
import { transactionInFewTrips } from '../../db/few-trips-transaction.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { takeCredit, type LowCreditNotice } from '../credit/credit.usecases.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import { bookedNotice } from '../notifications/booking-notices.js';
import type { NotificationRow } from '../notifications/notifications.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import { createGroupAdmission, type GroupAdmission } from './group-admission.js';
import {
  createGroupNotBookableError,
  createIdempotencyKeyInvalidError,
  createPassportAlreadyBookedError,
  createPnrInvalidError,
  createSeatsUnavailableError,
  createStaleGroupError,
} from './bookings.errors.js';
import {
  findBookableAgent,
  findBookingIdByIdempotencyKey,
  findGroupToBook,
  findGroupAvailability,
  bookingChecksRun,
  insertLedgerEntry,
  lockLiveGroupRun,
  newBookingRun,
  searchBookableAgents,
  type BookableGroup,
  type BookingNotificationsInput,
  type LockedBookingChecks,
  type NewPassenger,
} from './bookings.repository.js';
import {
  checkPassengerFiles,
  collectPassengerDateErrors,
  createPassengerInputError,
  findFirstBookedPassport,
  getKarachiToday,
  getTravelDates,
  listPassengerFiles,
  passengerFileRows,
  passportsToCheck,
  preparePassengerFiles,
  recordPassengerFiles,
  removeOrphanFiles,
} from './passengers.js';

/** PRODUCT §4 "Inventory": open, not deleted (the caller found it live) and not departed (by date, Asia/Karachi). */
function isBookable(group: Pick<GroupRow, 'closeStatus' | 'departureDate'>, today: string): boolean {
  return !group.closeStatus && group.departureDate >= today;
}

/** Adults and children pay the group price, infants the infant price (PRODUCT §4). */
function computeTotal({ seats, infants, group }: { seats: number; infants: number; group: Pick<GroupRow, 'price' | 'infantPrice'> }): number {
  return seats * group.price + infants * group.infantPrice;
}

// ---- check-availbility ----------------------------------------------------------------------------------

/**
 * 000 §4: Start Booking asks whether the group can take the seats. A read without a lock: the answer may be
 * outdated a moment later, which add-booking's locked recount settles (409).
 */
export async function checkAvailability({
  db,
  body,
  now = new Date(),
}: {
  db: Database;
  body: CheckAvailabilityBody;
  now?: Date;
}): Promise<CheckAvailabilityResponse['data']> {
  const group = await findGroupAvailability({ db, pnr: body.pnr });
  if (!group) return { status: false, remaining: 0, price: null, infant_price: null, total_amount: null, updated_at: null };
  const remaining = Math.max(0, group.totalTicket - group.sold);
  const seats = body.adult + body.child;
  return {
    status: isBookable(group, getKarachiToday(now)) && seats <= remaining,
    remaining,
    price: group.price,
    infant_price: group.infantPrice,
    total_amount: computeTotal({ seats, infants: body.infant, group }),
    updated_at: group.updatedAt.toISOString(),
  };
}

// ---- add-booking ------------------------------------------------------------------------------------------

/** Who the booking is for and its state, by the caller's role (PRODUCT §4 "Booking"). */
interface BookingParty {
  agentUserId: number | null;
  walking: boolean;
  confirmed: boolean;
}

/**
 * An agent books for itself, on Hold, whatever it sends (PRODUCT §4 Roles). An admin books for agent N
 * (`agent` N, the searchagent id) or, with `agent` 0, a walk-in sale; `walking` only restates the latter.
 * The admin's `confirmed` is honoured, default 1.
 */
function resolveParty(caller: AuthUser, body: AddBookingBody): BookingParty {
  if (caller.role !== 'admin') return { agentUserId: caller.id, walking: false, confirmed: false };
  const agentUserId = body.agent > 0 ? body.agent : null;
  return { agentUserId, walking: agentUserId === null, confirmed: body.confirmed ?? true };
}

function countPassengers(types: ReadonlyArray<PassengerInput['type']>) {
  return {
    adults: types.filter((type) => type === 'adult').length,
    children: types.filter((type) => type === 'child').length,
    infants: types.filter((type) => type === 'infant').length,
  };
}

/** PRODUCT §6: names later only while the group's name deadline is in the future (decision 030). */
function getNamesLaterError(group: Pick<GroupRow, 'nameDeadline'>, now: Date): string | undefined {
  if (!group.nameDeadline) return NAMES_LATER_NO_DEADLINE_MESSAGE;
  if (group.nameDeadline.getTime() <= now.getTime()) return NAMES_LATER_DEADLINE_PASSED_MESSAGE;
  return undefined;
}

/**
 * add-booking's refusals in the order they are answered (PRODUCT §4, §6): the group not bookable or changed since the
 * dialog opened (409), the passengers' dates, names later and the admin's agent (422), a passport already booked (409),
 * then the seats (409). `group` and `checks` are one snapshot: under the group's lock, or without it for the early
 * refusal of decision 039. Undefined when the booking may go ahead (the credit comes after, under the agent's lock).
 */
async function findBookingRefusal({
  db,
  group,
  checks,
  body,
  caller,
  party,
  seats,
  now,
  today,
}: {
  db: Executor;
  group: BookableGroup;
  checks: LockedBookingChecks;
  body: AddBookingBody;
  caller: AuthUser;
  party: BookingParty;
  seats: number;
  now: Date;
  /** getKarachiToday(now) */
  today: string;
}): Promise<HttpError | undefined> {
  if (!isBookable(group, today)) return createGroupNotBookableError();
  if (body.updated_at !== undefined && Date.parse(body.updated_at) !== group.updatedAt.getTime()) return createStaleGroupError();

  const travel = getTravelDates(checks.legs);
  const errors = collectPassengerDateErrors({ passengers: body.passengers, today, travel });
  const namesLaterError = body.names_later ? getNamesLaterError(group, now) : undefined;
  if (namesLaterError) errors.names_later = [namesLaterError];
  if (caller.role === 'admin' && party.agentUserId !== null) {
    if (!(await findBookableAgent({ db, userId: party.agentUserId }))) errors.agent = [AGENT_INVALID_MESSAGE];
  }
  if (Object.keys(errors).length > 0) return createPassengerInputError(errors);
  // PRODUCT §6: under the group lock, so a parallel booking of the same passport waits and then sees this one.
  const taken = findFirstBookedPassport(
    body.passengers.map((passenger) => passenger.passport_no),
    checks.bookedPassports,
  );
  if (taken !== undefined) return createPassportAlreadyBookedError(taken);
  if (seats > group.totalTicket - checks.sold) return createSeatsUnavailableError();
  return undefined;
}

export interface AddBookingResult {
  id: number;
  /** true: the Idempotency-Key was used before by this caller; `id` is that first booking and nothing was written. */
  replayed: boolean;
  /** true: an admin's override booked past the agent's credit limit (stored as the booking's credit_override; decision 032). */
  creditOverride: boolean;
  /** The agent fell under its low-credit line with this booking: the route tells it after the commit. */
  lowCredit: LowCreditNotice | null;
  /**
   * The notifications the booking's statement stored (decision 051; none on a replay): the route pushes them once the
   * transaction has committed.
   */
  notifications: NotificationRow[];
  /** The new booking's agent, group and state (none on a replay): what the change touched (change-scopes.ts). */
  written: WrittenBooking | null;
}

/**
 * PRODUCT §4 "Booking": checks everything, then takes the seats atomically. The group row is locked
 * (SELECT … FOR UPDATE) for the whole transaction, and the seats sold are counted again under that lock,
 * so two bookings of the last seat are serialised and the second is refused (409): no oversell. The same lock
 * serialises the passport check (PRODUCT §6 "Duplicate passengers", decision 025).
 *
 * Issue 20 point 3 (decision 038): the lock is held for as few statements as possible. Before the transaction: the
 * group, an earlier booking with the same key and the hold window in one query, and the passengers' files checked,
 * re-encoded and written to disk. Under the lock: one statement reads the seats sold, a twin request's booking, the
 * passports already booked and the legs' dates; then the agent's credit row (decision 032), the files rows, the
 * booking, its passengers in one insert, the ledger row of a confirmed booking and the audit row (decision 035),
 * whose snapshot is made from the rows the inserts returned. Notifications go after the commit (the route).
 *
 * Decision 039: a few requests per group enter at a time in this process (group-admission.ts), so the group is read
 * just before a request's turn; the seats sold come with it, and a request that cannot fit is refused there with what
 * the locked check would answer on that snapshot (findBookingRefusal), before its scans are re-encoded and without
 * the lock. Under the lock the agent's credit row is locked and read with the checks (takeCredit's lockedAgent), the
 * files rows are inserted by the checks' statement (decision 048) and the booking, its passengers and its audit row
 * are one statement (newBookingRun).
 *
 * Files: a refused booking leaves neither rows nor files. Refusals inside the transaction remove the bytes this
 * request wrote while still holding the lock (removeOrphanFiles keeps what a committed row uses); any other failure
 * removes them after the rollback.
 *
 * Idempotency-Key: a key this caller used before answers the first booking; two requests with one key at the
 * same time are settled by the group lock (same group) or the unique index (bookings_idempotency_unique).
 */
export async function addBooking({
  db,
  uploadsDir,
  caller,
  actor,
  body,
  idempotencyKey,
  now = new Date(),
  phases,
}: {
  db: Database;
  uploadsDir: string;
  caller: AuthUser;
  actor: AuditActor;
  body: AddBookingBody;
  idempotencyKey?: string | undefined;
  now?: Date;
  /** SERVER_TIMING=1 (decision 059): each phase's end is marked on it. */
  phases?: ServerPhases | undefined;
}): Promise<AddBookingResult> {
  const key = idempotencyKey?.trim() || undefined;
  if (key !== undefined && key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw createIdempotencyKeyInvalidError();
  // Decision 039: a few requests per group at a time in this process (group-admission.ts), until the commit.
  const leave = await admissionOf(db).enter(body.pnr);
  phases?.lap('admit');
  try {
    return await addAdmittedBooking({ db, uploadsDir, caller, actor, body, key, now, phases });
  } finally {
    leave();
  }
}

const admissions = new WeakMap<Database, GroupAdmission>();

function admissionOf(db: Database): GroupAdmission {
  let admission = admissions.get(db);
  if (!admission) {
    admission = createGroupAdmission();
    admissions.set(db, admission);
  }
  return admission;
}

async function addAdmittedBooking({
  db,
  uploadsDir,
  caller,
  actor,
  body,
  key,
  now,
  phases,
}: {
  db: Database;
  uploadsDir: string;
  caller: AuthUser;
  actor: AuditActor;
  body: AddBookingBody;
  key: string | undefined;
  now: Date;
  phases: ServerPhases | undefined;
}): Promise<AddBookingResult> {
  const replay = key === undefined ? undefined : { addedBy: caller.id, idempotencyKey: key };
  const replayed = (id: number): AddBookingResult => ({ id, replayed: true, creditOverride: false, lowCredit: null, notifications: [], written: null });

  const found = await findGroupToBook({ db, pnr: body.pnr, replay });
  if (found?.earlierId != null) return replayed(found.earlierId);
  // The first booking of a key may be on a group deleted since: it is still the answer.
  const earlier = !found && replay ? await findBookingIdByIdempotencyKey({ db, ...replay }) : undefined;
  if (earlier !== undefined) return replayed(earlier);
  phases?.lap('read');
  await checkPassengerFiles(listPassengerFiles(body.passengers));
  phases?.lap('fcheck');
  if (!found) throw createPnrInvalidError();
  const party = resolveParty(caller, body);
  const passportNos = body.passengers.map((passenger) => passenger.passport_no);

  const { adults, children, infants } = countPassengers(body.passenger_types);
  const today = getKarachiToday(now);
  const rules = { body, caller, party, now, today, seats: adults + children };

  // Decision 039: a request that cannot fit in the seats sold when it was read is refused before any scan work and
  // without the lock. The refusal is what the locked path would answer on one snapshot of the group (the rules
  // before the seats come first), and that instant is a valid order for it; one that may fit goes on to the lock.
  if (rules.seats > found.group.totalTicket - found.sold) {
    const snapshot = await runFixed(db, bookingChecksRun({ groupId: found.group.id, passportNos: passportsToCheck(passportNos), replay }));
    if (snapshot.twinId !== null) return replayed(snapshot.twinId);
    const refusal =
      snapshot.group.deletedAt !== null ? createGroupNotBookableError() : await findBookingRefusal({ db, ...rules, group: snapshot.group, checks: snapshot });
    phases?.lap('early');
    if (refusal) throw refusal;
  }

  const saved: string[] = [];
  let refused = false;
  try {
    const files = await preparePassengerFiles({ uploadsDir, passengers: body.passengers, userId: caller.id, saved, phases });
    // Decision 048: on the embedded database one transaction runs at a time, so the checks statement takes the
    // group's lock itself; on PostgreSQL the lock is a statement of its own, so that the checks see the last holder's booking.
    const lockGroup = runsOneTransactionAtATime(db);
    // Decision 069: on PostgreSQL the transaction is two round trips: BEGIN, the lock and the checks; then the booking
    // and COMMIT (the lock is held for one round trip and the rules between).
    const result = await transactionInFewTrips(db, async ({ tx, send }) => {
      phases?.lap('begin');
      // The files rows the checks statement inserted go with the rollback: their bytes are removed too.
      let insertedRows: ReadonlySet<string> = new Set();
      // A refusal still holds the lock while it removes the bytes it wrote (see recordPassengerFiles).
      const refuse = async (error: unknown): Promise<never> => {
        if (!(error instanceof HttpError) && !(error instanceof TwinCommitted)) throw error;
        await removeOrphanFiles({ db: tx, uploadsDir, saved, insertedRows });
        refused = true;
        throw error;
      };
      const checksRun = bookingChecksRun({
        groupId: found.group.id,
        passportNos: passportsToCheck(passportNos),
        replay,
        lock: { lockGroup, agentUserId: party.agentUserId, senderUserId: caller.id, files: passengerFileRows(files) },
      });
      const [locked, checks] = lockGroup ? [true, ...(await send([checksRun]))] : await send([lockLiveGroupRun(found.group.id), checksRun]);
      insertedRows = checks.files.inserted;
      phases?.lap('checks');
      if (!locked) return refuse(createGroupNotBookableError());
      // A twin request with the same key that held the lock first has committed by now: this one rolls back.
      if (checks.twinId !== null) return refuse(new TwinCommitted(checks.twinId));
      const { group } = checks;
      if (group.deletedAt !== null) return refuse(createGroupNotBookableError());
      const refusal = await findBookingRefusal({ db: tx, ...rules, group, checks });
      if (refusal) return refuse(refusal);

      const totalAmount = computeTotal({ seats: adults + children, infants, group });
      // PRODUCT §6 "Credit": a hold or a charged booking takes its total from the agent's credit, under the agent's row lock.
      const credit =
        party.agentUserId === null
          ? { overridden: false, lowCredit: null }
          : await takeCredit({
              db: tx,
              agentUserId: party.agentUserId,
              bookingId: null,
              needed: totalAmount,
              override: caller.role === 'admin' && body.override === true,
              now,
              lockedAgent: checks.agent,
            }).catch(refuse);
      phases?.lap('credit');

      const fileIds = await recordPassengerFiles({ db: tx, uploadsDir, prepared: files, stored: checks.files.ids });
      phases?.lap('frows');
      // Names later: one row per type, every detail null ('TBA') until booking-update fills it (PRODUCT §6).
      const passengerRows: NewPassenger[] = body.names_later ? body.passenger_types.map((type, position) => ({ position, type })) : [];
      for (const [position, passenger] of body.passengers.entries()) {
        passengerRows.push({
          position,
          type: passenger.type,
          title: passenger.title,
          firstname: passenger.firstname,
          lastname: passenger.lastname,
          dob: passenger.dob,
          passportNo: passenger.passport_no,
          passportExpiryDate: passenger.passport_expiry_date,
          ...fileIds[position]!,
        });
      }

      // Every hold expires (an admin's unconfirmed booking too), so the sweeper returns its seats.
      const cancelAt = party.confirmed ? null : new Date(now.getTime() + found.holdWindowMinutes * 60_000);
      // A confirmed booking of an agent is charged after its insert; any other commits with it (decision 069).
      const charged = party.confirmed && party.agentUserId !== null;
      // Decision 048: the booking, its passengers and its audit row (decision 035) in one statement.
      const booked = newBookingRun({
        booking: {
          groupId: group.id,
          agentUserId: party.agentUserId,
          walking: party.walking,
          confirmed: party.confirmed,
          confirmedAt: party.confirmed ? now : null,
          confirmedBy: party.confirmed ? caller.id : null,
          cancelAt,
          adults,
          children,
          infants,
          price: group.price,
          infantPrice: group.infantPrice,
          totalAmount,
          remarks: body.remarks ?? null,
          creditOverride: credit.overridden,
          idempotencyKey: key ?? null,
          addedBy: caller.id,
          createdAt: now,
          updatedAt: now,
        },
        passengers: passengerRows,
        audit: { actor, action: credit.overridden ? 'add_override' : 'add' },
        notify: checks.sender && bookingNotifications({ sender: checks.sender, booking: { pnr: group.pnr, agentUserId: party.agentUserId, adults, children, infants } }),
      });
      const [{ id, notifications }] = await send([booked], { commit: !charged });
      phases?.lap('insert');
      // PRODUCT §4 "Payments and ledger": a confirmed booking is charged to its agent at its final total
      // (no discount yet, so the total); walk-in sales have no ledger.
      if (charged && party.agentUserId !== null) {
        await insertLedgerEntry({
          db: tx,
          entry: {
            agentUserId: party.agentUserId,
            bookingId: id,
            type: 'out',
            amount: totalAmount,
            entryDate: today,
            text: `Booking #${id} (${group.pnr})`,
          },
        });
        phases?.lap('ledger');
      }
      return {
        id,
        replayed: false,
        creditOverride: credit.overridden,
        lowCredit: credit.lowCredit && { ...credit.lowCredit, bookingId: id },
        notifications,
        written: { agentUserId: party.agentUserId, groupId: group.id, confirmed: party.confirmed },
      };
    });
    phases?.lap('commit');
    return result;
  } catch (error) {
    if (error instanceof TwinCommitted) return replayed(error.bookingId);
    if (!refused) await removeOrphanFiles({ db, uploadsDir, saved });
    if (isUniqueViolation(error) && replay) {
      const first = await findBookingIdByIdempotencyKey({ db, ...replay });
      if (first !== undefined) return replayed(first);
    }
    throw error;
  }
}

/**
 * PRODUCT §4 Notifications of a new booking (bookedNotice: an agent's tells the admins, an admin's for an agent tells
 * the agent, a walk-in nobody), named after its sender as the notifier names it; stored by the booking's statement.
 */
function bookingNotifications({ sender, booking }: Parameters<typeof bookedNotice>[0]): BookingNotificationsInput {
  const told = bookedNotice({ sender, booking });
  return {
    senderUserId: sender.id,
    name: sender.name,
    message: told.message,
    image: sender.imagePath ? getPublicFileUrl({ storagePath: sender.imagePath }) : null,
    toAdmins: told.toAdmins,
    toUserId: told.toUserId,
  };
}

/**
 * Under the lock, the booking of a twin request with the same Idempotency-Key: thrown to roll back the files rows the
 * checks statement stored (decision 048), and answered as a replay of that booking.
 */
class TwinCommitted extends Error {
  constructor(readonly bookingId: number) {
    super(`booking ${bookingId} was made by a request with the same Idempotency-Key`);
  }
}

// ---- searchagent ----------------------------------------------------------------------------------------

/** 000 §5 'Book for Agent': the search runs only for a non-empty query. */
export async function searchAgents({ db, query }: { db: Database; query: string }): Promise<AgentOption[]> {
  if (query === '') return [];
  return searchBookableAgents({ db, query, limit: AGENT_SEARCH_LIMIT });
}
