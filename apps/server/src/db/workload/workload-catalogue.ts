/**
 * The benchmark workload's fixed catalogue (issue 8): 10 airlines, 20 sectors between Pakistan and the Gulf,
 * the my-sectors the groups are filed under and the route layouts groups are made from. It extends the demo
 * catalogue (db/seed/demo-catalogue.ts) with the airports and airlines the demo does not fly.
 */
import { DEMO_AIRLINES, DEMO_AIRPORTS, DEMO_NAMES, DEMO_PRICE_RANGES, type DemoAirline, type DemoAirport } from '../seed/demo-catalogue.js';

export const WORKLOAD_AIRLINES: readonly DemoAirline[] = [
  ...DEMO_AIRLINES,
  { key: 'qatar', fullName: 'Qatar Airways', shortName: 'Qatar Airways', colours: ['#5C0632', '#8A1538'], meal: true, baggageKg: 30 },
  { key: 'airarabia', fullName: 'Air Arabia', shortName: 'Air Arabia', colours: ['#E2231A', '#A0A0A0'], meal: false, baggageKg: 20 },
];

export const WORKLOAD_AIRPORTS: Readonly<Record<string, DemoAirport>> = {
  ...DEMO_AIRPORTS,
  LYP: { city: 'FAISALABAD', name: 'Faisalabad International Airport', terminal: null, utcOffset: 5 },
  MED: { city: 'MADINAH', name: 'Prince Mohammad bin Abdulaziz International Airport', terminal: null, utcOffset: 3 },
  SHJ: { city: 'SHARJAH', name: 'Sharjah International Airport', terminal: null, utcOffset: 4 },
  AUH: { city: 'ABU DHABI', name: 'Zayed International Airport', terminal: 'Terminal A', utcOffset: 4 },
  DOH: { city: 'DOHA', name: 'Hamad International Airport', terminal: null, utcOffset: 3 },
  MCT: { city: 'MUSCAT', name: 'Muscat International Airport', terminal: null, utcOffset: 4 },
};

/** Exactly the 20 sectors the layouts below fly (a test checks each is used). */
export const WORKLOAD_SECTORS: readonly string[] = [
  'LHE-JED',
  'JED-LHE',
  'KHI-JED',
  'JED-KHI',
  'ISB-JED',
  'JED-ISB',
  'ISB-MED',
  'MED-ISB',
  'LHE-DXB',
  'DXB-LHE',
  'DXB-JED',
  'JED-DXB',
  'MUX-DMM',
  'DMM-MUX',
  'PEW-RUH',
  'KHI-RUH',
  'SKT-SHJ',
  'LYP-AUH',
  'ISB-DOH',
  'KHI-MCT',
];

export type WorkloadMySectorKey = 'umrah' | 'madinah' | 'riyadh' | 'dammam' | 'dubai' | 'sharjah' | 'abudhabi' | 'doha' | 'muscat';

export const WORKLOAD_MY_SECTORS: readonly { key: WorkloadMySectorKey; name: string; colours: [string, string] }[] = [
  { key: 'umrah', name: 'Umrah Jeddah', colours: ['#0B6E4F', '#C9A227'] },
  { key: 'madinah', name: 'Umrah Madinah', colours: ['#14532D', '#D4AF37'] },
  { key: 'riyadh', name: 'Riyadh', colours: ['#14532D', '#65A30D'] },
  { key: 'dammam', name: 'Dammam', colours: ['#1E3A8A', '#38BDF8'] },
  { key: 'dubai', name: 'Dubai', colours: ['#0E7490', '#F59E0B'] },
  { key: 'sharjah', name: 'Sharjah', colours: ['#7C2D12', '#FB923C'] },
  { key: 'abudhabi', name: 'Abu Dhabi', colours: ['#334155', '#CBD5E1'] },
  { key: 'doha', name: 'Doha', colours: ['#5C0632', '#F5F5F4'] },
  { key: 'muscat', name: 'Muscat', colours: ['#991B1B', '#15803D'] },
];

type PriceRange = { oneWay: [number, number]; roundTrip: [number, number] };

/** Whole rupees (PRODUCT §3); the demo's ranges where the demo has the my-sector. */
export const WORKLOAD_PRICE_RANGES: Readonly<Record<WorkloadMySectorKey, PriceRange>> = {
  ...DEMO_PRICE_RANGES,
  madinah: { oneWay: [85_000, 130_000], roundTrip: [155_000, 290_000] },
  sharjah: { oneWay: [52_000, 80_000], roundTrip: [90_000, 135_000] },
  abudhabi: { oneWay: [55_000, 88_000], roundTrip: [98_000, 145_000] },
  doha: { oneWay: [60_000, 95_000], roundTrip: [110_000, 160_000] },
  muscat: { oneWay: [45_000, 72_000], roundTrip: [80_000, 120_000] },
};

export interface WorkloadLeg {
  flight: string;
  sector: string;
  /** Days after the group's first departure. */
  dayOffset: number;
  departs: string;
  durationMinutes: number;
}

/** A group layout (001 §2 "Trip layouts"); `weight` makes 1- and 2-leg groups the common ones. */
export interface WorkloadLayout {
  airline: string;
  mySector: WorkloadMySectorKey;
  ticketType: 1 | 2;
  direction: 1 | 2;
  weight: number;
  legs: WorkloadLeg[];
}

const leg = (flight: string, sector: string, departs: string, durationMinutes: number, dayOffset = 0): WorkloadLeg => ({
  flight,
  sector,
  dayOffset,
  departs,
  durationMinutes,
});

export const WORKLOAD_LAYOUTS: readonly WorkloadLayout[] = [
  { airline: 'pia', mySector: 'umrah', ticketType: 1, direction: 1, weight: 6, legs: [leg('PK-759', 'LHE-JED', '03:15', 330)] },
  {
    airline: 'pia',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    weight: 8,
    legs: [leg('PK-759', 'LHE-JED', '03:15', 330), leg('PK-760', 'JED-LHE', '14:00', 300, 14)],
  },
  {
    airline: 'airblue',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    weight: 7,
    legs: [leg('PA-870', 'ISB-JED', '02:40', 320), leg('PA-871', 'JED-ISB', '14:30', 290, 14)],
  },
  {
    airline: 'sereneair',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    weight: 6,
    legs: [leg('ER-811', 'LHE-JED', '04:10', 325), leg('ER-812', 'JED-LHE', '13:20', 280, 21)],
  },
  { airline: 'flyjinnah', mySector: 'umrah', ticketType: 1, direction: 1, weight: 5, legs: [leg('9P-742', 'KHI-JED', '06:00', 255)] },
  {
    airline: 'flyjinnah',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    weight: 6,
    legs: [leg('9P-742', 'KHI-JED', '06:00', 255), leg('9P-743', 'JED-KHI', '12:40', 230, 14)],
  },
  {
    airline: 'saudia',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    weight: 7,
    legs: [leg('SV-739', 'LHE-JED', '11:40', 335), leg('SV-738', 'JED-LHE', '01:05', 285, 15)],
  },
  {
    airline: 'saudia',
    mySector: 'madinah',
    ticketType: 2,
    direction: 1,
    weight: 4,
    legs: [leg('SV-791', 'ISB-MED', '05:00', 330), leg('SV-790', 'MED-ISB', '16:00', 300, 14)],
  },
  { airline: 'pia', mySector: 'madinah', ticketType: 1, direction: 1, weight: 3, legs: [leg('PK-743', 'ISB-MED', '03:30', 325)] },
  {
    airline: 'emirates',
    mySector: 'umrah',
    ticketType: 2,
    direction: 2,
    weight: 2,
    legs: [
      leg('EK-623', 'LHE-DXB', '04:40', 200),
      leg('EK-803', 'DXB-JED', '09:50', 200),
      leg('EK-804', 'JED-DXB', '13:15', 175, 14),
      leg('EK-624', 'DXB-LHE', '22:00', 195, 14),
    ],
  },
  {
    airline: 'emirates',
    mySector: 'umrah',
    ticketType: 1,
    direction: 2,
    weight: 3,
    legs: [leg('EK-623', 'LHE-DXB', '04:40', 200), leg('EK-2522', 'DXB-JED', '14:35', 195)],
  },
  {
    airline: 'emirates',
    mySector: 'dubai',
    ticketType: 2,
    direction: 1,
    weight: 4,
    legs: [leg('EK-625', 'LHE-DXB', '10:00', 190), leg('EK-622', 'DXB-LHE', '03:10', 185, 7)],
  },
  { airline: 'airblue', mySector: 'dubai', ticketType: 1, direction: 1, weight: 4, legs: [leg('PA-410', 'LHE-DXB', '18:30', 190)] },
  {
    airline: 'airsial',
    mySector: 'dammam',
    ticketType: 2,
    direction: 1,
    weight: 3,
    legs: [leg('PF-718', 'MUX-DMM', '09:30', 230), leg('PF-719', 'DMM-MUX', '16:45', 220, 20)],
  },
  { airline: 'flynas', mySector: 'riyadh', ticketType: 1, direction: 1, weight: 3, legs: [leg('XY-318', 'PEW-RUH', '05:20', 270)] },
  { airline: 'flynas', mySector: 'riyadh', ticketType: 1, direction: 1, weight: 3, legs: [leg('XY-316', 'KHI-RUH', '03:50', 215)] },
  { airline: 'airarabia', mySector: 'sharjah', ticketType: 1, direction: 1, weight: 3, legs: [leg('G9-547', 'SKT-SHJ', '11:00', 200)] },
  { airline: 'pia', mySector: 'abudhabi', ticketType: 1, direction: 1, weight: 2, legs: [leg('PK-263', 'LYP-AUH', '07:30', 180)] },
  { airline: 'qatar', mySector: 'doha', ticketType: 1, direction: 1, weight: 3, legs: [leg('QR-633', 'ISB-DOH', '04:25', 225)] },
  { airline: 'sereneair', mySector: 'muscat', ticketType: 1, direction: 1, weight: 2, legs: [leg('ER-951', 'KHI-MCT', '09:00', 95)] },
];

/** Infant fares in whole rupees (PRODUCT §3). */
export const WORKLOAD_INFANT_PRICE_RANGES = { oneWay: [18_000, 30_000], roundTrip: [35_000, 55_000] } as const;

export const WORKLOAD_NAMES = DEMO_NAMES;

/** Agency name parts; agents are numbered, so a repeated name is still a different agency. */
export const AGENCY_PREFIXES = [
  'Al-Haram',
  'Al-Madina',
  'Zamzam',
  'Bismillah',
  'Royal',
  'Shaheen',
  'Karwan-e-Haram',
  'Makkah',
  'Labbaik',
  'Sky Link',
  'Crescent',
  'Falcon',
  'Green Crescent',
  'Safa Marwa',
  'Al-Noor',
  'Indus',
] as const;
export const AGENCY_SUFFIXES = ['Travels', 'Travel & Tours', 'Hajj & Umrah Services', 'Air Services', 'Tours & Travels'] as const;

/** Where agencies are, with a landline area code and an office address. */
export const AGENCY_CITIES = [
  { city: 'Lahore', areaCode: '42', address: 'Main Boulevard Gulberg III' },
  { city: 'Karachi', areaCode: '21', address: 'Shahrah-e-Faisal' },
  { city: 'Islamabad', areaCode: '51', address: 'Jinnah Avenue, Blue Area' },
  { city: 'Rawalpindi', areaCode: '51', address: 'Murree Road, Committee Chowk' },
  { city: 'Multan', areaCode: '61', address: 'Bosan Road' },
  { city: 'Faisalabad', areaCode: '41', address: 'Kohinoor City, Jaranwala Road' },
  { city: 'Peshawar', areaCode: '91', address: 'University Road' },
  { city: 'Sialkot', areaCode: '52', address: 'Paris Road' },
  { city: 'Gujranwala', areaCode: '55', address: 'GT Road, Satellite Town' },
  { city: 'Quetta', areaCode: '81', address: 'Jinnah Road' },
  { city: 'Hyderabad', areaCode: '22', address: 'Auto Bhan Road' },
] as const;

/** Descriptions an accounts clerk types in the payment dialog. */
export const PAYMENT_TEXTS = [
  'Meezan Bank online transfer',
  'HBL cheque deposit',
  'Cash deposit at office',
  'Online transfer, Bank Alfalah',
  'UBL IBFT',
  'MCB online transfer',
  'Cash at counter',
  'JazzCash transfer',
] as const;
