import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (decision 035): append-only. A trigger in the migration (0006) raises on UPDATE, DELETE and
 * TRUNCATE, so not even the application's own connection can change or remove a row. No foreign keys on
 * purpose: a referencing key's ON DELETE would have to change audit rows, and the name is kept as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** null: the server itself ('system') or a visitor without a session. */
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name').notNull(),
    address: text('address'),
    kind: text('kind').notNull(),
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.kind, t.entityId, t.at),
    index('audit_log_actor_idx').on(t.actorUserId, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
