import type { Td3Input } from './mrz.js';
import type { PassportData } from './passport.js';

/**
 * Test support, not used by the app: the passport MRZ specimens the server's and the web's tests read
 * (decision 028), each as the two TD3 lines and the passport data the portal reads from them (read in 2026).
 */
export interface MrzSpecimen {
  lines: readonly [string, string];
  data: PassportData;
}

/** ICAO 9303's own specimen (Anna Maria Eriksson of Utopia). */
export const ICAO_SPECIMEN: MrzSpecimen = {
  lines: ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  data: { surname: 'ERIKSSON', given_names: 'ANNA MARIA', passport_no: 'L898902C3', nationality: 'UTO', sex: 'F', dob: '1974-08-12', expiry: '2012-04-15' },
};

/** Germany's 2017 passport specimen (Erika Mustermann): a one-letter state. */
export const GERMANY_SPECIMEN: MrzSpecimen = {
  lines: ['P<D<<MUSTERMANN<<ERIKA<<<<<<<<<<<<<<<<<<<<<<', 'C01X00T478D<<6408125F2702283<<<<<<<<<<<<<<<4'],
  data: { surname: 'MUSTERMANN', given_names: 'ERIKA', passport_no: 'C01X00T47', nationality: 'D', sex: 'F', dob: '1964-08-12', expiry: '2027-02-28' },
};

/** The Netherlands' 2014 passport specimen: a two-part surname and two given names. */
export const NETHERLANDS_SPECIMEN: MrzSpecimen = {
  lines: ['P<NLDDE<BRUIJN<<WILLEKE<LISELOTTE<<<<<<<<<<<', 'SPECI20142NLD6503101F2403096999999990<<<<<84'],
  data: { surname: 'DE BRUIJN', given_names: 'WILLEKE LISELOTTE', passport_no: 'SPECI2014', nationality: 'NLD', sex: 'F', dob: '1965-03-10', expiry: '2024-03-09' },
};

/** Canada's passport specimen: a passport number shorter than nine characters. */
export const CANADA_SPECIMEN: MrzSpecimen = {
  lines: ['P<CANMARTIN<<SARAH<<<<<<<<<<<<<<<<<<<<<<<<<<', 'ZE000509<9CAN8501019F2301147<<<<<<<<<<<<<<08'],
  data: { surname: 'MARTIN', given_names: 'SARAH', passport_no: 'ZE000509', nationality: 'CAN', sex: 'F', dob: '1985-01-01', expiry: '2023-01-14' },
};

/** The e2e journey's passenger (issue 17): a Pakistani passport with the CNIC as its personal number. */
export const KHAN_TD3: Td3Input = {
  issuingState: 'PAK',
  surname: 'KHAN',
  givenNames: 'AYESHA BIBI',
  passportNo: 'AB1234567',
  nationality: 'PAK',
  birth: '900315',
  sex: 'F',
  expiry: '310820',
  personalNumber: '3520112345674',
};

/** KHAN_TD3 as printed (formatTd3Lines) and as read. */
export const KHAN_SPECIMEN: MrzSpecimen = {
  lines: ['P<PAKKHAN<<AYESHA<BIBI<<<<<<<<<<<<<<<<<<<<<<', 'AB12345671PAK9003152F31082063520112345674<78'],
  data: { surname: 'KHAN', given_names: 'AYESHA BIBI', passport_no: 'AB1234567', nationality: 'PAK', sex: 'F', dob: '1990-03-15', expiry: '2031-08-20' },
};

/** Every specimen above, for tests that read them all. */
export const MRZ_SPECIMENS = [ICAO_SPECIMEN, GERMANY_SPECIMEN, NETHERLANDS_SPECIMEN, CANADA_SPECIMEN, KHAN_SPECIMEN] as const;
