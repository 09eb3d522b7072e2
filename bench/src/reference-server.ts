/**
 * The overhead reference: a bare node:http server that answers every request with the same status,
 * headers and bytes the portal sent for the measured route (given in REFERENCE_RESPONSE as JSON).
 * It runs in its own process, like the portal, so both are measured under the same conditions.
 */
import { createServer } from 'node:http';

interface ReferenceResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const response = JSON.parse(process.env.REFERENCE_RESPONSE ?? '') as ReferenceResponse;
const body = Buffer.from(response.body);
const headers = { ...response.headers, 'content-length': String(body.length) };
const port = Number(process.env.PORT);

createServer((request, reply) => {
  // Read (and drop) any request body, as a real server must, then send the fixed answer.
  request.resume();
  request.on('end', () => {
    reply.writeHead(response.status, headers);
    reply.end(body);
  });
}).listen(port, '127.0.0.1');
