import { HAND_BAGGAGE_TEXT, type Ticket } from '@portal/contract/tickets';

/**
 * 000 §2: checked baggage with the fixed 7kg hand baggage beside it; a one-way ticket shows its first
 * leg's baggage, a return ticket the first two legs'.
 */
export function baggageLines(ticket: Pick<Ticket, 'ticket_type' | 'subpart'>): string[] {
  const legs = ticket.subpart.slice(0, ticket.ticket_type === 2 ? 2 : 1);
  return legs.map((leg) => `${leg.departure_baggage}kg + ${HAND_BAGGAGE_TEXT}`);
}
