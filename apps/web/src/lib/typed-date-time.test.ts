import { describe, expect, it } from 'vitest';
import { parseTypedDate, parseTypedTime } from './typed-date-time';

describe('parseTypedDate (issue 21 §9)', () => {
  it.each([
    ['25/12/2026', '2026-12-25'],
    ['25-12-2026', '2026-12-25'],
    ['25.12.2026', '2026-12-25'],
    ['5/1/2026', '2026-01-05'],
    ['05/06/2026', '2026-06-05'],
    ['25/12/26', '2026-12-25'],
    ['25 Dec 2026', '2026-12-25'],
    ['25 dec 2026', '2026-12-25'],
    ['25-Dec-2026', '2026-12-25'],
    ['25 December 2026', '2026-12-25'],
    ['25th Dec 2026', '2026-12-25'],
    ['1 Sept 2026', '2026-09-01'],
    ['Dec 25, 2026', '2026-12-25'],
    ['2026-12-25', '2026-12-25'],
    ['  25 / 12 / 2026 ', '2026-12-25'],
  ])('when %s is typed, then it reads %s', (text, iso) => {
    expect(parseTypedDate(text)).toBe(iso);
  });

  it('when a 2-digit year may still be the start of a 4-digit one, then the typing reading leaves it', () => {
    expect(parseTypedDate('25/12/20', { twoDigitYear: false })).toBeNull();
    expect(parseTypedDate('25/12/2026', { twoDigitYear: false })).toBe('2026-12-25');
    expect(parseTypedDate('25 Dec 26', { twoDigitYear: false })).toBeNull();
  });

  it.each(['31/02/2026', '12/25/2026', '25/12/202', '25 Decx 2026', '25/12', 'tomorrow', ''])(
    'when %s is typed, then it is not a date',
    (text) => {
      expect(parseTypedDate(text)).toBeNull();
    },
  );
});

describe('parseTypedTime (issue 21 §9)', () => {
  it.each([
    ['14:30', '14:30'],
    ['14.30', '14:30'],
    ['1430', '14:30'],
    ['930', '09:30'],
    ['9:05', '09:05'],
    ['14', '14:00'],
    ['2:30 PM', '14:30'],
    ['2:30pm', '14:30'],
    ['2.30 p.m.', '14:30'],
    ['2 pm', '14:00'],
    ['12:15 pm', '12:15'],
    ['12 am', '00:00'],
    ['11:59 AM', '11:59'],
    ['14:30:00', '14:30'],
  ])('when %s is typed, then it reads %s', (text, time) => {
    expect(parseTypedTime(text)).toBe(time);
  });

  it.each(['24:00', '14:60', '13:00 pm', '0 am', '2 m', 'noon', '14:3', ''])('when %s is typed, then it is not a time', (text) => {
    expect(parseTypedTime(text)).toBeNull();
  });
});
