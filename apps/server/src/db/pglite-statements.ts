import type { QueryOptions, Results } from '@electric-sql/pglite';
import { pgLiteral } from '../lib/prepared.js';

/**
 * The embedded database's statement cache (decision 062). PGlite's `query` sends every statement as an unnamed
 * extended-protocol statement: parsed, described, planned and run anew each time, and its planner sizes every relation
 * through the emulated file system, on the server's one thread. Drizzle makes the same text for the same query shape,
 * so a text seen a second time is PREPAREd once on that PGlite and run from then on as `EXECUTE name(literals)`, with
 * PostgreSQL's plan cache keeping its plan (the same path fixed statements took, decisions 048 and 051, now taken by
 * every repeated statement). The rows, errors and row counts are those of the same statement run with bound values.
 */

/** What Drizzle's PGlite driver calls on a PGlite or on the transaction object its `transaction` passes. */
export interface StatementClient {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<unknown>>;
  exec(text: string, options?: QueryOptions): Promise<Array<Results<unknown>>>;
}

type Serializer = (value: unknown) => string;
type Parser = (value: string, typeId?: number) => unknown;

type Transactional = StatementClient & {
  transaction<T>(run: (tx: StatementClient) => Promise<T>): Promise<T>;
  /** PGlite's value serializers by type OID, the ones its `query` applies to bound values. */
  serializers: Record<number, Serializer>;
  /** PGlite's value parsers by type OID, the ones its `query` and `exec` apply to returned values. */
  parsers: Record<number, Parser>;
};

/**
 * The types Drizzle's PGlite session reads as PostgreSQL's text (its `parsers` option on every query): timestamp,
 * timestamptz, interval, date, and the arrays of numeric, timestamp, timestamptz, interval and date.
 */
export const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);
const asText: Parser = (value) => value;

/**
 * Options without a `parsers` that only asks for DRIZZLE_TEXT_TYPES as text, which the client's own parsers already
 * do (installStatementCache). PGlite merges a query's `parsers` into a copy of its own 318 for every result it reads:
 * 0.14 ms of the thread a statement on this machine, most of a one-row read's parsing (decision 065).
 */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const key in parsers) if (!DRIZZLE_TEXT_TYPES.has(Number(key))) return options;
  return { ...options, parsers: undefined };
}

/** Statements prepared on one PGlite at most; past it, new texts run as before (WebAssembly memory never shrinks). */
export const PREPARED_STATEMENTS_MAX = 256;
/**
 * Texts counted at most, on both engines (pg-statements.ts too); past it, the texts seen once are forgotten (one-off
 * texts must not crowd out repeated ones).
 */
export const COUNTED_TEXTS_MAX = 2_048;

/** Only these can be PREPAREd or named, on both engines; anything else (SAVEPOINT, SET, LOCK, DDL) runs as it is. */
export const PREPARABLE = /^\s*\(*\s*(select|insert|update|delete|with|values)\b/i;

interface TextState {
  seen: number;
  /** The prepared statement's name once PREPAREd; null before, or for good when it cannot be. */
  name: string | null;
  /** Its parameters' type OIDs, as PostgreSQL inferred them at PREPARE (what PGlite's describe step would say). */
  types: number[];
  preparing: boolean;
  never: boolean;
}

export interface StatementCache {
  /** How many statements are prepared (tests, decision 062). */
  readonly prepared: number;
}

/**
 * Installs the cache on `client` (its `query`, and the `query` of every transaction it begins) before Drizzle is given
 * it, once the client is ready (its start registers the array types' parsers, which decision 065 replaces). A statement
 * whose values hold bytes, or whose options carry a blob, runs as it is.
 */
export function installStatementCache(client: Transactional, { maxPrepared = PREPARED_STATEMENTS_MAX }: { maxPrepared?: number } = {}): StatementCache {
  const texts = new Map<string, TextState>();
  let prepared = 0;
  let names = 0;

  const cached = (target: StatementClient) => {
    const query = target.query.bind(target);
    return async (text: string, params: unknown[] = [], given?: QueryOptions): Promise<Results<unknown>> => {
      const options = withoutTextParsers(given);
      let state = texts.get(text);
      if (!state) {
        if (texts.size >= COUNTED_TEXTS_MAX) {
          for (const [key, value] of texts) if (value.name === null && !value.preparing) texts.delete(key);
        }
        state = { seen: 0, name: null, types: [], preparing: false, never: !PREPARABLE.test(text) };
        texts.set(text, state);
      }
      state.seen += 1;
      if (state.never || options?.blob || params.some((value) => value instanceof Uint8Array)) return query(text, params, options);
      if (state.name === null) {
        // Seen once, or the limit is reached, or another request is preparing it (PGlite runs one statement at a time,
        // so this one would wait for it): run it as it is.
        if (state.seen < 2 || state.preparing || prepared >= maxPrepared) return query(text, params, options);
        state.preparing = true;
        const name = `stmt_${(names += 1)}`;
        prepared += 1;
        try {
          // Session level: a rollback of the transaction it was made in does not undo it.
          await target.exec(`prepare ${name} as ${text}`);
          const described = await query('select parameter_types::oid[]::int[] as types from pg_prepared_statements where name = $1', [name]);
          state.types = (described.rows[0] as { types: number[] }).types;
          state.name = name;
        } catch (error) {
          prepared -= 1;
          state.never = true;
          // In a transaction the failed PREPARE has aborted it: its error is the one to report. Outside, the statement
          // runs as it is, with the error it would have had.
          if (target !== client) throw error;
          return query(text, params, options);
        } finally {
          state.preparing = false;
        }
      }
      const types = state.types;
      const literals = params.map((value, index) => {
        if (value === null || value === undefined) return 'NULL';
        const type = types[index]!;
        // As PGlite's query serializes a bound value: by its parameter's type, or as text.
        const serialize = options?.serializers?.[type] ?? client.serializers[type];
        return pgLiteral(serialize ? serialize(value) : String(value));
      });
      const execute = params.length === 0 ? `execute ${state.name}` : `execute ${state.name}(${literals.join(', ')})`;
      const [result] = await target.exec(execute, options);
      return result!;
    };
  };

  // Decision 065: the client reads Drizzle's text types as text itself, so no query needs to pass them.
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  client.query = cached(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (run) =>
    transaction((tx) => {
      tx.query = cached(tx);
      return run(tx);
    });
  return {
    get prepared() {
      return prepared;
    },
  };
}
