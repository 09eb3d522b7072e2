import type { FastifyReply } from 'fastify';

declare const jsonOf: unique symbol;

/**
 * The UTF-8 bytes of JSON known to encode a T, assembled from bytes kept ready (decision 047). A big answer made as a
 * string costs its encoding on every send (Buffer.from: 3-5 ms for the 250 KB of a search, most of the request);
 * bytes copied together cost a memcpy. The type keeps the contract's shape in view.
 */
export type JsonBytes<T> = Buffer & { readonly [jsonOf]: T };

/** Joins byte chunks into one answer of `length` bytes (their sum). */
export function joinJsonBytes<T>(chunks: readonly Uint8Array[], length: number): JsonBytes<T> {
  return Buffer.concat(chunks, length) as JsonBytes<T>;
}

/**
 * Answers JSON bytes as they are: Fastify sends a Buffer without serialising it, so the route's zod response schema is
 * not run over an answer built to match it (ticket-board.test.ts holds the bytes to the serialiser's). The read cache
 * keeps such an answer as it keeps a string one.
 */
export function sendJsonBytes<T>(reply: FastifyReply, bytes: JsonBytes<T>): T {
  void reply.type('application/json; charset=utf-8');
  return bytes as unknown as T;
}
