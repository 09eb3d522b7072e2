import type { QueryOptions, Results } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';

/**
 * Decision 058: the embedded database (PGlite, PostgreSQL compiled to WebAssembly) runs in a worker thread of its own,
 * so the thread that serves the requests only sends statements and receives rows. On one thread, a read the read cache
 * answered in 0.3 ms waited 36-53 ms at the median behind other requests' statements (docs/performance.md, 05:06).
 *
 * The client offers what Drizzle's PGlite driver and this server use of a PGlite: `query`, `exec`, `transaction` (a
 * transaction's client offers `query` and `exec`), `close`. Everything else of PGlite's API is not here, so a use of it
 * fails at type-check, not at run time.
 *
 * Rows come back as PGlite parsed them in the worker. Parsers are functions, which cannot cross threads: a caller's
 * parsers must be identity functions (text kept as text, what Drizzle and lib/prepared.ts pass for instants, dates and
 * intervals); the worker applies identity to the same type ids, and a parser that is not identity is refused.
 */

/** What a transaction's client offers (PGlite's Transaction, minus what nothing here uses). */
export interface PgliteWorkerTransaction {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Array<Results>>;
}

export interface PgliteWorkerOptions {
  /** PGlite's data directory; undefined keeps the database in the worker's memory. */
  dataDir?: string | undefined;
  /** PGlite's `postgresqlconf` lines. */
  postgresqlconf: string[];
  /** In memory only: start from this data directory dump (PGlite's `loadDataDir`). */
  loadDataDir?: Uint8Array | undefined;
}

type RowMode = 'array' | 'object' | undefined;

/** A request to the worker, without its id. */
type WorkerRequest =
  | { op: 'query'; tx: number; sql: string; params: unknown[]; rowMode: RowMode; identity: number[] }
  | { op: 'exec'; tx: number; sql: string; rowMode: RowMode; identity: number[] }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' };

type WorkerAnswer = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: SerializedError };

/** An error as it crosses the threads: its name, message, stack and every own property that can be cloned. */
interface SerializedError {
  kind: 'error' | 'object' | 'value';
  props: Record<string, unknown>;
  cause?: SerializedError;
}

/** Request id 0 is the worker's answer that the database is open (or why it could not open). */
const READY_ID = 0;

/**
 * The worker's code, run with `eval` so that it is the same file under tsx, vitest and the built server (as the image
 * worker of decision 046); PGlite is imported from the URL the main thread resolved.
 */
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const serialize = (error) => {
    if (typeof error !== 'object' || error === null) return { kind: 'value', props: { message: String(error) } };
    const props = {};
    for (const key of ['name', 'message', 'stack', ...Object.keys(error)]) {
      if (key === 'cause') continue;
      try {
        props[key] = structuredClone(error[key]);
      } catch {
        // a function (PGlite's query options hold parsers) or another value that cannot cross: left out
      }
    }
    const out = { kind: error instanceof Error ? 'error' : 'object', props };
    if (error.cause !== undefined) out.cause = serialize(error.cause);
    return out;
  };
  const post = (id, value) => parentPort.postMessage({ id, ok: true, value });
  let db;
  try {
    const { PGlite } = await import(workerData.pgliteUrl);
    const options = { ...workerData.options };
    if (workerData.loadDataDir) options.loadDataDir = new Blob([workerData.loadDataDir]);
    db = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);
    await db.waitReady;
  } catch (error) {
    parentPort.postMessage({ id: ${READY_ID}, ok: false, error: serialize(error) });
    return;
  }
  const identity = (value) => value;
  const parsersByKey = new Map();
  const optionsOf = ({ rowMode, identity: ids }) => {
    const key = rowMode + ':' + ids.join(',');
    let options = parsersByKey.get(key);
    if (!options) {
      options = { rowMode, parsers: Object.fromEntries(ids.map((id) => [id, identity])) };
      parsersByKey.set(key, options);
    }
    return options;
  };
  const plain = ({ rows, affectedRows, fields }) => ({ rows, affectedRows, fields });
  const transactions = new Map();
  let nextTx = 1;
  const ROLLBACK = Symbol('rollback');
  const clientOf = (tx) => {
    if (tx === 0) return db;
    const entry = transactions.get(tx);
    if (!entry) throw new Error('the transaction has ended');
    return entry.tx;
  };
  parentPort.on('message', async (request) => {
    try {
      switch (request.op) {
        case 'query':
          post(request.id, plain(await clientOf(request.tx).query(request.sql, request.params, optionsOf(request))));
          return;
        case 'exec':
          post(request.id, (await clientOf(request.tx).exec(request.sql, optionsOf(request))).map(plain));
          return;
        case 'begin': {
          const tx = nextTx++;
          const entry = {};
          await new Promise((begun, failed) => {
            entry.done = db.transaction(
              (client) =>
                new Promise((end, abort) => {
                  Object.assign(entry, { tx: client, end, abort });
                  transactions.set(tx, entry);
                  begun();
                }),
            );
            // BEGIN failed (the callback never ran); later failures are the end's to answer.
            entry.done.catch((error) => (transactions.has(tx) ? undefined : failed(error)));
          });
          post(request.id, tx);
          return;
        }
        case 'end': {
          const entry = transactions.get(request.tx);
          if (!entry) throw new Error('the transaction has ended');
          if (request.commit) entry.end();
          else entry.abort(ROLLBACK);
          try {
            await entry.done;
          } catch (error) {
            if (error !== ROLLBACK) throw error;
          } finally {
            transactions.delete(request.tx);
          }
          post(request.id);
          return;
        }
        case 'close':
          await db.close();
          post(request.id);
          return;
      }
    } catch (error) {
      parentPort.postMessage({ id: request.id, ok: false, error: serialize(error) });
    }
  });
  post(${READY_ID});
})();
`;

/** The error thrown on the main thread for one the worker reported: the same name, message, code and fields. */
function deserializeError(serialized: SerializedError): unknown {
  const { kind, props } = serialized;
  if (kind === 'value') return props.message;
  const error = (kind === 'error' ? new Error(String(props.message ?? '')) : {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(props)) {
    if (key === 'stack') continue;
    Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable: key !== 'name' && key !== 'message' });
  }
  if (kind === 'error' && typeof props.stack === 'string') (error as unknown as Error).stack = `${props.stack}\n    (in the embedded database's thread)`;
  if (serialized.cause) error.cause = deserializeError(serialized.cause);
  return error;
}

/** The type ids whose parser the caller passed, each checked to be identity (see the module comment). */
function identityIds(options: QueryOptions | undefined): number[] {
  const parsers = options?.parsers;
  if (!parsers) return [];
  const ids: number[] = [];
  for (const [id, parse] of Object.entries(parsers)) {
    const probe = '2026-01-02 03:04:05.678+00';
    if (parse(probe, Number(id)) !== probe) throw new Error(`the embedded database's thread takes identity parsers only (type ${id})`);
    ids.push(Number(id));
  }
  return ids;
}

function checkOptions(options: QueryOptions | undefined): void {
  if (options?.serializers || options?.blob || options?.onNotice || options?.paramTypes) {
    throw new Error("the embedded database's thread takes rowMode and identity parsers only");
  }
}

export class PgliteWorkerClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  #nextId = READY_ID + 1;
  #failure: Error | undefined;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the worker and opens the database in it; rejects with the worker's error when it cannot open. */
  static async open(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const loadDataDir = options.loadDataDir && new Uint8Array(options.loadDataDir);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pgliteUrl: import.meta.resolve('@electric-sql/pglite'),
        dataDir: options.dataDir,
        options: { postgresqlconf: options.postgresqlconf },
        loadDataDir,
      },
      transferList: loadDataDir ? [loadDataDir.buffer] : [],
    });
    const client = new PgliteWorkerClient(worker);
    const ready = new Promise<unknown>((resolve, reject) => client.#pending.set(READY_ID, { resolve, reject }));
    client.#listen();
    try {
      await ready;
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    worker.unref();
    return client;
  }

  #listen(): void {
    this.#worker.on('message', (answer: WorkerAnswer) => {
      const job = this.#pending.get(answer.id);
      if (!job) return;
      this.#pending.delete(answer.id);
      // Referenced only while a statement is under way: an idle database does not keep the process alive.
      if (this.#pending.size === 0) this.#worker.unref();
      if (answer.ok) job.resolve(answer.value);
      else job.reject(deserializeError(answer.error));
    });
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const job of this.#pending.values()) job.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the embedded database's thread stopped (exit code ${code})`)));
  }

  #call<T>(request: WorkerRequest): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  async #query<T>(tx: number, sql: string, params: unknown[] | undefined, options: QueryOptions | undefined): Promise<Results<T>> {
    checkOptions(options);
    return this.#call({ op: 'query', tx, sql, params: params ?? [], rowMode: options?.rowMode, identity: identityIds(options) });
  }

  async #exec(tx: number, sql: string, options: QueryOptions | undefined): Promise<Array<Results>> {
    checkOptions(options);
    return this.#call({ op: 'exec', tx, sql, rowMode: options?.rowMode, identity: identityIds(options) });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query(0, sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Array<Results>> {
    return this.#exec(0, sql, options);
  }

  /**
   * PGlite's transaction, held open in the worker while `run` runs here: BEGIN, then `run`'s statements, then COMMIT, or
   * ROLLBACK when `run` throws (its error is rethrown). As in PGlite, statements outside it wait until it ends.
   */
  async transaction<T>(run: (tx: PgliteWorkerTransaction) => Promise<T>): Promise<T> {
    const tx = await this.#call<number>({ op: 'begin' });
    let open = true;
    const checkOpen = () => {
      if (!open) throw new Error('Transaction is closed');
    };
    const client: PgliteWorkerTransaction = {
      query: async (sql, params, options) => (checkOpen(), this.#query(tx, sql, params, options)),
      exec: async (sql, options) => (checkOpen(), this.#exec(tx, sql, options)),
    };
    let result: T;
    try {
      result = await run(client);
    } catch (error) {
      open = false;
      await this.#call({ op: 'end', tx, commit: false });
      throw error;
    }
    open = false;
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  /** Closes the database (PGlite writes what it holds) and stops the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    if (!this.#failure) await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }
}
