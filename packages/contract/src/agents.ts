// CONTRACT READY
import { z } from 'zod';
import { defineRoute, errorResponses, idParamsSchema, messageSchema, pageQuerySchema, paginated, requiredText, roleSchema } from './common.js';
import { agentCreditFields, creditLimitField } from './credit.js';
import { optionalFileField, requiredFileField } from './files.js';

/**
 * Agents and users (001 §2 Agents / All Users / Search agents by email, §3 Agent and User list row, §7 calls,
 * §8 messages; 000 §2 My Profile and the header search; PRODUCT §4 "Agents and accounts").
 *
 * Decisions of this project:
 * - `{id}` in every agent route is the agent's **users.id** (the row's `id`), never its agent number
 *   (`agent_id`, shown "Agent-{agent_id}", the number bookings and ledgers use). The id of an administrator,
 *   of an unknown user or of a deleted agent answers 404 'Agent not found.' on these routes.
 * - Accept (`approve-user`): a pending or rejected agent becomes approved; a readable 12-character password
 *   is generated, `change_password` and `whatsapp_pending` (the session's `w_verified`) are set, and the
 *   login details (e-mail, password, sign-in link) are e-mailed through the outbox in the same transaction.
 *   Already approved: 409. An agent without an e-mail address: 422 on `email` (there is nowhere to send it).
 * - Reject (`reject-user`): pending or approved → rejected, its sign-in tokens are revoked, and a polite
 *   e-mail is sent when it has an address. Already rejected: 409.
 * - Delete (`deleteagent`): soft (bookings and ledger keep the agent); its tokens are revoked; it can no
 *   longer sign in and disappears from every list. Its e-mail address becomes free for a new account.
 * - Add (`add-agent`): an agent an admin adds is approved at once (source `admin`). With an e-mail, a
 *   password is generated and e-mailed exactly as on accept. Without one it has no login; when updateagent
 *   later gives an approved agent without a password its first e-mail address, the login details are
 *   generated and e-mailed then.
 * - Update (`updateagent`): a field that is not sent keeps the stored value; an optional text field sent
 *   empty ('') is cleared. The e-mail must be unique among live users (422 'The email has already been
 *   taken.'); an approved agent's e-mail is its login and cannot be cleared (422 'The email field is required.').
 *   `country` sent empty keeps the stored one.
 * - Images follow the airline-logo rules: jpeg, png or webp by content, at most 2 MB (413 above). `image`
 *   is required when adding, and when editing an agent that has no image yet (001 §5).
 * - `listofagents` (issue 21 §7, decision 022): `search` narrows to agents whose name, agency name, e-mail, phone or
 *   number contains it (any case; the header search's match, plus the phone), `status` to one active_status
 *   (`pending`, `approved` shown Active, `rejected`); both empty or absent: every live agent.
 * - `searchagentbyemail` (the header search, `/dashboard/search/{query}`): live agents of any status
 *   whose e-mail, name, agency name or agent number ("1001" or "Agent-1001") contains the query,
 *   case-insensitive, newest first, at most {@link AGENT_EMAIL_SEARCH_LIMIT}. An empty query: 422.
 * - `my-profile`: any signed-in user reads its own profile (the agent row shape; administrators too).
 *   `update-my-profile`: administrators change their own name, e-mail, phone and picture; agents get 403
 *   {@link PROFILE_READ_ONLY_MESSAGE} (000 §2: an agent's profile is changed through the admin).
 * - `unlock-user` (issue 16 point 4, decision 018): body `id` (users.id of any live user, administrators
 *   too); clears the failed sign-in count and the lock ({@link USER_UNLOCKED_MESSAGE}, also when it was not
 *   locked); unknown or deleted id: 404 {@link USER_NOT_FOUND_MESSAGE}. Agent rows and user list rows carry
 *   `locked_until` (null when not locked; a lock whose time has passed reads null).
 */

// ---- Messages (001 §8, exactly as the seed quotes them) -----------------------------------------------------

export const AGENT_ADDED_MESSAGE = 'Agent added successfully!';
export const AGENT_UPDATED_MESSAGE = 'Agent updated successfully!';
export const AGENT_APPROVED_MESSAGE = 'User approved successfully!';
export const AGENT_REJECTED_MESSAGE = 'User rejected successfully!';
export const AGENT_DELETED_MESSAGE = 'Agent Deleted successfully!';

// ---- Messages of this project (the seeds do not word them) -------------------------------------------------

export const AGENT_NOT_FOUND_MESSAGE = 'Agent not found.';
export const AGENT_ALREADY_APPROVED_MESSAGE = 'This agent is already approved.';
export const AGENT_ALREADY_REJECTED_MESSAGE = 'This agent is already rejected.';
/** 422 on `email` when accepting an agent that has no e-mail address. */
export const AGENT_EMAIL_REQUIRED_FOR_APPROVAL_MESSAGE = 'The agent needs an email address to receive the login details.';
export const EMAIL_TAKEN_MESSAGE = 'The email has already been taken.';
/** 422 on `image` when editing an agent that has no image yet and none is sent (001 §5). */
export const IMAGE_REQUIRED_MESSAGE = 'The image field is required.';
export const EMAIL_REQUIRED_MESSAGE = 'The email field is required.';
export const SEARCH_QUERY_REQUIRED_MESSAGE = 'The searchquery field is required.';
export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';
/** unlock-user (issue 16 point 4, decision 018). */
export const USER_UNLOCKED_MESSAGE = 'Account unlocked successfully!';
export const USER_NOT_FOUND_MESSAGE = 'User not found.';
/** 403 to an agent calling update-my-profile; the My Profile page shows the same note (000 §2, 001 §2). */
export const PROFILE_READ_ONLY_MESSAGE = 'Your profile can not be changed directly. Please contact the admin.';

/** The most agents searchagentbyemail answers. */
export const AGENT_EMAIL_SEARCH_LIMIT = 50;

/** Subjects of the e-mails these routes put in the outbox (the Emails page shows them). */
export const LOGIN_DETAILS_EMAIL_SUBJECT = 'Your Group Fares login details';
export const REJECTION_EMAIL_SUBJECT = 'Your Group Fares registration';

// ---- Shapes ---------------------------------------------------------------------------------------------------

/** 001 §4: pending, then approved (shown Active) or rejected. */
export const activeStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ActiveStatus = z.infer<typeof activeStatusSchema>;
export const ACTIVE_STATUSES = activeStatusSchema.options;

/** The Agents table's status filter (decision 022): the seeds' words, Active for approved. */
export const AGENT_STATUS_FILTER_LABELS: Record<ActiveStatus, string> = { pending: 'Pending', approved: 'Active', rejected: 'Rejected' };

/** How the agent was created: self sign-up, by an admin, or at start-up. */
export const agentSourceSchema = z.enum(['register', 'admin', 'seed']);
export type AgentSource = z.infer<typeof agentSourceSchema>;

/**
 * Agent (001 §3). Also the shape of my-profile, for administrators too (`role` admin, `agent_id` null).
 * `image` and `logo` are absolute URLs of public files, or null.
 */
export const agentSchema = z.object({
  /** users.id: what `{id}` of editagent, updateagent, approve-user, reject-user and deleteagent takes. */
  id: z.number().int(),
  role: roleSchema,
  name: z.string(),
  agency_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  logo: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  office_address: z.string().nullable(),
  office_no: z.string().nullable(),
  propriter_name: z.string().nullable(),
  /** ISO 8601 instant (the profile modal shows it as the join date). */
  created_at: z.string(),
  /** The agent number, shown "Agent-{agent_id}"; null for administrators. */
  agent_id: z.number().int().nullable(),
  active_status: activeStatusSchema,
  source: agentSourceSchema,
  /** ISO 8601 instant until which sign-in is refused after too many wrong passwords; null when not locked (decision 018). */
  locked_until: z.string().nullable(),
  /** Credit limit, ledger balance and available credit (PRODUCT §6, credit.ts). */
  ...agentCreditFields,
});
export type Agent = z.infer<typeof agentSchema>;

/** User list row (001 §3): every live user, administrators and agents. */
export const userListRowSchema = z.object({
  id: z.number().int(),
  image_url: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  role: roleSchema,
  active_status: activeStatusSchema,
  created_at: z.string(),
  agent_id: z.number().int().nullable(),
  /** null for administrators. */
  agent: z.object({ agency_name: z.string().nullable() }).nullable(),
  /** As on the agent row: set while sign-in is locked, else null (decision 018). */
  locked_until: z.string().nullable(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

export const agentsPageSchema = paginated(agentSchema);
export type AgentsPage = z.infer<typeof agentsPageSchema>;

export const usersPageSchema = paginated(userListRowSchema);
export type UsersPage = z.infer<typeof usersPageSchema>;

export const agentResponseSchema = z.object({ data: agentSchema });
export type AgentResponse = z.infer<typeof agentResponseSchema>;

/** my-profile: the agent row plus the caller's share markup (share.ts, decision 026; 0 until set, administrators 0). */
export const myProfileSchema = agentSchema.extend({ share_markup: z.number().int() });
export type MyProfile = z.infer<typeof myProfileSchema>;
export const myProfileResponseSchema = z.object({ data: myProfileSchema });
export type MyProfileResponse = z.infer<typeof myProfileResponseSchema>;

export const agentWriteResponseSchema = z.object({ message: z.string(), data: agentSchema });
export type AgentWriteResponse = z.infer<typeof agentWriteResponseSchema>;

export const agentListResponseSchema = z.object({ data: z.array(agentSchema) });
export type AgentListResponse = z.infer<typeof agentListResponseSchema>;

// ---- Field helpers ----------------------------------------------------------------------------------------------

/**
 * An optional text field: not sent (undefined) keeps the stored value on edit; sent empty ('' or null)
 * clears it (null); otherwise trimmed, at most `max` characters.
 */
export function optionalText(label: string, max = 255) {
  return z
    .union([z.string(), z.number(), z.null()], { error: `The ${label} must be a string.` })
    .optional()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return null;
      const text = String(value).trim();
      if (text === '') return null;
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: `The ${label} may not be greater than ${max} characters.` });
        return z.NEVER;
      }
      return text;
    });
}

/** Optional e-mail: not sent → undefined, '' or null → null, otherwise a valid address, stored lower-case. */
export function optionalEmail(label = 'email') {
  return z
    .union([z.string(), z.null()], { error: `The ${label} must be a valid email address.` })
    .optional()
    .transform((value, ctx): string | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null) return null;
      const text = value.trim();
      if (text === '') return null;
      if (text.length > 255) {
        ctx.addIssue({ code: 'custom', message: `The ${label} may not be greater than 255 characters.` });
        return z.NEVER;
      }
      if (!z.email().safeParse(text).success) {
        ctx.addIssue({ code: 'custom', message: `The ${label} must be a valid email address.` });
        return z.NEVER;
      }
      return text.toLowerCase();
    });
}

/** The fields add-agent and updateagent share besides name, email, phone and the images (001 §7). */
const agentDetailFields = {
  agency_name: optionalText('agency name'),
  city: optionalText('city', 100),
  /** Sent empty: the stored country (add: 'Pakistan', the registration default). */
  country: optionalText('country', 100),
  office_address: optionalText('office address'),
  office_no: optionalText('office no', 30),
  propriter_name: optionalText('propriter name'),
  /** PRODUCT §6: whole PKR; '' clears it (unlimited); not sent keeps it (add: unlimited). */
  credit_limit: creditLimitField,
} as const;

// ---- Bodies -----------------------------------------------------------------------------------------------------

/** Add Agent modal (001 §5): name, phone and image required; e-mail optional. Multipart or JSON. */
export const addAgentBodySchema = z.object({
  name: requiredText('name'),
  email: optionalEmail(),
  phone: requiredText('phone', 30),
  image: requiredFileField('image'),
  logo: optionalFileField('logo'),
  ...agentDetailFields,
});
export type AddAgentBody = z.infer<typeof addAgentBodySchema>;
export type AddAgentInput = z.input<typeof addAgentBodySchema>;

/** Edit Agent modal: no new image keeps the stored one (required only when the agent has none). */
export const updateAgentBodySchema = z.object({
  name: requiredText('name'),
  email: optionalEmail(),
  phone: requiredText('phone', 30),
  image: optionalFileField('image'),
  logo: optionalFileField('logo'),
  ...agentDetailFields,
});
export type UpdateAgentBody = z.infer<typeof updateAgentBodySchema>;
export type UpdateAgentInput = z.input<typeof updateAgentBodySchema>;

/** searchagentbyemail (001 §7): `searchquery`, JSON or form; empty after trimming → 422. */
export const searchAgentByEmailBodySchema = z.object({
  searchquery: z
    .union([z.string(), z.number(), z.null()], { error: SEARCH_QUERY_REQUIRED_MESSAGE })
    .optional()
    .transform((value, ctx) => {
      const text = value === undefined || value === null ? '' : String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: SEARCH_QUERY_REQUIRED_MESSAGE });
        return z.NEVER;
      }
      return text.slice(0, 100);
    }),
});
export type SearchAgentByEmailBody = z.output<typeof searchAgentByEmailBodySchema>;
export type SearchAgentByEmailInput = z.input<typeof searchAgentByEmailBodySchema>;

/** An administrator's own profile (My Profile form): name and e-mail required (the e-mail is the login). */
export const updateMyProfileBodySchema = z.object({
  name: requiredText('name'),
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, { error: EMAIL_REQUIRED_MESSAGE })
    .max(255, { error: 'The email may not be greater than 255 characters.' })
    .pipe(z.email({ error: 'The email must be a valid email address.' }))
    .transform((value) => value.toLowerCase()),
  phone: optionalText('phone', 30),
  image: optionalFileField('image'),
});
export type UpdateMyProfileBody = z.infer<typeof updateMyProfileBodySchema>;
export type UpdateMyProfileInput = z.input<typeof updateMyProfileBodySchema>;

// ---- Routes (001 §7) ----------------------------------------------------------------------------------------

/** listofagents: `?page=N`, an optional `search` and an optional `status` (decision 022). */
export const agentListQuerySchema = pageQuerySchema.extend({
  search: z
    .string()
    .trim()
    .max(100, { error: 'The search may not be greater than 100 characters.' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  status: z
    .union([activeStatusSchema, z.literal('')], { error: 'The selected status is invalid.' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type AgentListQuery = z.output<typeof agentListQuerySchema>;

export const listAgentsRoute = defineRoute({
  method: 'GET',
  path: '/listofagents',
  summary: 'Live agents newest first, 20 a page; search (name, agency, e-mail, phone, number) and status narrow them',
  tags: ['agents'],
  access: 'admin',
  querystring: agentListQuerySchema,
  response: { 200: agentsPageSchema, ...errorResponses },
});

export const editAgentRoute = defineRoute({
  method: 'GET',
  path: '/editagent/:id',
  summary: 'One agent by users.id (404 for admins, unknown and deleted ids)',
  tags: ['agents'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: agentResponseSchema, ...errorResponses },
});

export const addAgentRoute = defineRoute({
  method: 'POST',
  path: '/add-agent',
  summary: 'Add an approved agent (multipart: name, email, phone, image, …); with an e-mail its login details are e-mailed',
  tags: ['agents'],
  access: 'admin',
  body: addAgentBodySchema,
  response: { 201: agentWriteResponseSchema, ...errorResponses },
});

export const updateAgentRoute = defineRoute({
  method: 'POST',
  path: '/updateagent/:id',
  summary: 'Update an agent (fields not sent keep their value; image optional when the agent has one)',
  tags: ['agents'],
  access: 'admin',
  params: idParamsSchema,
  body: updateAgentBodySchema,
  response: { 200: agentWriteResponseSchema, ...errorResponses },
});

export const approveAgentRoute = defineRoute({
  method: 'GET',
  path: '/approve-user/:id',
  summary: 'Accept a pending or rejected agent: generate a password and e-mail the login details (409 when approved)',
  tags: ['agents'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: agentWriteResponseSchema, ...errorResponses },
});

export const rejectAgentRoute = defineRoute({
  method: 'GET',
  path: '/reject-user/:id',
  summary: 'Reject an agent: revoke its tokens and e-mail it (409 when already rejected)',
  tags: ['agents'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: agentWriteResponseSchema, ...errorResponses },
});

export const deleteAgentRoute = defineRoute({
  method: 'GET',
  path: '/deleteagent/:id',
  summary: 'Delete an agent (soft: bookings stay); its tokens are revoked',
  tags: ['agents'],
  access: 'admin',
  params: idParamsSchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const listUsersRoute = defineRoute({
  method: 'GET',
  path: '/listofusers',
  summary: 'Every live user (administrators and agents), newest first, 20 a page',
  tags: ['agents'],
  access: 'admin',
  querystring: pageQuerySchema,
  response: { 200: usersPageSchema, ...errorResponses },
});

export const searchAgentByEmailRoute = defineRoute({
  method: 'POST',
  path: '/searchagentbyemail',
  summary: `Agents whose e-mail, name, agency or number contains searchquery (at most ${AGENT_EMAIL_SEARCH_LIMIT})`,
  tags: ['agents'],
  access: 'admin',
  body: searchAgentByEmailBodySchema,
  response: { 200: agentListResponseSchema, ...errorResponses },
});

export const myProfileRoute = defineRoute({
  method: 'GET',
  path: '/my-profile',
  summary: "The caller's own profile (agent row shape, administrators too) with its share markup",
  tags: ['agents'],
  access: 'user',
  response: { 200: myProfileResponseSchema, ...errorResponses },
});

export const updateMyProfileRoute = defineRoute({
  method: 'POST',
  path: '/update-my-profile',
  summary: "An administrator's own name, e-mail, phone and picture; agents get 403",
  tags: ['agents'],
  access: 'user',
  body: updateMyProfileBodySchema,
  response: { 200: agentWriteResponseSchema, ...errorResponses },
});

export const unlockUserBodySchema = idParamsSchema;
export type UnlockUserBody = z.infer<typeof unlockUserBodySchema>;

export const unlockUserRoute = defineRoute({
  method: 'POST',
  path: '/unlock-user',
  summary: 'Unlock an account locked after too many wrong passwords (body id: users.id); resets its failure count',
  tags: ['agents'],
  access: 'admin',
  body: unlockUserBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});
