import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/**
 * WORKERS=N (decision 033): this process (the primary) serves nothing itself. It forks N workers that run the
 * whole server on the port they share (node:cluster hands each new connection to one of them), restarts a
 * worker that dies, and on SIGINT/SIGTERM stops them all and leaves.
 */

/** A crashed worker is restarted after 1 s, then 2, 4 ... at most 30 s while it keeps crashing. */
export function restartDelayMs(consecutiveCrashes: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, consecutiveCrashes - 1), 30_000);
}
/** A worker that served this long before dying counts as stable: its next crash starts the back-off again. */
const STABLE_AFTER_MS = 60_000;
/** How long the workers get to finish their requests and close their database pools before they are killed. */
const SHUTDOWN_GRACE_MS = 20_000;

interface Slot {
  /** 1..N: the place of a worker, which keeps its number across restarts (the cluster's worker.id does not). */
  index: number;
  worker: Worker | undefined;
  startedAt: number;
  /** Listening at least once: a first start that fails stops the whole server, a later crash is restarted. */
  served: boolean;
  crashes: number;
  restartTimer: NodeJS.Timeout | undefined;
}

/** `onListening`: once, when every worker has listened for the first time. */
export function runPrimary({ workers, logger, onListening }: { workers: number; logger: Logger; onListening?: () => void }): void {
  let stopping = false;
  const slots: Slot[] = Array.from({ length: workers }, (_, index) => ({
    index: index + 1,
    worker: undefined,
    startedAt: 0,
    served: false,
    crashes: 0,
    restartTimer: undefined,
  }));

  const stop = (exitCode: number, reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'stopping the workers');
    const alive: Worker[] = [];
    for (const slot of slots) {
      clearTimeout(slot.restartTimer);
      if (slot.worker && !slot.worker.isDead()) alive.push(slot.worker);
    }
    // Each worker closes its server and database on SIGTERM (main.ts), as a single process does.
    for (const worker of alive) worker.process.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS);
    killer.unref();
    void Promise.all(alive.map((worker) => (worker.isDead() ? undefined : new Promise((resolve) => worker.once('exit', resolve))))).then(() => {
      process.exit(exitCode);
    });
  };

  const fork = (slot: Slot) => {
    slot.restartTimer = undefined;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ PORTAL_WORKER_INDEX: String(slot.index) });
    slot.worker = worker;
    worker.once('listening', () => {
      logger.info({ worker: slot.index, workerPid: worker.process.pid }, 'worker listening');
      const lastToStart = !slot.served && slots.every((other) => other === slot || other.served);
      slot.served = true;
      if (lastToStart) onListening?.();
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (!slot.served) {
        // It never served: the same configuration would fail again (Redis unreachable, port taken...). Its own
        // line on stderr says why; stop the others rather than restart forever.
        process.stderr.write(`fatal: worker ${slot.index} could not start (exit code ${code ?? signal}); stopping\n`);
        stop(1, 'a worker could not start');
        return;
      }
      slot.crashes = Date.now() - slot.startedAt >= STABLE_AFTER_MS ? 1 : slot.crashes + 1;
      const delayMs = restartDelayMs(slot.crashes);
      logger.error({ worker: slot.index, workerPid: worker.process.pid, code, signal, restartInMs: delayMs }, 'worker died; restarting it');
      slot.restartTimer = setTimeout(() => fork(slot), delayMs);
    });
  };

  process.once('SIGINT', () => stop(0, 'SIGINT'));
  process.once('SIGTERM', () => stop(0, 'SIGTERM'));
  for (const slot of slots) fork(slot);
}

/** In a worker: its place 1..N (PORTAL_WORKER_INDEX, set by the primary); undefined in a single process. */
export function workerIndex(env: Record<string, string | undefined>): number | undefined {
  if (!cluster.isWorker) return undefined;
  const index = Number(env.PORTAL_WORKER_INDEX);
  return Number.isInteger(index) && index >= 1 ? index : undefined;
}
