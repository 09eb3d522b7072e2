// Every table of the data model, for drizzle-kit and the typed database handle.
// Each domain keeps its tables in modules/<domain>/<domain>.table.ts; list them here once.
export * from '../modules/users/users.table.js';
export * from '../modules/auth/tokens.table.js';
export * from '../modules/files/files.table.js';
export * from '../modules/airlines/airlines.table.js';
export * from '../modules/sectors/sectors.table.js';
export * from '../modules/my-sectors/my-sectors.table.js';
export * from '../modules/groups/groups.table.js';
export * from '../modules/bookings/bookings.table.js';
export * from '../modules/payments/payments.table.js';
export * from '../modules/ledger/ledger.table.js';
export * from '../modules/dashboard-buttons/dashboard-buttons.table.js';
export * from '../modules/banners/banners.table.js';
export * from '../modules/notifications/notifications.table.js';
export * from '../modules/dashboard/booking-counts.table.js';
export * from '../modules/emails/emails.table.js';
export * from '../modules/settings/settings.table.js';
export * from '../modules/jobs/jobs.table.js';
export * from '../modules/audit/audit.table.js';
export * from '../modules/reminders/reminders.table.js';
export * from '../modules/insights/day-totals.table.js';
