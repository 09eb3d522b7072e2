import { createHash } from 'node:crypto';
import type pg from 'pg';
import { COUNTED_TEXTS_MAX, PREPARABLE } from './pglite-statements.js';

/**
 * Named statements on PostgreSQL (decision 064), the counterpart of the embedded database's statement cache (decision
 * 062). node-postgres sends a statement without a name as an unnamed extended-protocol statement: the server parses,
 * analyses and plans it on every run. Drizzle makes the same text for the same query shape, so a text with parameters
 * seen a second time gets a name derived from the text itself; node-postgres then parses it once per connection
 * (Parse only on that connection's first use) and binds and executes it after, and PostgreSQL's plan cache keeps its
 * plan (after five custom plans it settles on the generic one only when that costs no more). One name is always one
 * text, so any connection may prepare any name.
 */

/** Texts named at most; past it, new texts run unnamed (each connection keeps what it prepared until it closes). */
export const NAMED_STATEMENTS_MAX = 256;

interface TextState {
  seen: number;
  name: string | null;
  /** Never named again: a connection's plan of it no longer fits its result (see `forget`). */
  never: boolean;
}

/** PostgreSQL's "cached plan must not change result type": a column the statement returns changed type under it. */
const RESULT_TYPE_CHANGED = '0A000';

export interface NamedStatements {
  /** How many texts have a name (tests). */
  readonly named: number;
}

type QueryConfig = { text: string; name?: string | undefined } & Record<string, unknown>;

/** Installs the naming on every client `pool` connects from now on (each one's `query`, which the pool's own calls too). */
export function installNamedStatements(
  pool: pg.Pool,
  { maxNamed = NAMED_STATEMENTS_MAX, maxCounted = COUNTED_TEXTS_MAX }: { maxNamed?: number; maxCounted?: number } = {},
): NamedStatements {
  const texts = new Map<string, TextState>();
  let named = 0;

  const nameOf = (text: string): string | null => {
    let state = texts.get(text);
    if (!state) {
      if (texts.size >= maxCounted) {
        // A forgotten text stays: named again, it would meet its stale plan on the connections that kept it.
        for (const [key, value] of texts) if (value.name === null && !value.never) texts.delete(key);
      }
      state = { seen: 0, name: null, never: false };
      texts.set(text, state);
    }
    state.seen += 1;
    if (state.name === null && !state.never && state.seen >= 2 && named < maxNamed && PREPARABLE.test(text)) {
      // 40 hex characters of the text's hash: under PostgreSQL's 63, and two texts never share one.
      state.name = `s_${createHash('sha1').update(text).digest('hex')}`;
      named += 1;
    }
    return state.name;
  };

  /**
   * A migration changed the type of a column the statement returns: every connection that prepared it would fail it
   * on every run (PostgreSQL keeps a prepared statement's result type). This run fails; the text runs unnamed from now on.
   */
  const forget = (text: string, error: unknown) => {
    if ((error as { code?: unknown } | null)?.code !== RESULT_TYPE_CHANGED) return;
    const state = texts.get(text);
    if (state) Object.assign(state, { name: null, never: true });
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const runNamed = (config: QueryConfig, values: unknown[], callback: unknown): unknown => {
      if (typeof callback === 'function') {
        return query(config, values, (error: unknown, result: unknown) => {
          if (error) forget(config.text, error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        });
      }
      const result = query(config, values);
      return result instanceof Promise
        ? result.catch((error: unknown) => {
            forget(config.text, error);
            throw error;
          })
        : result;
    };
    const namedQuery = (config: unknown, values?: unknown, callback?: unknown): unknown => {
      if (!Array.isArray(values) || values.length === 0) return query(config, values, callback);
      if (typeof config === 'string') {
        const name = nameOf(config);
        return name ? runNamed({ text: config, name }, values, callback) : query(config, values, callback);
      }
      const given = config as QueryConfig | null;
      if (given && typeof given === 'object' && typeof given.text === 'string' && !given.name && typeof given.submit !== 'function') {
        const name = nameOf(given.text);
        // A copy: Drizzle passes the same config object on every run of a statement.
        if (name) return runNamed({ ...given, name }, values, callback);
      }
      return query(config, values, callback);
    };
    client.query = namedQuery as typeof client.query;
  });

  return {
    get named() {
      return named;
    },
  };
}
