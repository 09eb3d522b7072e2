import { getBookingActions, getBookingState, parseKarachiDateTime } from '@portal/contract/booking-lifecycle';
import { describe, expect, it } from 'vitest';

// The contract's pure helpers the web row menus and the hold-time dialog share with the server (000 §6, PRODUCT §4).

describe('getBookingActions', () => {
  it('when an agent looks at its booking, then Edit and Cancel are offered only on hold', () => {
    expect(getBookingActions({ role: 'user', confirmed: 0, cancel_status: 0 })).toEqual({
      edit: true,
      extendHoldTime: false,
      cancel: true,
      addPayment: false,
      confirm: false,
    });
    for (const flags of [{ confirmed: 1, cancel_status: 0 }, { confirmed: 0, cancel_status: 1 }, { confirmed: 1, cancel_status: 1 }] as const) {
      expect(getBookingActions({ role: 'user', ...flags })).toEqual({ edit: false, extendHoldTime: false, cancel: false, addPayment: false, confirm: false });
    }
  });

  it('when an admin looks at a booking, then the menu follows its state', () => {
    expect(getBookingActions({ role: 'admin', confirmed: 0, cancel_status: 0 })).toEqual({ edit: true, extendHoldTime: true, cancel: true, addPayment: false, confirm: true });
    expect(getBookingActions({ role: 'admin', confirmed: 1, cancel_status: 0 })).toEqual({ edit: true, extendHoldTime: false, cancel: true, addPayment: true, confirm: false });
    expect(getBookingActions({ role: 'admin', confirmed: 1, cancel_status: 1 })).toEqual({ edit: true, extendHoldTime: false, cancel: false, addPayment: false, confirm: true });
    expect(getBookingState({ confirmed: 1, cancel_status: 1 })).toBe('cancelled');
  });
});

describe('parseKarachiDateTime', () => {
  it('when a local time has no zone, then it is read in Asia/Karachi (UTC+05:00); a zone is honoured', () => {
    expect(parseKarachiDateTime('2030-01-02 10:30')?.toISOString()).toBe('2030-01-02T05:30:00.000Z');
    expect(parseKarachiDateTime('2030-01-02T00:15:59')?.toISOString()).toBe('2030-01-01T19:15:59.000Z');
    expect(parseKarachiDateTime('2030-01-02T10:30:00.000Z')?.toISOString()).toBe('2030-01-02T10:30:00.000Z');
    expect(parseKarachiDateTime('2030-01-02T10:30+0100')?.toISOString()).toBe('2030-01-02T09:30:00.000Z');
  });

  it('when the text is not a real date and time, then undefined', () => {
    for (const value of ['', 'tomorrow', '2030-02-30 10:00', '2030-01-02 24:00', '2030-01-02', '02/01/2030 10:00']) {
      expect(parseKarachiDateTime(value), value).toBeUndefined();
    }
  });
});
