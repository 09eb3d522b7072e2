import { formatKarachiDateTime } from '@portal/contract/auth';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';
import { formatPKR } from './money';

describe('formatting', () => {
  it("when an amount is formatted, then it reads 'PKR 145,000'", () => {
    expect(formatPKR(145000)).toBe('PKR 145,000');
    expect(formatPKR(0)).toBe('PKR 0');
    expect(formatPKR(null)).toBe('N/A');
  });

  it('when an instant is shown, then it is in Asia/Karachi', () => {
    expect(formatDateTime('2025-01-01T20:30:00Z')).toBe('02 Jan 2025, 01:30 AM');
    expect(formatDate('2025-03-15')).toBe('15 Mar 2025');
  });
});

describe('formatKarachiDateTime (contract, the lock message of decision 018)', () => {
  it('when instants around midnight and noon in Karachi are formatted, then they read as formatDateTime does, with the zone', () => {
    for (const instant of ['2031-01-15T19:00:00.000Z', '2031-01-15T07:00:00.000Z', '2031-01-15T06:59:00.000Z', '2031-12-31T18:59:59.000Z']) {
      expect(formatKarachiDateTime(instant)).toBe(`${formatDateTime(instant)} (Pakistan time)`);
    }
    expect(formatKarachiDateTime('2031-01-15T19:00:00.000Z')).toBe('16 Jan 2031, 12:00 AM (Pakistan time)');
    expect(formatKarachiDateTime('2031-01-15T07:00:00.000Z')).toBe('15 Jan 2031, 12:00 PM (Pakistan time)');
  });
});
