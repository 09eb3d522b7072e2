/**
 * A random key for the Idempotency-Key header of add-booking (PRODUCT §4: a double click never makes two
 * bookings). crypto.randomUUID exists only in secure contexts; getRandomValues everywhere.
 */
export function createIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
