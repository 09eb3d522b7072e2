import { z } from 'zod';
import { defineRoute } from './common.js';

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  summary: 'Readiness: answers once the database is ready',
  tags: ['system'],
  access: 'public',
  response: {
    200: z.object({ status: z.literal('ok') }),
    /** The database did not answer; load balancers take the process out of rotation. */
    503: z.object({ status: z.literal('unavailable') }),
  },
});
