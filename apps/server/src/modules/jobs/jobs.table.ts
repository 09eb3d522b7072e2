import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per periodic job (the hold sweep, the mail dispatch; issue 18's reminders): when its last run started
 * and until when that run holds it. Every server process ticks; the row decides which one runs (decision 033).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }).notNull(),
  /** Set while a run is under way; a process that died mid-run leaves it, and the job is free again after it. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  /** Runs started so far: the claim of the run under way (its finish clears only its own lease). */
  runs: integer('runs').notNull().default(1),
});

export type ScheduledJobRow = typeof scheduledJobs.$inferSelect;
