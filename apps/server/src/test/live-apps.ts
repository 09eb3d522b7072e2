import type { FastifyInstance } from 'fastify';

/** Apps built by buildTestApp and not yet closed (setup.ts clears their caches before each test). */
export const liveTestApps = new Set<FastifyInstance>();
