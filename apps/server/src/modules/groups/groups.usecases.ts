import {
  GROUPS_PER_PAGE,
  isPastFirstDeparture,
  type AddGroupBody,
  type GeneralResponse,
  type Group,
  type GroupLeg,
  type GroupListQuery,
  type GroupListResponse,
} from '@portal/contract/groups';
import type { Database, Executor } from '../../db/database.js';
import type { GroupLegRow, NewGroupLegRow } from './groups.table.js';
import {
  createGroupHasBookingsError,
  createGroupInputError,
  createGroupNotFoundError,
  createSeatsAlreadySoldError,
  GROUP_INPUT_MESSAGES,
} from './groups.errors.js';
import {
  countLiveBookings,
  countSoldSeats,
  findGroupDetails,
  findLegs,
  findLookups,
  findReferenceStatuses,
  insertGroup,
  isPnrTaken,
  listGroups,
  lockGroup,
  replaceLegs,
  softDeleteGroup,
  updateGroup as updateGroupRow,
  type GroupDetailsRow,
} from './groups.repository.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { getKarachiToday } from '../../lib/karachi-date.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import { readAuditSnapshot, recordAudit, type AuditActor } from '../audit/audit.usecases.js';


export async function getGeneralLookups({ db }: { db: Database }): Promise<GeneralResponse['data']> {
  return findLookups({ db });
}

// ---- Reading ------------------------------------------------------------------------------------------

function toLeg({ leg, sectorName }: { leg: GroupLegRow; sectorName: string }): GroupLeg {
  return {
    position: leg.position,
    departure_sector: leg.sectorId,
    departure_sector_name: sectorName,
    departure_flight_number: leg.flightNumber,
    departure_baggage: leg.baggageKg,
    departure_handcarry: leg.handCarryKg,
    departure_airport_name: leg.departureAirport,
    // PostgreSQL answers time columns as HH:MM:SS; the contract speaks HH:mm (PRODUCT §3).
    departure_time: leg.departureTime.slice(0, 5),
    departure_date: leg.departureDate,
    departure_terminal: leg.departureTerminal,
    arivval_airport_name: leg.arrivalAirport,
    arivval_time: leg.arrivalTime.slice(0, 5),
    arivval_date: leg.arrivalDate,
    arivval_terminal: leg.arrivalTerminal,
    arivval_baggage: leg.baggageKg,
  };
}

function toGroup(row: NonNullable<GroupDetailsRow>, legs: GroupLeg[], publicUrl: string): Group {
  const { group } = row;
  return {
    id: group.id,
    pnr: group.pnr,
    date: group.departureDate,
    subpart: legs,
    tickets_wehave: group.ticketsWehave,
    total_ticket: group.totalTicket,
    price: group.price,
    infant_price: group.infantPrice,
    sold: row.sold,
    remaining: group.totalTicket - row.sold,
    added_by: row.addedByName,
    close_status: group.closeStatus ? 1 : 0,
    // Logos are public files served by the storage module under /uploads (PRODUCT §4 "Files").
    air_line_logo: row.logoPath ? getPublicFileUrl({ publicUrl, storagePath: row.logoPath }) : null,
    airline: group.airlineId,
    airline_name: row.airlineName,
    my_section_id: group.mySectorId,
    meal: group.meal ? 1 : 0,
    ticket_type: group.ticketType,
    direction: group.direction,
    updated_at: group.updatedAt.toISOString(),
    deposit_deadline: group.depositDeadline?.toISOString() ?? null,
    name_deadline: group.nameDeadline?.toISOString() ?? null,
    ticketing_deadline: group.ticketingDeadline?.toISOString() ?? null,
  };
}

async function withLegs(db: Executor, rows: Array<NonNullable<GroupDetailsRow>>, publicUrl: string): Promise<Group[]> {
  const legs = await findLegs({ db, groupIds: rows.map((row) => row.group.id) });
  const byGroup = new Map<number, GroupLeg[]>();
  for (const leg of legs) {
    const list = byGroup.get(leg.leg.groupId) ?? [];
    list.push(toLeg(leg));
    byGroup.set(leg.leg.groupId, list);
  }
  return rows.map((row) => toGroup(row, byGroup.get(row.group.id) ?? [], publicUrl));
}

/**
 * Open groups (close_status 0) or Groups History (closed), Laravel's paginator (PRODUCT §3) whose page
 * links keep the filters.
 */
export async function getGroupPage({
  db,
  publicUrl,
  path,
  closed,
  query,
}: {
  db: Database;
  publicUrl: string;
  /** The list's own path under /api, e.g. '/listofgroups'. */
  path: string;
  closed: boolean;
  query: GroupListQuery;
}): Promise<GroupListResponse> {
  const page = query.page;
  const { rows, total } = await listGroups({
    db,
    filter: { closed, pnr: query.pnr, date: query.date },
    limit: GROUPS_PER_PAGE,
    offset: (page - 1) * GROUPS_PER_PAGE,
  });
  const lastPage = Math.max(1, Math.ceil(total / GROUPS_PER_PAGE));
  const pageUrl = (target: number) => {
    const params = new URLSearchParams({ page: String(target) });
    if (query.pnr) params.set('pnr', query.pnr);
    if (query.date) params.set('date', query.date);
    return `${publicUrl}/api${path}?${params.toString()}`;
  };
  return {
    data: await withLegs(db, rows, publicUrl),
    current_page: page,
    per_page: GROUPS_PER_PAGE,
    total,
    last_page: lastPage,
    prev_page_url: page > 1 ? pageUrl(Math.min(page - 1, lastPage)) : null,
    next_page_url: page < lastPage ? pageUrl(page + 1) : null,
  };
}

export async function getGroup({ db, publicUrl, groupId }: { db: Database; publicUrl: string; groupId: number }): Promise<Group> {
  const row = await findGroupDetails({ db, groupId });
  if (!row) throw createGroupNotFoundError();
  const [group] = await withLegs(db, [row], publicUrl);
  return group!;
}

// ---- Writing ------------------------------------------------------------------------------------------

type GroupInput = AddGroupBody;

function toLegRows(input: GroupInput): Array<Omit<NewGroupLegRow, 'groupId'>> {
  return input.departure_sector.map((sectorId, position) => ({
    position,
    sectorId,
    flightNumber: input.departure_flight_number[position]!,
    // The arrival baggage is the departure baggage (001 §3); whatever arivval_baggage says is ignored.
    baggageKg: input.departure_baggage[position]!,
    handCarryKg: input.departure_handcarry[position]!,
    departureDate: input.departure_date[position]!,
    departureTime: input.departure_time[position]!,
    departureAirport: input.departure_airport_name[position]!,
    departureTerminal: input.departure_terminal[position] ?? null,
    arrivalDate: input.arivval_date[position]!,
    arrivalTime: input.arivval_time[position]!,
    arrivalAirport: input.arivval_airport_name[position]!,
    arrivalTerminal: input.arivval_terminal[position] ?? null,
  }));
}

function toGroupValues(input: GroupInput) {
  return {
    pnr: input.pnr,
    airlineId: input.airline,
    mySectorId: input.my_section_id,
    meal: input.meal === 1,
    ticketsWehave: input.tickets_wehave,
    totalTicket: input.total_ticket,
    price: input.price,
    infantPrice: input.infant_price,
    // groups.departure_date is the first leg's date, written with the legs (groups.table.ts).
    departureDate: input.departure_date[0]!,
    depositDeadline: input.deposit_deadline === null ? null : new Date(input.deposit_deadline),
    nameDeadline: input.name_deadline === null ? null : new Date(input.name_deadline),
    ticketingDeadline: input.ticketing_deadline === null ? null : new Date(input.ticketing_deadline),
  };
}

function addError(errors: Record<string, string[]>, field: string, message: string): void {
  const messages = (errors[field] ??= []);
  if (!messages.includes(message)) messages.push(message);
}

/**
 * Checks the schema cannot make: references exist and are usable, the PNR is free, the first departure
 * is not in the past. An inactive airline, my sector or sector cannot be chosen, but a group may keep
 * one it already has (`current`), so an old group stays editable after its sector is switched off.
 */
async function collectInputErrors({
  db,
  input,
  current,
}: {
  db: Executor;
  input: GroupInput;
  current?: { groupId: number; airlineId: number; mySectorId: number; sectorIds: Set<number>; departureDate: string };
}): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const found = await findReferenceStatuses({
    db,
    airlineId: input.airline,
    mySectorId: input.my_section_id,
    sectorIds: [...new Set(input.departure_sector)],
  });
  if (!(found.airline === true || (found.airline === false && current?.airlineId === input.airline))) {
    addError(errors, 'airline', GROUP_INPUT_MESSAGES.airline);
  }
  if (!(found.mySector === true || (found.mySector === false && current?.mySectorId === input.my_section_id))) {
    addError(errors, 'my_section_id', GROUP_INPUT_MESSAGES.mySector);
  }
  input.departure_sector.forEach((sectorId, index) => {
    const status = found.sectors.get(sectorId);
    if (!(status === true || (status === false && current?.sectorIds.has(sectorId)))) {
      addError(errors, `departure_sector.${index}`, GROUP_INPUT_MESSAGES.sector);
    }
  });
  // A new group (or a moved first departure) cannot leave before today; an unchanged date of a group that
  // has flown stays editable, so its record can still be corrected (decisions 004, 024).
  if (
    isPastFirstDeparture({
      firstDeparture: input.departure_date[0]!,
      today: getKarachiToday(),
      storedFirstDeparture: current?.departureDate,
    })
  ) {
    addError(errors, 'departure_date.0', GROUP_INPUT_MESSAGES.departurePast);
  }
  if (await isPnrTaken({ db, pnr: input.pnr, exceptGroupId: current?.groupId })) {
    addError(errors, 'pnr', GROUP_INPUT_MESSAGES.pnrTaken);
  }
  return errors;
}

/** Two saves of one PNR at the same moment: the partial unique index decides, the loser hears why. */
async function translatePnrRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw createGroupInputError({ pnr: [GROUP_INPUT_MESSAGES.pnrTaken] });
    throw error;
  }
}

export async function addGroup({ db, actor, input }: { db: Database; actor: AuditActor; input: GroupInput }): Promise<number> {
  return translatePnrRace(() =>
    db.transaction(async (tx) => {
      const errors = await collectInputErrors({ db: tx, input });
      if (Object.keys(errors).length > 0) throw createGroupInputError(errors);
      const groupId = await insertGroup({
        db: tx,
        // added_by is the creator, from the session (issue 3); later edits keep it, so 'Add By' stays true.
        group: { ...toGroupValues(input), addedBy: actor.userId, ticketType: input.ticket_type, direction: input.direction },
      });
      await replaceLegs({ db: tx, groupId, legs: toLegRows(input) });
      await recordAudit(tx, actor, { kind: 'group', entity_id: groupId, action: 'add' });
      return groupId;
    }),
  );
}

/**
 * Issue 3: ticket type and direction are locked once a group exists (the form disables them); the legs
 * are replaced in the same transaction as the group, and seats already sold stay on sale.
 */
export async function updateGroup({
  db,
  actor,
  groupId,
  input,
}: {
  db: Database;
  actor: AuditActor;
  groupId: number;
  input: GroupInput;
}): Promise<number> {
  return translatePnrRace(() =>
    db.transaction(async (tx) => {
      const group = await lockGroup({ db: tx, groupId });
      if (!group) throw createGroupNotFoundError();
      const errors: Record<string, string[]> = {};
      if (input.ticket_type !== group.ticketType) addError(errors, 'ticket_type', GROUP_INPUT_MESSAGES.ticketTypeLocked);
      if (input.direction !== group.direction) addError(errors, 'direction', GROUP_INPUT_MESSAGES.directionLocked);
      const before = await readAuditSnapshot(tx, 'group', groupId);
      const currentLegs = await findLegs({ db: tx, groupIds: [groupId] });
      const more = await collectInputErrors({
        db: tx,
        input,
        current: {
          groupId,
          airlineId: group.airlineId,
          mySectorId: group.mySectorId,
          sectorIds: new Set(currentLegs.map(({ leg }) => leg.sectorId)),
          departureDate: group.departureDate,
        },
      });
      for (const [field, messages] of Object.entries(more)) for (const message of messages) addError(errors, field, message);
      if (Object.keys(errors).length > 0) throw createGroupInputError(errors);

      const sold = await countSoldSeats({ db: tx, groupId });
      if (input.total_ticket < sold) throw createSeatsAlreadySoldError(sold);

      const values = toGroupValues(input);
      // A moved (or new) name deadline is one the name-deadline job has not handled yet (decision 030).
      const nameDeadlineMoved = (group.nameDeadline?.getTime() ?? null) !== (values.nameDeadline?.getTime() ?? null);
      await updateGroupRow({ db: tx, groupId, values: nameDeadlineMoved ? { ...values, nameDeadlineDoneAt: null } : values });
      await replaceLegs({ db: tx, groupId, legs: toLegRows(input) });
      await recordAudit(tx, actor, { kind: 'group', entity_id: groupId, action: 'update', before });
      return groupId;
    }),
  );
}

/** Close Group / Active Group (001 §4); closed groups are not offered (PRODUCT §4). */
export async function setGroupClosed({ db, actor, groupId, closed }: { db: Database; actor: AuditActor; groupId: number; closed: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroup({ db: tx, groupId });
    if (!group) throw createGroupNotFoundError();
    if (group.closeStatus === closed) return;
    const before = await readAuditSnapshot(tx, 'group', groupId);
    await updateGroupRow({ db: tx, groupId, values: { closeStatus: closed } });
    await recordAudit(tx, actor, { kind: 'group', entity_id: groupId, action: closed ? 'close' : 'reopen', before });
  });
}

/** Soft delete; bookings keep their group, so a group with bookings not cancelled stays (issue 3). */
export async function deleteGroup({ db, actor, groupId }: { db: Database; actor: AuditActor; groupId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const group = await lockGroup({ db: tx, groupId });
    if (!group) throw createGroupNotFoundError();
    const live = await countLiveBookings({ db: tx, groupId });
    if (live > 0) throw createGroupHasBookingsError(live);
    const before = await readAuditSnapshot(tx, 'group', groupId);
    await softDeleteGroup({ db: tx, groupId });
    await recordAudit(tx, actor, { kind: 'group', entity_id: groupId, action: 'delete', before });
  });
}
