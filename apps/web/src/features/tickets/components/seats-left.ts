import { TICKET_ALERT_THRESHOLD } from '@portal/contract/tickets';

/**
 * 000 §9: the seats-left warning at 3 or fewer remaining ('Only 2 seats left'). A sold-out ticket
 * gets none: its Book button reads 'Sold out'.
 */
export function seatsLeftText(remaining: number): string | null {
  if (remaining <= 0 || remaining > TICKET_ALERT_THRESHOLD) return null;
  return `Only ${remaining} ${remaining === 1 ? 'seat' : 'seats'} left`;
}
