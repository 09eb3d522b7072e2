import { describe, expect, it } from 'vitest';
import { isValidSignature, SIGNED_LINK_TTL_SECONDS } from '../../lib/signed-url.js';
import { getBookingPdfLinks, getPnrExcelLink, getPnrPdfLink, getPrivateFileLink } from './document-links.js';

// The signed links of PRODUCT §4 "Files and documents": each opens its own path, and only until it expires.

const context = { secret: 'a-test-secret-of-at-least-32-characters!', publicUrl: 'http://portal.test' };

function check(link: string, { path = new URL(link).pathname, now, secret = context.secret }: { path?: string; now?: Date; secret?: string } = {}): boolean {
  const url = new URL(link);
  return isValidSignature({
    secret,
    path,
    expires: url.searchParams.get('expires') ?? undefined,
    signature: url.searchParams.get('signature') ?? undefined,
    now,
  });
}

describe('document links', () => {
  it('when a link is made, then it is absolute on PUBLIC_URL and verifies for its own path', () => {
    const { view, download } = getBookingPdfLinks({ ...context, bookingId: 12 });
    expect(view).toMatch(/^http:\/\/portal\.test\/api\/booking-pdf\/12\?expires=\d+&signature=[\w-]+$/);
    expect(download).toBe(`${view}&download=1`);
    expect(check(view)).toBe(true);
    expect(check(download)).toBe(true);

    expect(getPnrPdfLink({ ...context, pnr: 'AB12-C' })).toMatch(/^http:\/\/portal\.test\/api\/pnr-pdf\/AB12-C\?/);
    expect(getPnrExcelLink({ ...context, pnr: 'AB12-C' })).toMatch(/^http:\/\/portal\.test\/api\/pnr-excel\/AB12-C\?/);
    expect(getPrivateFileLink({ ...context, fileId: 7 })).toMatch(/^http:\/\/portal\.test\/api\/private-files\/7\?/);
    for (const link of [getPnrPdfLink({ ...context, pnr: 'AB12-C' }), getPnrExcelLink({ ...context, pnr: 'AB12-C' }), getPrivateFileLink({ ...context, fileId: 7 })]) {
      expect(check(link), link).toBe(true);
    }
  });

  it('when a PNR has characters a path cannot hold, then it is encoded in the signed path', () => {
    const link = getPnrPdfLink({ ...context, pnr: 'A B/1' });
    expect(new URL(link).pathname).toBe('/api/pnr-pdf/A%20B%2F1');
    expect(check(link)).toBe(true);
  });

  it('when the TTL has passed, then the link no longer verifies', () => {
    const link = getPrivateFileLink({ ...context, fileId: 7 });
    const expires = Number(new URL(link).searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan((SIGNED_LINK_TTL_SECONDS - 5) * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(SIGNED_LINK_TTL_SECONDS * 1000);
    expect(check(link, { now: new Date((expires - 1) * 1000) })).toBe(true);
    expect(check(link, { now: new Date((expires + 1) * 1000) })).toBe(false);
  });

  it('when a link is used for another path or checked with another secret, then it does not verify', () => {
    const { view } = getBookingPdfLinks({ ...context, bookingId: 12 });
    expect(check(view, { path: '/api/booking-pdf/13' })).toBe(false);
    expect(check(view, { path: '/api/private-files/12' })).toBe(false);
    expect(check(view, { secret: 'another-secret-of-at-least-32-characters' })).toBe(false);
    const pdf = getPnrPdfLink({ ...context, pnr: 'ABC' });
    expect(check(pdf, { path: '/api/pnr-excel/ABC' })).toBe(false);
  });
});
