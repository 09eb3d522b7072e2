/**
 * What every single-scenario run (`--scenario hot-release | overhead | mixed`) does around its measurement, per engine:
 * a fresh database with the workload of `scale`, one server on a free port (under `node --cpu-prof` with
 * `--cpu-prof <dir>`), a second's pause after its health check and then until its start-up work is done
 * (waitUntilIdle), the server's output printed if the measurement
 * throws, the server stopped, the profile of the measured seconds summarised (cpu-profile.ts) and the database
 * disposed of. `afterStop` runs on the database after the server has stopped (the mixed run's invariants).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { summariseCpuProfiles, type ProfileSummary } from './cpu-profile.js';
import { prepareEngine, type Engine, type PreparedEngine } from './engines.js';
import { generateWorkload, serverEnv, type WorkloadReport } from './http-bench.js';
import { freePort, SERVER_MAIN, SERVER_NODE_ARGS, startNodeProcess, waitUntilIdle, type RunningProcess } from './processes.js';

export interface ScenarioContext {
  prepared: PreparedEngine;
  workload: WorkloadReport;
  server: RunningProcess;
  /** Marks the seconds the profile summarises: call `start()` before the measured part and `end()` after it. */
  window: { start(): void; end(): void };
}

export interface ScenarioServerOptions {
  engine: Engine;
  scale: number;
  /** The log lines' prefix, e.g. `[pglite]`. */
  label: string;
  /** `--cpu-prof`: the profiles' parent directory; each run gets its own directory in it named `<engine>-<name>-`. */
  cpuProfDir?: string | undefined;
  profileName: string;
  /** Top functions in the profile's summary. */
  profileTop?: number;
  /** More of the server's environment (WORKERS, REDIS_URL). */
  env?: Record<string, string | undefined>;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

export async function withScenarioServer<T, A = undefined>(
  options: ScenarioServerOptions,
  log: (line: string) => void,
  measure: (context: ScenarioContext) => Promise<T>,
  afterStop?: (prepared: PreparedEngine) => Promise<A>,
): Promise<{ result: T; after: A | undefined; profile: ProfileSummary | null }> {
  const prepared = await prepareEngine(options.engine, { keep: false });
  try {
    log(`${options.label} generating the workload (scale ${options.scale}) ...`);
    const workload = await generateWorkload(prepared, options.scale);
    const port = await freePort();
    const profileDir = options.cpuProfDir && mkdtempSync(path.join(options.cpuProfDir, `${options.engine}-${options.profileName}-`));
    const server = await startNodeProcess({
      script: SERVER_MAIN,
      nodeArgs: [...SERVER_NODE_ARGS, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
      env: serverEnv(prepared, port, options.env),
      port,
      healthPath: '/api/health',
    });
    let startUs: number | null = null;
    let window: { startUs: number; endUs: number } | null = null;
    let result: T;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      log(`${options.label} the server's start-up work done ${await waitUntilIdle(server.child.pid!)} ms after that`);
      result = await measure({
        prepared,
        workload,
        server,
        window: {
          start: () => void (startUs = nowUs()),
          end: () => void (window = startUs === null ? null : { startUs, endUs: nowUs() }),
        },
      });
    } catch (error) {
      log(`${options.label} server output:\n${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }
    const after = afterStop ? await afterStop(prepared) : undefined;
    // The measured window is kept beside the profiles, to read them again by hand (µs of the profiles' clock).
    if (profileDir && window) writeFileSync(path.join(profileDir, 'window.json'), JSON.stringify(window));
    const profile = profileDir && window ? summariseCpuProfiles(profileDir, window, options.profileTop) : null;
    return { result, after, profile };
  } finally {
    await prepared.dispose();
  }
}
