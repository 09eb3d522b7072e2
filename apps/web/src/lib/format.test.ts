import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPKR } from './format';

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
