import type { Ticket, TicketSectorGroup } from '@portal/contract/tickets';
import { formatDate } from '@/lib/format';
import type { ShareMenuEntry } from './share-menu';

/** Share of one ticket card or search row: that group (decision 026). */
export function ticketShareProps(ticket: Pick<Ticket, 'id' | 'pnr'>): { entries: ShareMenuEntry[]; ariaLabel: string } {
  return { entries: [{ target: { groupId: ticket.id } }], ariaLabel: `Share PNR ${ticket.pnr}` };
}

/**
 * Share of a sector block: share-text's sector form takes one day, so the menu offers each departure day of the
 * block's tickets, soonest first, headed by its date (and its journey, when the block mixes journeys).
 */
export function sectorShareProps(group: TicketSectorGroup): { entries: ShareMenuEntry[]; ariaLabel: string } {
  const seen = new Map<string, { sector: string; date: string }>();
  for (const ticket of [...group.tickets].sort((a, b) => a.date.localeCompare(b.date))) {
    seen.set(`${ticket.sector}|${ticket.date}`, { sector: ticket.sector, date: ticket.date });
  }
  const targets = [...seen.values()];
  const mixed = targets.some((target) => target.sector !== group.sector);
  return {
    entries: targets.map((target) => ({
      label: mixed ? `${target.sector}, ${formatDate(target.date)}` : formatDate(target.date),
      target,
    })),
    ariaLabel: `Share ${group.sector}`,
  };
}
