// Every table of the data model, for drizzle-kit and the typed database handle.
// Each domain keeps its tables in modules/<domain>/<domain>.table.ts; list them here once.
export * from '../modules/users/users.table.js';
export * from '../modules/auth/tokens.table.js';
