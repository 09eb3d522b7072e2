import type { FastifyReply } from 'fastify';

/**
 * Headers of every document answer: personal data (names, passports) is neither cached nor sniffed into
 * another type. `filename` is built from ids, PNRs and dates only, so it needs no quoting beyond the quotes.
 */
export function setDocumentHeaders(
  reply: FastifyReply,
  { mime, disposition, filename }: { mime: string; disposition: 'inline' | 'attachment'; filename?: string },
): void {
  reply
    .type(mime)
    .header('content-disposition', filename ? `${disposition}; filename="${filename}"` : disposition)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
}
