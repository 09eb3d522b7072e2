import type { FastifyReply } from 'fastify';

declare const jsonOf: unique symbol;

/** JSON text known to encode a T (built without the object, decision 042); the type keeps the contract's shape in view. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

export function jsonText<T>(text: string): JsonText<T> {
  return text as JsonText<T>;
}

export function parseJsonText<T>(text: JsonText<T>): T {
  return JSON.parse(text) as T;
}

/**
 * Answers JSON text as it is: with a JSON content type, Fastify sends a string without serialising it again, so the
 * route's zod response schema is not run over a big answer that was built to match it (ledger.report-bytes.test.ts
 * holds the bytes to the serialiser's). The return value is what the handler returns; its type is the contract's.
 */
export function sendJsonText<T>(reply: FastifyReply, text: JsonText<T>): T {
  void reply.type('application/json; charset=utf-8');
  return text as unknown as T;
}
