import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links (PRODUCT §4 "Files and documents"): links that open in a new tab (booking PDF, PNR PDF,
 * PNR Excel, passport and visa scans) carry no bearer token, so they carry an expiry and an HMAC of
 * path + expiry under APP_SECRET instead. Anyone holding the link may open it until it expires.
 */
export const SIGNED_LINK_TTL_SECONDS = 15 * 60;

function signatureOf({ secret, path, expires }: { secret: string; path: string; expires: number }): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
}

/** `${publicUrl}${path}?expires=…&signature=…`; `path` is the URL path, e.g. `/api/booking-pdf/12`. */
export function createSignedUrl({
  secret,
  publicUrl,
  path,
  ttlSeconds = SIGNED_LINK_TTL_SECONDS,
  now = new Date(),
}: {
  secret: string;
  publicUrl: string;
  path: string;
  ttlSeconds?: number;
  now?: Date;
}): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const signature = signatureOf({ secret, path, expires });
  return `${publicUrl}${path}?expires=${expires}&signature=${signature}`;
}

/** True when `signature` is the link's own and `expires` (unix seconds) has not passed. */
export function isValidSignature({
  secret,
  path,
  expires,
  signature,
  now = new Date(),
}: {
  secret: string;
  path: string;
  expires: unknown;
  signature: unknown;
  now?: Date;
}): boolean {
  if (typeof signature !== 'string' || typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  const expiresAt = Number(expires);
  if (expiresAt * 1000 < now.getTime()) return false;
  const expected = Buffer.from(signatureOf({ secret, path, expires: expiresAt }));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
