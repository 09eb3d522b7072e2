/**
 * The first booking after a server's start (decision 059), A/B between builds:
 *   npx tsx src/mixed-first-booking.ts [--engine postgres] [--rounds 4] [--form-ms 1000] <build main.js> [<build main.js> ...]
 * One workload (scale 0.05); per round and per build (alternating), a fresh server with SERVER_TIMING=1: an agent opens
 * the booking dialog (check-availbility), fills in the form for `--form-ms`, and books one passenger with a scan; then
 * a second booking at once. Prints the server's time and phases of both bookings and the server's RSS after its start
 * and after the bookings.
 */
import { parseArgs } from 'node:util';
import { bearer, bookOneSeat, getOffered } from './api.js';
import { prepareEngine, type Engine } from './engines.js';
import { agentSessions, generateWorkload, serverEnv } from './http-bench.js';
import { freePort, readMemory, round, SERVER_NODE_ARGS, startNodeProcess } from './processes.js';

const { values: args, positionals: builds } = parseArgs({
  allowPositionals: true,
  options: {
    engine: { type: 'string', default: 'postgres' },
    rounds: { type: 'string', default: '4' },
    'form-ms': { type: 'string', default: '1000' },
  },
});

const phasesText = (phases: Record<string, number> | undefined) =>
  Object.entries(phases ?? {})
    .filter(([, ms]) => ms >= 1)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ');

async function main(): Promise<void> {
  if (builds.length === 0) throw new Error('name one or more builds (their main.js)');
  const prepared = await prepareEngine(args.engine as Engine, { keep: false });
  try {
    await generateWorkload(prepared, 0.05);
    let passport = (Date.now() % 100_000) * 10_000;
    const rows: string[] = [];
    for (let round_ = 1; round_ <= Number(args.rounds); round_++) {
      for (const build of builds) {
        const port = await freePort();
        const server = await startNodeProcess({
          script: build,
          nodeArgs: SERVER_NODE_ARGS,
          env: serverEnv(prepared, port, { SERVER_TIMING: '1' }),
          port,
          healthPath: '/api/health',
        });
        try {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          const afterStart = readMemory(server.child.pid!).rssMiB;
          const token = await agentSessions(server.baseUrl)('agent02@bench.example');
          const ticket = (await getOffered(server.baseUrl, token)).tickets.find((offered) => offered.remaining >= 2)!;
          const check = await fetch(`${server.baseUrl}/api/check-availbility`, {
            method: 'POST',
            headers: { ...bearer(token), 'content-type': 'application/json' },
            body: JSON.stringify({ pnr: ticket.pnr, adult: 1, child: 0, infant: 0 }),
          });
          await check.arrayBuffer();
          await new Promise((resolve) => setTimeout(resolve, Number(args['form-ms'])));
          const first = await bookOneSeat(server.baseUrl, token, ticket.pnr, ++passport);
          const second = await bookOneSeat(server.baseUrl, token, ticket.pnr, ++passport);
          const afterBookings = readMemory(server.child.pid!).rssMiB;
          rows.push(
            `round ${round_}  ${build}\n  RSS after start ${afterStart} MiB, after the bookings ${afterBookings} MiB\n` +
              `  first booking ${first.status}: client ${round(first.ms, 1)} ms, server ${first.serverMs} ms: ${phasesText(first.phases)}\n` +
              `  second booking ${second.status}: client ${round(second.ms, 1)} ms, server ${second.serverMs} ms`,
          );
          process.stderr.write(`${rows.at(-1)}\n`);
        } finally {
          await server.stop();
        }
      }
    }
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    await prepared.dispose();
  }
}

await main();
