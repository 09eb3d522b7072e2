import {
  correctTd3Reading,
  expandMrzDate,
  failingMrzChecks,
  formatTd3Lines,
  mrzCheckDigit,
  parseMrzText,
  readMrzFromOcrText,
  type Td3Input,
} from '@portal/contract/mrz';
import { ICAO_SPECIMEN, KHAN_SPECIMEN, KHAN_TD3, MRZ_SPECIMENS } from '@portal/contract/mrz-specimens';
import { describe, expect, it } from 'vitest';
import { khanMrzLines } from '../../test/passport-scans.js';

// The contract's MRZ code (decision 028), on published specimen passports. Pure functions: one engine is enough,
// but the file runs in both projects like every server test.

const ICAO = ICAO_SPECIMEN.lines;

describe('mrzCheckDigit (ICAO 9303 part 3)', () => {
  it('when the ICAO specimen is checked, then its published digits come out', () => {
    expect(mrzCheckDigit('L898902C3')).toBe(6);
    expect(mrzCheckDigit('740812')).toBe(2);
    expect(mrzCheckDigit('120415')).toBe(9);
    expect(mrzCheckDigit('L898902C3674081221204159ZE184226B<<<<<1')).toBe(0);
  });
});

describe('parseMrzText (pasted MRZ)', () => {
  it.each(MRZ_SPECIMENS.map((specimen) => [specimen.data.surname, specimen] as const))(
    'when the %s specimen is pasted with a line break, then every field is read (one-letter states, two-part names, short numbers)',
    (_, specimen) => {
      expect(parseMrzText(specimen.lines.join('\n'), 2026)).toEqual({ ok: true, lines: [...specimen.lines], data: specimen.data });
    },
  );

  it('when the lines come with spaces, nothing or CRLF between them, or in lower case, then they read the same', () => {
    const expected = parseMrzText(ICAO.join('\n'), 2026);
    for (const text of [ICAO.join(''), ICAO.join('   '), ICAO.join('\r\n'), `  ${ICAO.join('\n').toLowerCase()}\n`]) {
      expect(parseMrzText(text, 2026)).toEqual(expected);
    }
  });

  it('when the Pakistani test passport is read, then its CNIC personal number keeps the composite digit right', () => {
    const lines = khanMrzLines();
    expect(lines).toEqual(['P<PAKKHAN<<AYESHA<BIBI<<<<<<<<<<<<<<<<<<<<<<', 'AB12345671PAK9003152F31082063520112345674<78']);
    expect(lines).toEqual([...KHAN_SPECIMEN.lines]);
    expect(parseMrzText(lines.join('\n'), 2026)).toMatchObject({ ok: true, data: KHAN_SPECIMEN.data });
  });

  it('when any one of the four check digits is wrong, then the reason is check_digits and says which (the composite covers the others)', () => {
    const wrong = (position: number) => {
      const line2 = ICAO[1].slice(0, position) + String((Number(ICAO[1][position]) + 1) % 10) + ICAO[1].slice(position + 1);
      return parseMrzText(`${ICAO[0]}\n${line2}`, 2026);
    };
    expect(wrong(9)).toEqual({ ok: false, reason: 'check_digits', failing: ['passport_no', 'composite'] });
    expect(wrong(19)).toEqual({ ok: false, reason: 'check_digits', failing: ['dob', 'composite'] });
    expect(wrong(27)).toEqual({ ok: false, reason: 'check_digits', failing: ['expiry', 'composite'] });
    expect(wrong(43)).toEqual({ ok: false, reason: 'check_digits', failing: ['composite'] });
  });

  it('when the text is not two 44-character TD3 lines of the MRZ alphabet, then it is unreadable', () => {
    for (const text of ['', ICAO[0], ICAO.join('\n').slice(1), ICAO.join('\n').replace('ANNA', 'ÄNNA'), `I${ICAO[0].slice(1)}\n${ICAO[1]}`]) {
      expect(parseMrzText(text, 2026)).toEqual({ ok: false, reason: 'unreadable' });
    }
  });

  it('when the birth date is no date (check digit right), then it is unreadable', () => {
    const lines = formatTd3Lines({ ...khanInput(), birth: '901315' });
    expect(parseMrzText(lines.join('\n'), 2026)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it("when the sex is '<', then it reads X", () => {
    const lines = formatTd3Lines({ ...khanInput(), sex: '<' });
    expect(parseMrzText(lines.join('\n'), 2026)).toMatchObject({ ok: true, data: { sex: 'X' } });
  });
});

describe('expandMrzDate (PRODUCT §6 two-digit years)', () => {
  it("when a birth year is after this year's two digits, then it is 19xx, otherwise 20xx; an expiry is always 20xx", () => {
    expect(expandMrzDate('270101', 'birth', 2026)).toBe('1927-01-01');
    expect(expandMrzDate('260101', 'birth', 2026)).toBe('2026-01-01');
    expect(expandMrzDate('000229', 'birth', 2026)).toBe('2000-02-29');
    expect(expandMrzDate('990101', 'expiry', 2026)).toBe('2099-01-01');
    expect(expandMrzDate('010229', 'birth', 2026)).toBeUndefined();
  });
});

describe('correctTd3Reading and readMrzFromOcrText (OCR readings)', () => {
  it('when OCR confuses letters and digits in fields of one kind, then they are put right', () => {
    // UT0 (nationality), 1O (composite), 74O8I22 (birth date).
    const misread = ICAO[1].replace('UTO7408122', 'UT074O8I22').replace(/10$/, '1O');
    expect(correctTd3Reading([ICAO[0].replace('ERIKSSON', 'ER1KSS0N'), misread])).toEqual([...ICAO]);
  });

  it('when the passport number has a confusable character, then the check digit picks the reading', () => {
    const [line1, line2] = khanMrzLines();
    // A8 for AB, and 1 read as I: only AB1234567 makes the number's check digit and the composite hold.
    expect(correctTd3Reading([line1, `A8I${line2.slice(3)}`])).toEqual([line1, line2]);
  });

  it('when a check digit itself is wrong, then no correction is offered', () => {
    expect(correctTd3Reading([ICAO[0], ICAO[1].replace(/0$/, '1')])).toBeUndefined();
    expect(failingMrzChecks(ICAO[1].replace(/0$/, '1'))).toEqual(['composite']);
  });

  it('when OCR text has other lines around the MRZ and one extra character, then the MRZ is found', () => {
    const text = ['REPUBLIC OF UTOPIA', 'PASSPORT', ICAO[0], `${ICAO[1].slice(0, 20)}K${ICAO[1].slice(20)}`, ''].join('\n');
    expect(readMrzFromOcrText(text, 2026)).toMatchObject({ ok: true, data: { surname: 'ERIKSSON', passport_no: 'L898902C3' } });
  });

  it('when OCR text has no MRZ, then it is unreadable; an MRZ with a wrong digit is check_digits', () => {
    expect(readMrzFromOcrText('PASSPORT\nNAME KHAN\n', 2026)).toEqual({ ok: false, reason: 'unreadable' });
    expect(readMrzFromOcrText(`${ICAO[0]}\n${ICAO[1].replace(/0$/, '3')}`, 2026)).toEqual({ ok: false, reason: 'check_digits' });
  });
});

function khanInput(): Td3Input {
  return { ...KHAN_TD3 };
}
