import type { PassportData, PassportSex } from './passport.js';

/**
 * ICAO 9303 TD3 (passport) machine readable zone: two lines of 44 characters (PRODUCT §6 "Passport reading",
 * decision 028). One implementation for the server (pasted MRZ and OCR readings) and the web (Paste MRZ).
 *
 * Line 1: `P` + type, issuing state (3), `SURNAME<<GIVEN<NAMES` padded with `<`.
 * Line 2: number (9) + check, nationality (3), birth date YYMMDD + check, sex, expiry YYMMDD + check,
 * personal number (14) + check, composite check over number+check, birth+check, expiry+check, personal+check.
 */

export const MRZ_LINE_LENGTH = 44;
export const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

const WEIGHTS = [7, 3, 1] as const;

function characterValue(character: string): number {
  if (character >= '0' && character <= '9') return character.charCodeAt(0) - 48;
  if (character >= 'A' && character <= 'Z') return character.charCodeAt(0) - 55;
  if (character === '<') return 0;
  throw new Error(`not an MRZ character: ${character}`);
}

/** ICAO 9303 part 3 §4.9: digits as themselves, A-Z as 10-35, `<` as 0; weights 7, 3, 1; modulus 10. */
export function mrzCheckDigit(value: string): number {
  let sum = 0;
  for (let index = 0; index < value.length; index += 1) sum += characterValue(value[index]!) * WEIGHTS[index % 3]!;
  return sum % 10;
}

function holds(value: string, check: string): boolean {
  return check === String(mrzCheckDigit(value));
}

/** The positions of line 2, 0-based. */
const NUMBER = [0, 9] as const;
const NUMBER_CHECK = 9;
const NATIONALITY = [10, 13] as const;
const BIRTH = [13, 19] as const;
const BIRTH_CHECK = 19;
const SEX = 20;
const EXPIRY = [21, 27] as const;
const EXPIRY_CHECK = 27;
const PERSONAL = [28, 42] as const;
const COMPOSITE_CHECK = 43;

export type MrzCheck = 'passport_no' | 'dob' | 'expiry' | 'composite';

/** Which of the four check digits PRODUCT §6 requires do not hold (personal number's is inside the composite). */
export function failingMrzChecks(line2: string): MrzCheck[] {
  const failing: MrzCheck[] = [];
  if (!holds(line2.slice(...NUMBER), line2[NUMBER_CHECK]!)) failing.push('passport_no');
  if (!holds(line2.slice(...BIRTH), line2[BIRTH_CHECK]!)) failing.push('dob');
  if (!holds(line2.slice(...EXPIRY), line2[EXPIRY_CHECK]!)) failing.push('expiry');
  const composite = line2.slice(0, 10) + line2.slice(13, 20) + line2.slice(21, 43);
  if (!holds(composite, line2[COMPOSITE_CHECK]!)) failing.push('composite');
  return failing;
}

export type MrzParseResult =
  | { ok: true; data: PassportData; lines: [string, string] }
  /** unreadable: not two TD3 lines of the MRZ alphabet, or dates that are no dates; check_digits: PRODUCT §6. */
  | { ok: false; reason: 'unreadable' | 'check_digits'; failing?: MrzCheck[] };

const LINE_PATTERN = /^[A-Z0-9<]{44}$/;

/**
 * The two lines of a pasted MRZ: PRODUCT §6 allows a line break, spaces or nothing between them. Whitespace
 * anywhere is dropped and lower case raised (a pasted MRZ has no spaces of its own); 88 characters are needed.
 */
export function splitMrzText(text: string): [string, string] | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (compact.length !== MRZ_LINE_LENGTH * 2) return undefined;
  const lines: [string, string] = [compact.slice(0, MRZ_LINE_LENGTH), compact.slice(MRZ_LINE_LENGTH)];
  return lines.every((line) => LINE_PATTERN.test(line)) && lines[0].startsWith('P') ? lines : undefined;
}

function fillersToSpaces(value: string): string {
  return value.replace(/<+/g, ' ').trim();
}

/**
 * YYMMDD to YYYY-MM-DD. PRODUCT §6: a birth year after this year's two digits is 19xx, otherwise 20xx; an
 * expiry is 20xx. Undefined for a date that does not exist.
 */
export function expandMrzDate(yymmdd: string, kind: 'birth' | 'expiry', currentYear: number): string | undefined {
  if (!/^\d{6}$/.test(yymmdd)) return undefined;
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const century = kind === 'expiry' || yy <= currentYear % 100 ? 2000 : 1900;
  const year = century + yy;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

/** Reads two TD3 lines exactly as given: every check digit must hold (PRODUCT §6). */
export function parseTd3Lines(lines: readonly [string, string], currentYear: number): MrzParseResult {
  const [line1, line2] = lines;
  if (!LINE_PATTERN.test(line1) || !LINE_PATTERN.test(line2) || line1[0] !== 'P') return { ok: false, reason: 'unreadable' };
  const failing = failingMrzChecks(line2);
  if (failing.length > 0) return { ok: false, reason: 'check_digits', failing };

  const names = line1.slice(5);
  const split = names.indexOf('<<');
  const surname = fillersToSpaces(split === -1 ? names : names.slice(0, split));
  const givenNames = split === -1 ? '' : fillersToSpaces(names.slice(split + 2));
  const sexCharacter = line2[SEX]!;
  const dob = expandMrzDate(line2.slice(...BIRTH), 'birth', currentYear);
  const expiry = expandMrzDate(line2.slice(...EXPIRY), 'expiry', currentYear);
  const passportNo = line2.slice(...NUMBER).replaceAll('<', '');
  const nationality = line2.slice(...NATIONALITY).replaceAll('<', '');
  if (!dob || !expiry || !surname || !passportNo || !/^[MFX<]$/.test(sexCharacter)) return { ok: false, reason: 'unreadable' };
  const sex: PassportSex = sexCharacter === '<' ? 'X' : (sexCharacter as PassportSex);
  return {
    ok: true,
    lines: [line1, line2],
    data: { surname, given_names: givenNames, passport_no: passportNo, nationality, sex, dob, expiry },
  };
}

/** A pasted MRZ (PRODUCT §6): read as typed, no correction. */
export function parseMrzText(text: string, currentYear: number): MrzParseResult {
  const lines = splitMrzText(text);
  return lines ? parseTd3Lines(lines, currentYear) : { ok: false, reason: 'unreadable' };
}

// ---- OCR readings ------------------------------------------------------------------------------------------------

/** Letters OCR takes for digits and back (decision 028): fixed only where the field allows one kind. */
const TO_DIGIT: Record<string, string> = { O: '0', Q: '0', D: '0', U: '0', I: '1', L: '1', T: '1', Z: '2', S: '5', G: '6', B: '8' };
const TO_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '6': 'G', '8': 'B' };
/** Alphanumeric fields (number, personal number): either reading may be right; the check digits decide. */
const AMBIGUOUS: Record<string, string> = { ...TO_LETTER, O: '0', I: '1', Z: '2', S: '5', G: '6', B: '8' };

function mapCharacters(value: string, table: Record<string, string>): string {
  return [...value].map((character) => table[character] ?? character).join('');
}

/** Every reading of an alphanumeric field with confusable characters swapped, fewest swaps first (at most 2^10). */
function alphanumericVariants(value: string): string[] {
  const positions = [...value].flatMap((character, index) => (AMBIGUOUS[character] ? [index] : [])).slice(0, 10);
  const variants: Array<{ text: string; swaps: number }> = [];
  for (let mask = 0; mask < 1 << positions.length; mask += 1) {
    const characters = [...value];
    let swaps = 0;
    positions.forEach((position, bit) => {
      if (mask & (1 << bit)) {
        characters[position] = AMBIGUOUS[characters[position]!]!;
        swaps += 1;
      }
    });
    variants.push({ text: characters.join(''), swaps });
  }
  return variants.sort((a, b) => a.swaps - b.swaps).map((variant) => variant.text);
}

function fixLine1(line1: string): string {
  // P, type, issuing state and names are letters and fillers only.
  return mapCharacters(line1, TO_LETTER);
}

function fixLine2Fields(line2: string): string {
  const at = (range: readonly [number, number]) => line2.slice(...range);
  const digit = (value: string) => mapCharacters(value, TO_DIGIT);
  const letter = (value: string) => mapCharacters(value, TO_LETTER);
  return (
    at(NUMBER) +
    digit(line2[NUMBER_CHECK]!) +
    letter(at(NATIONALITY)) +
    digit(at(BIRTH)) +
    digit(line2[BIRTH_CHECK]!) +
    letter(line2[SEX]!) +
    digit(at(EXPIRY)) +
    digit(line2[EXPIRY_CHECK]!) +
    at(PERSONAL) +
    // The personal number's check digit may be `<` (no personal number), so only letters become digits.
    digit(line2[42]!) +
    digit(line2[COMPOSITE_CHECK]!)
  );
}

/**
 * Corrects an OCR reading of two TD3 lines with the check digits (decision 028): letters and digits that OCR
 * confuses (O/0, I/1, B/8, S/5, Z/2, G/6) are put right in fields of one kind; in the passport number and the
 * personal number, whose characters may be either, a field whose own check digit fails is read again with those
 * characters swapped, and the reading whose check digits hold wins (fewest changes first). Returns the lines whose check digits all hold, or undefined.
 */
export function correctTd3Reading(lines: readonly [string, string]): [string, string] | undefined {
  if (!lines.every((line) => LINE_PATTERN.test(line))) return undefined;
  const line1 = fixLine1(lines[0]);
  if (line1[0] !== 'P') return undefined;
  const fixed = fixLine2Fields(lines[1]);
  const checkDigitsOnly = failingMrzChecks(fixed).filter((check) => check === 'dob' || check === 'expiry');
  if (checkDigitsOnly.length > 0) return undefined;

  // A field is only changed when its own check digit says OCR misread it: changing a field that holds to make
  // the composite hold would turn a wrong composite digit into a reading (the composite is one digit in ten).
  const number = fixed.slice(...NUMBER);
  const numbers = holds(number, fixed[NUMBER_CHECK]!) ? [number] : alphanumericVariants(number).filter((variant) => holds(variant, fixed[NUMBER_CHECK]!));
  const personal = fixed.slice(...PERSONAL);
  const personalCheck = fixed[42]!;
  const personals =
    personalCheck === '<' || holds(personal, personalCheck)
      ? [personal]
      : alphanumericVariants(personal).filter((variant) => holds(variant, personalCheck));
  for (const numberVariant of numbers) {
    for (const personalVariant of personals) {
      const candidate = numberVariant + fixed.slice(9, 28) + personalVariant + fixed.slice(42);
      if (failingMrzChecks(candidate).length === 0) return [line1, candidate];
    }
  }
  return undefined;
}

/**
 * Finds a TD3 MRZ in OCR text (any lines around it) and reads it with corrections. A line 2 that OCR read one
 * character too long or too short is tried with each character dropped or a filler added; the check digits
 * tell the right one. Returns the best result: a valid reading, else check_digits if an MRZ was seen, else
 * unreadable.
 */
export function readMrzFromOcrText(text: string, currentYear: number): MrzParseResult {
  const rows = text
    .split(/\r?\n/)
    .map((row) => row.replace(/\s+/g, '').toUpperCase().replace(/[^A-Z0-9<]/g, ''))
    .filter((row) => row.length >= 30);
  let sawMrz = false;
  for (let index = 0; index + 1 < rows.length; index += 1) {
    const first = rows[index]!;
    if (!/^P/.test(first) || !first.includes('<<')) continue;
    for (const line1 of lengthVariants(first, 'names')) {
      for (const line2 of lengthVariants(rows[index + 1]!, 'data')) {
        sawMrz = true;
        const corrected = correctTd3Reading([line1, line2]);
        if (!corrected) continue;
        const result = parseTd3Lines(corrected, currentYear);
        if (result.ok) return result;
      }
    }
  }
  return sawMrz ? { ok: false, reason: 'check_digits' } : { ok: false, reason: 'unreadable' };
}

function lengthVariants(row: string, kind: 'names' | 'data'): string[] {
  const length = MRZ_LINE_LENGTH;
  if (row.length === length) return [row];
  if (kind === 'names') {
    // Line 1 ends in fillers: cut or pad them.
    return row.length > length ? [row.slice(0, length)] : [row.padEnd(length, '<')];
  }
  if (row.length === length + 1) return [...row].map((_, index) => row.slice(0, index) + row.slice(index + 1));
  if (row.length === length - 1) return Array.from({ length: row.length + 1 }, (_, index) => row.slice(0, index) + '<' + row.slice(index));
  return [];
}

/** What a TD3 MRZ holds, as printed on the data page (for writing test passports and fixtures). */
export interface Td3Input {
  type?: string;
  issuingState: string;
  surname: string;
  givenNames: string;
  passportNo: string;
  nationality: string;
  /** YYMMDD */
  birth: string;
  sex: 'M' | 'F' | '<';
  /** YYMMDD */
  expiry: string;
  personalNumber?: string;
}

function field(value: string, length: number): string {
  return value.toUpperCase().replace(/[\s-]+/g, '<').padEnd(length, '<').slice(0, length);
}

/** Writes the two TD3 lines of a passport, with its check digits (ICAO 9303 part 4). */
export function formatTd3Lines(input: Td3Input): [string, string] {
  const line1 = field(`P${input.type ?? '<'}${field(input.issuingState, 3)}${input.surname}<<${input.givenNames}`, 44);
  const number = field(input.passportNo, 9);
  const personal = field(input.personalNumber ?? '', 14);
  const personalCheck = /^<+$/.test(personal) ? '<' : String(mrzCheckDigit(personal));
  const withChecks = [
    number + mrzCheckDigit(number),
    field(input.nationality, 3),
    input.birth + mrzCheckDigit(input.birth),
    input.sex,
    input.expiry + mrzCheckDigit(input.expiry),
    personal + personalCheck,
  ].join('');
  const composite = withChecks.slice(0, 10) + withChecks.slice(13, 20) + withChecks.slice(21, 43);
  return [line1, withChecks + mrzCheckDigit(composite)];
}
