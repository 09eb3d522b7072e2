import { z } from 'zod';
import { defineRoute, errorResponses, MAX_INT, paginated, pageQuerySchema } from './common.js';
import { LEDGER_DATE_ORDER_MESSAGE, optionalDate } from './ledger.js';

/**
 * The audit trail (PRODUCT §6, issue 19 point 3, decision 035): one append-only row per change, written in the
 * change's own transaction. `kind` names what changed; passengers are part of their booking (kind `booking`, their
 * ticket numbers too), an agent's credit limit part of the agent, banners and dashboard buttons are the promotion
 * settings; airlines and sectors are the catalogue groups are made of.
 */
export const AUDIT_KINDS = ['group', 'booking', 'payment', 'agent', 'admin', 'settings', 'banner', 'dashboard_button', 'airline', 'sector'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** How each kind reads on the Audit page and its filter. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  group: 'Group',
  booking: 'Booking',
  payment: 'Payment',
  agent: 'Agent',
  admin: 'Admin user',
  settings: 'Settings',
  banner: 'Banner',
  dashboard_button: 'Dashboard button',
  airline: 'Airline',
  sector: 'Sector',
};

/** A JSON snapshot of the changed record, secrets left out and passport numbers masked (decision 035). */
export type AuditSnapshot = { [key: string]: unknown };
const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO instant (UTC); the page shows it in Asia/Karachi. */
  at: z.string(),
  /** null: the server itself (the hold sweeper, `user_name` 'system') or a visitor without a session. */
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  /** The client's address (request.ip: X-Forwarded-For from trusted proxies only, decision 013); null for 'system'. */
  address: z.string().nullable(),
  kind: z.enum(AUDIT_KINDS),
  entity_id: z.number().int().nullable(),
  /** What happened: add, update, delete, close, reopen, confirm, cancel, expire, approve, ... */
  action: z.string(),
  before: snapshotSchema,
  after: snapshotSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = paginated(auditEntrySchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

export const AUDIT_PER_PAGE = 20;
export const AUDIT_KIND_MESSAGE = `The kind must be one of: ${AUDIT_KINDS.join(', ')}.`;
export const AUDIT_ENTITY_ID_MESSAGE = 'The entity id must be a number.';

/**
 * GET /api/audit: newest first. `kind` exact; `user` the user's number or part of the name ('system' for the
 * server's own changes); `from`/`to` Asia/Karachi days, both included; `entity_id` exact ('#12' accepted).
 */
export const auditQuerySchema = pageQuerySchema
  .extend({
    kind: z
      .union([z.literal(''), z.enum(AUDIT_KINDS)], { error: AUDIT_KIND_MESSAGE })
      .optional()
      .transform((value) => value || undefined),
    user: z
      .string()
      .max(255, { error: 'The user may not be greater than 255 characters.' })
      .optional()
      .transform((value) => value?.trim() || undefined),
    from: optionalDate('from'),
    to: optionalDate('to'),
    entity_id: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const text = (value ?? '').trim().replace(/^#/, '');
        if (text === '') return undefined;
        const number = Number(text);
        if (!/^\d+$/.test(text) || number < 1 || number > MAX_INT) {
          ctx.addIssue({ code: 'custom', message: AUDIT_ENTITY_ID_MESSAGE });
          return z.NEVER;
        }
        return number;
      }),
  })
  .superRefine((query, ctx) => {
    if (query.from !== '' && query.to !== '' && query.to < query.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: LEDGER_DATE_ORDER_MESSAGE });
    }
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditListRoute = defineRoute({
  method: 'GET',
  path: '/audit',
  summary: 'Audit trail, newest first, paged (filters: kind, user, from..to, entity_id)',
  tags: ['audit'],
  access: 'admin',
  querystring: auditQuerySchema,
  response: { 200: auditListResponseSchema, ...errorResponses },
});
