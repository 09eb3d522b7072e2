/**
 * The demo data's fixed catalogue (PRODUCT §2 SEED_DEMO): real airlines, airports and routes flown
 * between Pakistan and the Gulf, with flight numbers and times close to the published ones. Dates are
 * not here: demo-data.ts places every group relative to today.
 */

export interface DemoAirline {
  key: string;
  fullName: string;
  shortName: string;
  /** Logo colours (top, bottom of the gradient). */
  colours: [string, string];
  meal: boolean;
  /** Checked baggage offered on this airline's groups, kg (20-40). */
  baggageKg: number;
}

export const DEMO_AIRLINES: readonly DemoAirline[] = [
  { key: 'pia', fullName: 'Pakistan International Airlines', shortName: 'PIA', colours: ['#006847', '#00A15E'], meal: true, baggageKg: 40 },
  { key: 'airblue', fullName: 'Airblue', shortName: 'Airblue', colours: ['#0033A0', '#2A6FDB'], meal: true, baggageKg: 30 },
  { key: 'sereneair', fullName: 'SereneAir', shortName: 'SereneAir', colours: ['#1D3C6E', '#C9A227'], meal: true, baggageKg: 35 },
  { key: 'airsial', fullName: 'AirSial', shortName: 'AirSial', colours: ['#7A1F3D', '#C8102E'], meal: true, baggageKg: 35 },
  { key: 'flyjinnah', fullName: 'Fly Jinnah', shortName: 'Fly Jinnah', colours: ['#0C2D57', '#00A9E0'], meal: false, baggageKg: 20 },
  { key: 'saudia', fullName: 'Saudia', shortName: 'Saudia', colours: ['#006C35', '#1B4D3E'], meal: true, baggageKg: 40 },
  { key: 'flynas', fullName: 'flynas', shortName: 'flynas', colours: ['#A6CE39', '#00303F'], meal: false, baggageKg: 30 },
  { key: 'emirates', fullName: 'Emirates', shortName: 'Emirates', colours: ['#D71921', '#8B0000'], meal: true, baggageKg: 35 },
];

export interface DemoAirport {
  city: string;
  name: string;
  terminal: string | null;
  /** Fixed UTC offset in hours (none of these observe daylight saving). */
  utcOffset: number;
}

export const DEMO_AIRPORTS: Readonly<Record<string, DemoAirport>> = {
  LHE: { city: 'LAHORE', name: 'Allama Iqbal International Airport', terminal: 'Main Terminal', utcOffset: 5 },
  KHI: { city: 'KARACHI', name: 'Jinnah International Airport', terminal: 'Terminal 1', utcOffset: 5 },
  ISB: { city: 'ISLAMABAD', name: 'Islamabad International Airport', terminal: null, utcOffset: 5 },
  MUX: { city: 'MULTAN', name: 'Multan International Airport', terminal: null, utcOffset: 5 },
  SKT: { city: 'SIALKOT', name: 'Sialkot International Airport', terminal: null, utcOffset: 5 },
  PEW: { city: 'PESHAWAR', name: 'Bacha Khan International Airport', terminal: null, utcOffset: 5 },
  JED: { city: 'JEDDAH', name: 'King Abdulaziz International Airport', terminal: 'Terminal 1', utcOffset: 3 },
  RUH: { city: 'RIYADH', name: 'King Khalid International Airport', terminal: 'Terminal 3', utcOffset: 3 },
  DMM: { city: 'DAMMAM', name: 'King Fahd International Airport', terminal: null, utcOffset: 3 },
  DXB: { city: 'DUBAI', name: 'Dubai International Airport', terminal: 'Terminal 3', utcOffset: 4 },
};

/** Outbound sectors from Pakistan; each is seeded with its return, plus the Gulf connections below. */
const OUTBOUND_SECTORS = [
  'LHE-JED',
  'KHI-JED',
  'ISB-JED',
  'LHE-RUH',
  'KHI-RUH',
  'ISB-DXB',
  'LHE-DXB',
  'MUX-DMM',
  'SKT-DMM',
  'PEW-RUH',
  // Connections of the via groups.
  'DXB-JED',
  'RUH-JED',
] as const;

export const DEMO_SECTORS: readonly string[] = OUTBOUND_SECTORS.flatMap((sector) => {
  const [from, to] = sector.split('-');
  return [sector, `${to}-${from}`];
});

export interface DemoMySector {
  key: 'umrah' | 'riyadh' | 'dubai' | 'dammam';
  name: string;
  colours: [string, string];
}

export const DEMO_MY_SECTORS: readonly DemoMySector[] = [
  { key: 'umrah', name: 'Umrah Jeddah', colours: ['#0B6E4F', '#C9A227'] },
  { key: 'riyadh', name: 'Riyadh', colours: ['#14532D', '#65A30D'] },
  { key: 'dubai', name: 'Dubai', colours: ['#0E7490', '#F59E0B'] },
  { key: 'dammam', name: 'Dammam', colours: ['#1E3A8A', '#38BDF8'] },
];

export interface DemoLeg {
  flight: string;
  /** 'FROM-TO', one of DEMO_SECTORS. */
  sector: string;
  /** Days after the group's first departure date. */
  dayOffset: number;
  /** Local departure time HH:MM. */
  departs: string;
  durationMinutes: number;
}

/**
 * Group layouts (001 §2 "Trip layouts"): legs in the form's order, B-1, B-2; the leg count
 * follows ticket_type and direction.
 */
export interface DemoGroupTemplate {
  airline: DemoAirline['key'];
  mySector: DemoMySector['key'];
  ticketType: 1 | 2;
  direction: 1 | 2;
  legs: DemoLeg[];
}

export const DEMO_GROUP_TEMPLATES: readonly DemoGroupTemplate[] = [
  // One-way direct.
  { airline: 'pia', mySector: 'umrah', ticketType: 1, direction: 1, legs: [{ flight: 'PK-759', sector: 'LHE-JED', dayOffset: 0, departs: '03:15', durationMinutes: 330 }] },
  // Round trip direct.
  {
    airline: 'airblue',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    legs: [
      { flight: 'PA-870', sector: 'ISB-JED', dayOffset: 0, departs: '02:40', durationMinutes: 320 },
      { flight: 'PA-871', sector: 'JED-ISB', dayOffset: 14, departs: '14:30', durationMinutes: 290 },
    ],
  },
  {
    airline: 'sereneair',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    legs: [
      { flight: 'ER-811', sector: 'LHE-JED', dayOffset: 0, departs: '04:10', durationMinutes: 325 },
      { flight: 'ER-812', sector: 'JED-LHE', dayOffset: 21, departs: '13:20', durationMinutes: 280 },
    ],
  },
  { airline: 'flyjinnah', mySector: 'umrah', ticketType: 1, direction: 1, legs: [{ flight: '9P-742', sector: 'KHI-JED', dayOffset: 0, departs: '06:00', durationMinutes: 255 }] },
  {
    airline: 'saudia',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    legs: [
      { flight: 'SV-739', sector: 'LHE-JED', dayOffset: 0, departs: '11:40', durationMinutes: 335 },
      { flight: 'SV-738', sector: 'JED-LHE', dayOffset: 15, departs: '01:05', durationMinutes: 285 },
    ],
  },
  { airline: 'flynas', mySector: 'riyadh', ticketType: 1, direction: 1, legs: [{ flight: 'XY-318', sector: 'PEW-RUH', dayOffset: 0, departs: '05:20', durationMinutes: 270 }] },
  // Round trip via: four trips.
  {
    airline: 'emirates',
    mySector: 'umrah',
    ticketType: 2,
    direction: 2,
    legs: [
      { flight: 'EK-623', sector: 'LHE-DXB', dayOffset: 0, departs: '04:40', durationMinutes: 200 },
      { flight: 'EK-803', sector: 'DXB-JED', dayOffset: 0, departs: '09:50', durationMinutes: 200 },
      { flight: 'EK-804', sector: 'JED-DXB', dayOffset: 14, departs: '13:15', durationMinutes: 175 },
      { flight: 'EK-624', sector: 'DXB-LHE', dayOffset: 14, departs: '22:00', durationMinutes: 195 },
    ],
  },
  {
    airline: 'airsial',
    mySector: 'dammam',
    ticketType: 2,
    direction: 1,
    legs: [
      { flight: 'PF-718', sector: 'MUX-DMM', dayOffset: 0, departs: '09:30', durationMinutes: 230 },
      { flight: 'PF-719', sector: 'DMM-MUX', dayOffset: 20, departs: '16:45', durationMinutes: 220 },
    ],
  },
  {
    airline: 'pia',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    legs: [
      { flight: 'PK-741', sector: 'ISB-JED', dayOffset: 0, departs: '02:30', durationMinutes: 325 },
      { flight: 'PK-742', sector: 'JED-ISB', dayOffset: 14, departs: '12:50', durationMinutes: 290 },
    ],
  },
  // One-way via.
  {
    airline: 'flynas',
    mySector: 'umrah',
    ticketType: 1,
    direction: 2,
    legs: [
      { flight: 'XY-316', sector: 'KHI-RUH', dayOffset: 0, departs: '03:50', durationMinutes: 215 },
      { flight: 'XY-037', sector: 'RUH-JED', dayOffset: 0, departs: '10:30', durationMinutes: 110 },
    ],
  },
  { airline: 'emirates', mySector: 'dubai', ticketType: 1, direction: 1, legs: [{ flight: 'EK-613', sector: 'ISB-DXB', dayOffset: 0, departs: '04:45', durationMinutes: 185 }] },
  { airline: 'airblue', mySector: 'dubai', ticketType: 1, direction: 1, legs: [{ flight: 'PA-410', sector: 'LHE-DXB', dayOffset: 0, departs: '18:30', durationMinutes: 190 }] },
  {
    airline: 'saudia',
    mySector: 'umrah',
    ticketType: 2,
    direction: 2,
    legs: [
      { flight: 'SV-727', sector: 'KHI-RUH', dayOffset: 0, departs: '03:00', durationMinutes: 215 },
      { flight: 'SV-1020', sector: 'RUH-JED', dayOffset: 0, departs: '09:00', durationMinutes: 110 },
      { flight: 'SV-1021', sector: 'JED-RUH', dayOffset: 14, departs: '15:00', durationMinutes: 105 },
      { flight: 'SV-726', sector: 'RUH-KHI', dayOffset: 14, departs: '21:45', durationMinutes: 205 },
    ],
  },
  {
    airline: 'flyjinnah',
    mySector: 'umrah',
    ticketType: 2,
    direction: 1,
    legs: [
      { flight: '9P-742', sector: 'KHI-JED', dayOffset: 0, departs: '06:00', durationMinutes: 255 },
      { flight: '9P-743', sector: 'JED-KHI', dayOffset: 14, departs: '12:40', durationMinutes: 230 },
    ],
  },
  { airline: 'sereneair', mySector: 'riyadh', ticketType: 1, direction: 1, legs: [{ flight: 'ER-821', sector: 'LHE-RUH', dayOffset: 0, departs: '07:15', durationMinutes: 290 }] },
  { airline: 'airsial', mySector: 'dammam', ticketType: 1, direction: 1, legs: [{ flight: 'PF-734', sector: 'SKT-DMM', dayOffset: 0, departs: '10:00', durationMinutes: 250 }] },
  {
    airline: 'emirates',
    mySector: 'umrah',
    ticketType: 1,
    direction: 2,
    legs: [
      { flight: 'EK-623', sector: 'LHE-DXB', dayOffset: 0, departs: '04:40', durationMinutes: 200 },
      { flight: 'EK-2522', sector: 'DXB-JED', dayOffset: 0, departs: '14:35', durationMinutes: 195 },
    ],
  },
];

/** Price ranges in whole rupees (PRODUCT §3), by my-sector and ticket type. */
export const DEMO_PRICE_RANGES: Readonly<Record<DemoMySector['key'], { oneWay: [number, number]; roundTrip: [number, number] }>> = {
  umrah: { oneWay: [78_000, 125_000], roundTrip: [145_000, 285_000] },
  riyadh: { oneWay: [70_000, 105_000], roundTrip: [130_000, 190_000] },
  dubai: { oneWay: [55_000, 85_000], roundTrip: [95_000, 140_000] },
  dammam: { oneWay: [68_000, 98_000], roundTrip: [120_000, 175_000] },
};

export const DEMO_INFANT_PRICE_RANGES = { oneWay: [18_000, 30_000], roundTrip: [35_000, 55_000] } as const;

export interface DemoAgent {
  key: 'alharam' | 'skyways' | 'capital' | 'multanstar' | 'sialkotwings';
  email: string;
  name: string;
  agencyName: string;
  phone: string;
  officeNo: string;
  officeAddress: string;
  city: string;
  activeStatus: 'approved' | 'pending' | 'rejected';
  source: 'register' | 'admin';
}

/** The first is the documented demo agent (PRODUCT §2): agent@example.com / Agent@12345. */
export const DEMO_AGENTS: readonly DemoAgent[] = [
  {
    key: 'alharam',
    email: 'agent@example.com',
    name: 'Muhammad Bilal Ahmed',
    agencyName: 'Al-Haram Travels',
    phone: '+923004567812',
    officeNo: '+924235761234',
    officeAddress: 'Office 12, Hafeez Centre, Main Boulevard Gulberg III',
    city: 'Lahore',
    activeStatus: 'approved',
    source: 'register',
  },
  {
    key: 'skyways',
    email: 'ayesha.siddiqui@example.com',
    name: 'Ayesha Siddiqui',
    agencyName: 'Sky Ways Travel & Tours',
    phone: '+923211234567',
    officeNo: '+922134567890',
    officeAddress: 'Suite 304, Business Avenue, Shahrah-e-Faisal',
    city: 'Karachi',
    activeStatus: 'approved',
    source: 'admin',
  },
  {
    key: 'capital',
    email: 'imran.qureshi@example.com',
    name: 'Imran Qureshi',
    agencyName: 'Capital Hajj & Umrah Services',
    phone: '+923335551234',
    officeNo: '+92512345678',
    officeAddress: 'Shop 5, Saeed Plaza, Jinnah Avenue, Blue Area',
    city: 'Islamabad',
    activeStatus: 'approved',
    source: 'admin',
  },
  {
    key: 'multanstar',
    email: 'hamza.farooq@example.com',
    name: 'Hamza Farooq',
    agencyName: 'Multan Star Travels',
    phone: '+923067778899',
    officeNo: '+92614512345',
    officeAddress: 'Office 7, Chungi No. 9, Bosan Road',
    city: 'Multan',
    activeStatus: 'pending',
    source: 'register',
  },
  {
    key: 'sialkotwings',
    email: 'naveed.akhtar@example.com',
    name: 'Naveed Akhtar',
    agencyName: 'Sialkot Wings Travel',
    phone: '+923128889900',
    officeNo: '+92524567890',
    officeAddress: 'Paris Road, near Allama Iqbal Chowk',
    city: 'Sialkot',
    activeStatus: 'rejected',
    source: 'register',
  },
];

/** Passenger names, stored upper-case as the booking form normalises them (PRODUCT §4). */
export const DEMO_NAMES = {
  male: ['MUHAMMAD ASLAM', 'ALI RAZA', 'USMAN', 'TARIQ MAHMOOD', 'BILAL', 'HAMZA', 'ZUBAIR', 'FAHAD', 'KASHIF', 'WAQAS'],
  female: ['AYESHA', 'FATIMA', 'SANA', 'MARYAM', 'NADIA', 'ZAINAB', 'RABIA', 'SAIMA'],
  boy: ['AHMED', 'IBRAHIM', 'ABDULLAH', 'HASSAN'],
  girl: ['HAFSA', 'ALEENA', 'AMNA', 'KHADIJA'],
  infant: ['MUSA', 'EMAAN', 'YUSUF', 'HANIA'],
  last: ['KHAN', 'AHMED', 'MALIK', 'QURESHI', 'BUTT', 'CHAUDHRY', 'SHEIKH', 'HUSSAIN', 'IQBAL', 'AWAN'],
} as const;
