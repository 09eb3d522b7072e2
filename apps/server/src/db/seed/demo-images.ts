import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_AIRLINES, DEMO_MY_SECTORS, DEMO_PRICE_RANGES, type DemoMySector } from './demo-catalogue.js';

/**
 * The demo banners and my-sector pictures (issue 21 §11, decision 021): real promotions a Pakistani group-fare
 * wholesaler would run, with readable text in good contrast. Each is an SVG drawn here and rendered once to a
 * committed file under src/db/seed/images by `npm run demo-images -w apps/server` (sharp, fonts of the machine
 * that renders); the seed only copies the committed bytes, so a server without fonts still seeds them right.
 * images/manifest.json keeps the SHA-256 of each SVG: seed.test.ts fails when a design or a price here changes
 * without the files being rendered again.
 */

/** From dist/db/seed or src/db/seed alike: apps/server/src/db/seed/images (like the migrations folder). */
export const DEMO_IMAGES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/db/seed/images');
export const DEMO_IMAGES_MANIFEST = 'manifest.json';

/** The carousel's 8:3 (web banner-timing.ts BANNER_RATIO), wide enough for a 1366 px laptop's content column. */
export const BANNER_SIZE = { width: 1200, height: 450 } as const;
/** Shown as a 40-44 px avatar: a square whose airport code stays legible at that size. */
export const SECTOR_IMAGE_SIZE = { width: 256, height: 256 } as const;

/** The wholesaler's sales desk (settings defaults, settings.table.ts). */
const SALES_DESK = '+92 300 1234567';
const BRAND = 'Group Fares';
const FONT = "'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif";

export interface DemoImage {
  /** File name under DEMO_IMAGES_DIR. */
  file: string;
  format: 'jpeg' | 'png';
  svg: string;
}

const pkr = (amount: number) => `PKR ${amount.toLocaleString('en-US')}`;
const lowest = (key: DemoMySector['key'], trip: 'oneWay' | 'roundTrip') => pkr(DEMO_PRICE_RANGES[key][trip][0]);
const baggage = (...keys: string[]) => {
  const kilos = keys.map((key) => DEMO_AIRLINES.find((airline) => airline.key === key)!.baggageKg);
  const [min, max] = [Math.min(...kilos), Math.max(...kilos)];
  return min === max ? `${min} kg baggage` : `${min}-${max} kg baggage`;
};
const airlines = (...keys: string[]) => keys.map((key) => DEMO_AIRLINES.find((airline) => airline.key === key)!.shortName).join(' · ');

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** Material Design's "flight" glyph (Apache 2.0), 24x24. */
const PLANE_PATH =
  'M21 16v-2l-8-5V3.5c0-.83-.67-1.5-1.5-1.5S10 2.67 10 3.5V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5l8 2.5z';

interface BannerDesign {
  key: string;
  tag: string;
  headline: string;
  price: string;
  details: string;
  /** Background gradient (top left, bottom right): dark enough for white text (4.5:1 or more). */
  background: [string, string];
  /** The tag, the price line and the plane: light enough on the background. */
  accent: string;
}

/** The four demo banners, by the keys demo-data.ts seeds them under. Prices are the lowest the demo groups ask. */
export const DEMO_BANNER_DESIGNS: readonly BannerDesign[] = [
  {
    key: 'umrah-season',
    tag: 'UMRAH SEASON GROUPS',
    headline: 'Umrah groups from Lahore',
    price: `Lahore – Jeddah return from ${lowest('umrah', 'roundTrip')}`,
    details: `${airlines('pia', 'saudia', 'sereneair')}  |  ${baggage('pia', 'saudia', 'sereneair')}`,
    background: ['#0B4D3A', '#06281E'],
    accent: '#F5D67B',
  },
  {
    key: 'ramadan-early-bird',
    tag: 'RAMADAN UMRAH · EARLY BIRD',
    headline: 'Book Ramadan Umrah early',
    price: `Karachi – Jeddah from ${lowest('umrah', 'oneWay')} one way`,
    details: `${airlines('flyjinnah', 'pia', 'airblue')}  |  seats held 3 hours free`,
    background: ['#1E293B', '#0B1120'],
    accent: '#FACC15',
  },
  {
    key: 'riyadh-dammam',
    tag: 'SAUDI ARABIA',
    headline: 'Riyadh & Dammam fares',
    price: `Lahore – Riyadh from ${lowest('riyadh', 'oneWay')} one way`,
    details: `Sialkot – Dammam from ${lowest('dammam', 'oneWay')}  |  ${airlines('sereneair', 'airsial')}`,
    background: ['#14532D', '#0A2E18'],
    accent: '#BEF264',
  },
  {
    key: 'dubai-weekend',
    tag: 'UAE GROUPS',
    headline: 'Dubai group deals',
    price: `Islamabad, Lahore – Dubai from ${lowest('dubai', 'oneWay')}`,
    details: `${airlines('emirates', 'airblue')}  |  ${baggage('emirates', 'airblue')}  |  meals on board`,
    background: ['#0E4F63', '#082F3B'],
    accent: '#FCD34D',
  },
];

/**
 * Where text may start and end: the carousel's previous/next buttons sit on the middle of the left and right
 * edges (about 130 source pixels on a 390 px phone), its dots just above the bottom band.
 */
const TEXT_LEFT = 132;

export function renderBannerSvg(design: BannerDesign): string {
  const { width, height } = BANNER_SIZE;
  const tagWidth = Math.round(design.tag.length * 19.5 + 48);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${design.background[0]}"/>
      <stop offset="1" stop-color="${design.background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="1080" cy="120" r="250" fill="#FFFFFF" fill-opacity="0.05"/>
  <path d="M 1060 350 C 1066 260 1090 190 1118 150" fill="none" stroke="${design.accent}" stroke-opacity="0.5" stroke-width="4" stroke-dasharray="12 10"/>
  <g transform="translate(1128 44) rotate(40) scale(3.4)" fill="${design.accent}"><path d="${PLANE_PATH}"/></g>
  <rect x="${TEXT_LEFT}" y="44" width="${tagWidth}" height="50" rx="25" fill="${design.accent}"/>
  <text x="${TEXT_LEFT + tagWidth / 2}" y="78" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="2" fill="#111827">${escapeXml(design.tag)}</text>
  <text x="${TEXT_LEFT}" y="172" font-family="${FONT}" font-size="68" font-weight="700" fill="#FFFFFF">${escapeXml(design.headline)}</text>
  <text x="${TEXT_LEFT}" y="244" font-family="${FONT}" font-size="42" font-weight="700" fill="${design.accent}">${escapeXml(design.price)}</text>
  <text x="${TEXT_LEFT}" y="308" font-family="${FONT}" font-size="32" fill="#F3F4F6">${escapeXml(design.details)}</text>
  <rect x="0" y="366" width="${width}" height="84" fill="#000000" fill-opacity="0.35"/>
  <text x="${TEXT_LEFT}" y="420" font-family="${FONT}" font-size="34" font-weight="700" fill="#FFFFFF">${BRAND}</text>
  <text x="${width - 64}" y="420" text-anchor="end" font-family="${FONT}" font-size="32" fill="#FFFFFF">Sales desk ${SALES_DESK} · WhatsApp</text>
</svg>
`;
}

interface SectorDesign {
  key: DemoMySector['key'];
  label: string;
  code: string;
  background: [string, string];
  accent: string;
}

/** One picture per demo my sector (DEMO_MY_SECTORS): its airport code big, its name above. */
export const DEMO_SECTOR_DESIGNS: readonly SectorDesign[] = [
  { key: 'umrah', label: 'UMRAH', code: 'JED', background: ['#0A5C42', '#06402E'], accent: '#F5D67B' },
  { key: 'riyadh', label: 'RIYADH', code: 'RUH', background: ['#166534', '#0A3A1D'], accent: '#BEF264' },
  { key: 'dubai', label: 'DUBAI', code: 'DXB', background: ['#0E6378', '#083845'], accent: '#FCD34D' },
  { key: 'dammam', label: 'DAMMAM', code: 'DMM', background: ['#1E3A8A', '#111F4D'], accent: '#7DD3FC' },
];

export function renderSectorSvg(design: SectorDesign): string {
  const { width, height } = SECTOR_IMAGE_SIZE;
  const from = lowest(design.key, 'oneWay');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${design.background[0]}"/>
      <stop offset="1" stop-color="${design.background[1]}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <g transform="translate(214 22) rotate(45) scale(1.6)" fill="${design.accent}"><path d="${PLANE_PATH}"/></g>
  <text x="24" y="58" font-family="${FONT}" font-size="26" font-weight="700" letter-spacing="2" fill="${design.accent}">${design.label}</text>
  <text x="128" y="162" text-anchor="middle" font-family="${FONT}" font-size="88" font-weight="700" fill="#FFFFFF">${design.code}</text>
  <text x="128" y="222" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="700" fill="#FFFFFF">from ${from}</text>
</svg>
`;
}

/** Every demo picture the seed stores, with its file name. */
export function listDemoImages(): DemoImage[] {
  const sectorKeys = new Set(DEMO_MY_SECTORS.map((mySector) => mySector.key));
  return [
    ...DEMO_BANNER_DESIGNS.map((design): DemoImage => ({ file: `banner-${design.key}.jpg`, format: 'jpeg', svg: renderBannerSvg(design) })),
    ...DEMO_SECTOR_DESIGNS.filter((design) => sectorKeys.has(design.key)).map(
      (design): DemoImage => ({ file: `sector-${design.key}.png`, format: 'png', svg: renderSectorSvg(design) }),
    ),
  ];
}

export function hashSvg(svg: string): string {
  return createHash('sha256').update(svg).digest('hex');
}

/** The committed bytes of a demo picture (rendered by render-demo-images.ts). */
export async function readDemoImage(file: string): Promise<Buffer> {
  return readFile(path.join(DEMO_IMAGES_DIR, file));
}
