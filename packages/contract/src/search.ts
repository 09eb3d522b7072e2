import { z } from 'zod';
import { agentSchema } from './agents.js';
import { bookingListRowSchema } from './booking-lifecycle.js';
import { defineRoute, errorResponses, flagSchema } from './common.js';
import { ticketSchema } from './tickets.js';

/**
 * The header search (000 §2: the box 'Search by email , PNR' opens /dashboard/search/{query}; issue 21 point 4,
 * decision 023). The seeds' page lists agents found by e-mail, an administrator's call; here one call answers
 * what the box is typed for, grouped, for administrators and agents alike:
 * - `agents` (administrators only; an agent's answer has none): live agents of any status whose e-mail, name,
 *   agency or number contains the query, as `searchagentbyemail` finds them, newest first.
 * - `groups`: live groups whose PNR contains the query (any case). An administrator gets every live group, open,
 *   closed or flown; an agent only the offered ones (open, first departure today or later), which the ticket
 *   cards already show it. The exact PNR first, then offered groups soonest first, then the rest latest first.
 * - `bookings`: bookings whose PNR contains the query, whose number is the query, or with a passenger whose
 *   name ('ALI KHAN' or 'KHAN ALI') contains it or whose passport number is it; every state, newest first.
 *   An administrator searches every booking, an agent only its own (PRODUCT §4 roles).
 * Each group holds at most {@link HEADER_SEARCH_LIMIT} rows; `more` says whether there were more.
 */

export const HEADER_SEARCH_PLACEHOLDER = 'Search by email , PNR';
export const HEADER_SEARCH_LIMIT = 10;
export const HEADER_SEARCH_QUERY_REQUIRED_MESSAGE = 'The query field is required.';
export const HEADER_SEARCH_MAX_LENGTH = 100;

export const HEADER_SEARCH_TEXTS = {
  agents: 'Agents',
  groups: 'Groups by PNR',
  bookings: 'Bookings',
  nothingFound: 'Nothing found',
  more: 'Only the first results are shown: type more of the PNR, e-mail or name to narrow them.',
} as const;

export const headerSearchQuerySchema = z.object({
  query: z
    .string({ error: HEADER_SEARCH_QUERY_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: HEADER_SEARCH_QUERY_REQUIRED_MESSAGE })
    .max(HEADER_SEARCH_MAX_LENGTH, { error: `The query may not be greater than ${HEADER_SEARCH_MAX_LENGTH} characters.` }),
});
export type HeaderSearchQuery = z.infer<typeof headerSearchQuerySchema>;

/** A group found by its PNR: its ticket card (prices included) with its state. */
export const searchGroupSchema = ticketSchema.extend({
  /** 1 closed. */
  close_status: flagSchema,
  /** Open with its first departure today or later (Asia/Karachi): it can be booked. */
  offered: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const headerSearchResponseSchema = z.object({
  data: z.object({
    agents: z.array(agentSchema),
    groups: z.array(searchGroupSchema),
    bookings: z.array(bookingListRowSchema),
  }),
  /** True where that group had more matches than it lists. */
  more: z.object({ agents: z.boolean(), groups: z.boolean(), bookings: z.boolean() }),
});
export type HeaderSearchResponse = z.infer<typeof headerSearchResponseSchema>;

export const headerSearchRoute = defineRoute({
  method: 'GET',
  path: '/header-search',
  summary: `The header search: agents (admins only), groups by PNR and bookings (an agent's own) matching query, at most ${HEADER_SEARCH_LIMIT} of each`,
  tags: ['search'],
  access: 'user',
  querystring: headerSearchQuerySchema,
  response: { 200: headerSearchResponseSchema, ...errorResponses },
});
