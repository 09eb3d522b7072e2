import { WHATSAPP_SHARE_BASE, type ShareTextQuery } from '@portal/contract/share';
import { FARE_ON_CALL_TEXT, HAND_BAGGAGE_TEXT, type Ticket } from '@portal/contract/tickets';
import type { Database } from '../../db/database.js';
import { createForbiddenError, createUnauthenticatedError } from '../../lib/http-error.js';
import { formatCalendarDate, formatMoney } from '../documents/document-format.js';
import { listOfferedTicketsToShare } from '../tickets/tickets.usecases.js';
import { createShareGroupNotFoundError, createShareSectorEmptyError } from './share.errors.js';
import { findSharer, updateShareMarkup, type Sharer } from './share.repository.js';

/** '15 Dec' of a 'YYYY-MM-DD' (the year is in the group's heading). */
const dayAndMonth = (date: string) => formatCalendarDate(date).slice(0, 6);

/** A fare with the markup added; 'Fare on call' stays as it is (000 §9: price 0 or less). */
function fareLine({ label, base, adultPrice, markup }: { label: string; base: number; adultPrice: number; markup: number }): string {
  return `${label}: ${adultPrice <= 0 ? FARE_ON_CALL_TEXT : formatMoney(base + markup)}`;
}

/**
 * One group of the text (PRODUCT §6): airline, sector and date, each leg, baggage, meal and the two fares.
 * Never seats, cost prices or the wholesaler's name.
 */
function groupLines(ticket: Ticket, markup: number): string[] {
  const legs = [...ticket.subpart].sort((a, b) => a.position - b.position);
  const legLines = legs.map((leg) => {
    const nextDay = leg.arivval_date !== leg.departure_date ? ` (${dayAndMonth(leg.arivval_date)})` : '';
    return `${leg.departure_flight_number} ${leg.from_sector}-${leg.to_sector} ${dayAndMonth(leg.departure_date)} ${leg.departure_time} - ${leg.arivval_time}${nextDay}`;
  });
  // 000 §2: a one-way ticket's baggage is its first leg's, a return ticket's its first two legs'.
  const baggage = legs.slice(0, ticket.ticket_type === 2 ? 2 : 1).map((leg) => `${leg.departure_baggage}kg + ${HAND_BAGGAGE_TEXT}`);
  const price = ticket.price ?? 0;
  return [
    `*${ticket.air_line}*`,
    `${ticket.sector} | ${formatCalendarDate(ticket.date)}`,
    ...legLines,
    `Baggage: ${baggage.join(' / ')}`,
    `Meal: ${ticket.meal ? 'Included' : 'Not included'}`,
    fareLine({ label: 'Adult fare', base: price, adultPrice: price, markup }),
    fareLine({ label: 'Infant fare', base: ticket.infant_price ?? 0, adultPrice: price, markup }),
  ];
}

/** The sender's signature: agency name (or own name) and phone. */
function signatureLines(sharer: Sharer): string[] {
  const name = sharer.agencyName?.trim() || sharer.name;
  return ['For booking:', name, ...(sharer.phone?.trim() ? [sharer.phone.trim()] : [])];
}

export function buildShareText({ tickets, sharer, markup }: { tickets: Ticket[]; sharer: Sharer; markup: number }): string {
  return [...tickets.map((ticket) => groupLines(ticket, markup).join('\n')), signatureLines(sharer).join('\n')].join('\n\n');
}

/**
 * share-text (PRODUCT §6, decision 026): agents' markup added to both fares; administrators share without markup,
 * signed with their own name and phone. Nothing offered: 404.
 */
export async function getShareText({
  db,
  publicUrl,
  userId,
  query,
  now,
}: {
  db: Database;
  publicUrl: string;
  userId: number;
  query: ShareTextQuery;
  now?: Date;
}): Promise<{ text: string; whatsapp_url: string }> {
  const sharer = await findSharer({ db, userId });
  if (!sharer) throw createUnauthenticatedError();
  const by = query.group_id !== undefined ? { groupId: query.group_id } : { sector: query.sector!, date: query.date! };
  const tickets = await listOfferedTicketsToShare({ db, publicUrl, by, ...(now ? { now } : {}) });
  if (tickets.length === 0) throw 'groupId' in by ? createShareGroupNotFoundError() : createShareSectorEmptyError();
  const markup = sharer.role === 'admin' ? 0 : sharer.shareMarkup;
  const text = buildShareText({ tickets, sharer, markup });
  return { text, whatsapp_url: `${WHATSAPP_SHARE_BASE}${encodeURIComponent(text)}` };
}

/** update-share-settings: agents only (administrators add no markup, decision 026). */
export async function updateShareSettings({
  db,
  user,
  markup,
}: {
  db: Database;
  user: { id: number; role: 'admin' | 'user' };
  markup: number;
}): Promise<{ share_markup: number }> {
  if (user.role !== 'user') throw createForbiddenError();
  if (!(await updateShareMarkup({ db, userId: user.id, markup }))) throw createUnauthenticatedError();
  return { share_markup: markup };
}
