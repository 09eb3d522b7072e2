import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, messageSchema, paginated } from './common.js';
import { addGroupBodySchema, isValidIsoDate, updateGroupBodySchema, updateGroupStatusBodySchema } from './group-form.js';

/**
 * Groups (001 §2-3, §7): a block of seats under one PNR with 1, 2 or 4 legs; the answers and routes.
 * The write bodies live in group-form.ts and are re-exported here.
 */
export * from './group-form.js';

// ---- Answers ----------------------------------------------------------------------------------------

/** One leg ("subpart"), position 0-3 in the order, B-1, B-2 (001 §3). */
export const groupLegSchema = z.object({
  position: z.number().int(),
  departure_sector: z.number().int(),
  /** `FROM - TO`, e.g. 'LHE - JED'. */
  departure_sector_name: z.string(),
  departure_flight_number: z.string(),
  departure_baggage: z.number().int(),
  departure_handcarry: z.number().int(),
  departure_airport_name: z.string(),
  /** HH:mm, local at the departure airport. */
  departure_time: z.string(),
  departure_date: z.string(),
  departure_terminal: z.string().nullable(),
  arivval_airport_name: z.string(),
  /** HH:mm, local at the arrival airport. */
  arivval_time: z.string(),
  arivval_date: z.string(),
  arivval_terminal: z.string().nullable(),
  /** Always the departure baggage (001 §3). */
  arivval_baggage: z.number().int(),
});
export type GroupLeg = z.infer<typeof groupLegSchema>;

/** A group as the lists and editgroup answer it (001 §3). */
export const groupSchema = z.object({
  id: z.number().int(),
  pnr: z.string(),
  /** First departure date, YYYY-MM-DD. */
  date: z.string(),
  subpart: z.array(groupLegSchema),
  tickets_wehave: z.number().int(),
  total_ticket: z.number().int(),
  price: z.number().int(),
  infant_price: z.number().int(),
  /** Adults + children of the bookings not cancelled (PRODUCT §4). */
  sold: z.number().int(),
  /** total_ticket - sold. */
  remaining: z.number().int(),
  /** Name of the admin who added the group. */
  added_by: z.string().nullable(),
  close_status: z.union([z.literal(0), z.literal(1)]),
  /** Public URL of the airline's logo. */
  air_line_logo: z.string().nullable(),
  /** Airline id. */
  airline: z.number().int(),
  airline_name: z.string(),
  my_section_id: z.number().int(),
  meal: z.union([z.literal(0), z.literal(1)]),
  ticket_type: z.union([z.literal(1), z.literal(2)]),
  direction: z.union([z.literal(1), z.literal(2)]),
  /** ISO 8601 instant. */
  updated_at: z.string(),
  /** PRODUCT §6: optional deadlines, ISO 8601 instants (shown in Asia/Karachi); null when not set. */
  deposit_deadline: z.string().nullable(),
  name_deadline: z.string().nullable(),
  ticketing_deadline: z.string().nullable(),
});
export type Group = z.infer<typeof groupSchema>;

export const GROUPS_PER_PAGE = 20;

/** `?page=N&pnr=&date=`: pnr matches case-insensitively anywhere; date is a day any leg departs. */
export const groupListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'The page must be an integer.' })
    .int({ error: 'The page must be an integer.' })
    .min(1, { error: 'The page must be at least 1.' })
    .max(1_000_000, { error: 'The page may not be greater than 1000000.' })
    .default(1),
  pnr: z
    .string()
    .trim()
    .max(20, { error: 'The pnr may not be greater than 20 characters.' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  date: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || isValidIsoDate(value), { error: 'The date is not a valid date (YYYY-MM-DD).' }),
});
export type GroupListQuery = z.output<typeof groupListQuerySchema>;

export const groupListResponseSchema = paginated(groupSchema);
export type GroupListResponse = z.infer<typeof groupListResponseSchema>;

export const generalResponseSchema = z.object({
  data: z.object({
    airline: z.array(z.object({ id: z.number().int(), full_name: z.string() })),
    my_sectors: z.array(z.object({ id: z.number().int(), name: z.string() })),
    sectors: z.array(z.object({ id: z.number().int(), sector_name: z.string() })),
  }),
});
export type GeneralResponse = z.infer<typeof generalResponseSchema>;

export const groupSavedResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });
export type GroupSavedResponse = z.infer<typeof groupSavedResponseSchema>;

export const GROUP_ADDED_MESSAGE = 'Group added successfully!';
export const GROUP_UPDATED_MESSAGE = 'Group updated successfully!';
export const GROUP_CLOSED_MESSAGE = 'Group closed successfully!';
export const GROUP_REOPENED_MESSAGE = 'Group activated successfully!';
export const GROUP_DELETED_MESSAGE = 'Group deleted successfully!';

// ---- Routes (001 §7) -----------------------------------------------------------------------------------

export const generalRoute = defineRoute({
  method: 'GET',
  path: '/general',
  summary: 'Lookups of the group form: active airlines, my sectors and sectors',
  tags: ['groups'],
  access: 'admin',
  response: { 200: generalResponseSchema, ...errorResponses },
});

export const listGroupsRoute = defineRoute({
  method: 'GET',
  path: '/listofgroups',
  summary: 'Open groups, soonest first departure first (20 a page; filters pnr, date)',
  tags: ['groups'],
  access: 'admin',
  querystring: groupListQuerySchema,
  response: { 200: groupListResponseSchema, ...errorResponses },
});

export const listGroupHistoryRoute = defineRoute({
  method: 'GET',
  path: '/listofgrouphistory',
  summary: 'Closed groups, latest first departure first (20 a page; filters pnr, date)',
  tags: ['groups'],
  access: 'admin',
  querystring: groupListQuerySchema,
  response: { 200: groupListResponseSchema, ...errorResponses },
});

export const editGroupRoute = defineRoute({
  method: 'GET',
  path: '/editgroup/:id',
  summary: 'One group with every leg field, for the edit form',
  tags: ['groups'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: z.object({ data: groupSchema }), ...errorResponses },
});

export const addGroupRoute = defineRoute({
  method: 'POST',
  path: '/add-group',
  summary: 'Add a group with its legs (multipart name[] arrays or JSON)',
  tags: ['groups'],
  access: 'admin',
  body: addGroupBodySchema,
  response: { 201: groupSavedResponseSchema, ...errorResponses },
});

export const updateGroupRoute = defineRoute({
  method: 'POST',
  path: '/update-group',
  summary: 'Update a group and replace its legs (ticket type and direction are locked)',
  tags: ['groups'],
  access: 'admin',
  body: updateGroupBodySchema,
  response: { 200: groupSavedResponseSchema, ...errorResponses },
});

export const updateGroupStatusRoute = defineRoute({
  method: 'POST',
  path: '/update-group-status',
  summary: 'Close (1) or reopen (0) a group',
  tags: ['groups'],
  access: 'admin',
  body: updateGroupStatusBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const deleteGroupRoute = defineRoute({
  method: 'GET',
  path: '/deletegroup/:id',
  summary: 'Soft-delete a group; refused while it has bookings not cancelled',
  tags: ['groups'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});
