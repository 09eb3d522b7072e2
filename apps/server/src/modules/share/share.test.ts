import { SHARE_GROUP_NOT_FOUND_MESSAGE, SHARE_MARKUP_MESSAGE, SHARE_SECTOR_EMPTY_MESSAGE } from '@portal/contract/share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertAirline, insertMySector, insertSector } from '../../test/inventory-factories.js';
import { groupLegs, groups } from '../groups/groups.table.js';

let t: TestApp;
let admin: string;
let agent: string;
let airlineId: number;
let mySectorId: number;
let outbound: number;
let inbound: number;
let otherSector: number;
const FROM = 'QSH';
const TO = 'ZSH';

beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent());
  airlineId = await insertAirline(t.db, { fullName: 'Share Air' });
  mySectorId = await insertMySector(t.db, { name: 'Share Sector' });
  outbound = await insertSector(t.db, { from: FROM, to: TO });
  inbound = await insertSector(t.db, { from: TO, to: FROM });
  otherSector = await insertSector(t.db, { from: 'QOT', to: 'ZOT' });
});
afterAll(() => t.close());

let pnrCounter = 0;

async function insertGroup({
  day = 5,
  sectorIds = [outbound],
  price = 185_000,
  infantPrice = 35_000,
  closeStatus = false,
  totalTicket = 40,
}: { day?: number; sectorIds?: number[]; price?: number; infantPrice?: number; closeStatus?: boolean; totalTicket?: number } = {}) {
  pnrCounter += 1;
  const roundTrip = sectorIds.length === 2;
  const [group] = await t.db
    .insert(groups)
    .values({
      pnr: `SHARE${pnrCounter}`,
      airlineId,
      mySectorId,
      ticketType: roundTrip ? 2 : 1,
      direction: 1,
      meal: true,
      ticketsWehave: totalTicket,
      totalTicket,
      price,
      infantPrice,
      closeStatus,
      departureDate: daysFromToday(day),
    })
    .returning();
  await t.db.insert(groupLegs).values(
    sectorIds.map((sectorId, position) => ({
      groupId: group!.id,
      position,
      sectorId,
      flightNumber: `SV ${730 + position}`,
      baggageKg: 30 - position * 5,
      handCarryKg: 7,
      departureDate: daysFromToday(day + position * 10),
      departureTime: '03:30',
      departureAirport: 'Allama Iqbal Intl',
      arrivalDate: daysFromToday(day + position * 10),
      arrivalTime: '07:15',
      arrivalAirport: 'King Abdulaziz Intl',
    })),
  );
  t.dataChanged();
  return group!;
}

function shareText(query: string, token: string | null) {
  return t.app.inject({ method: 'GET', url: `/api/share-text?${query}`, headers: token ? bearer(token) : {} });
}

function setMarkup(payload: Record<string, unknown>, token: string) {
  return t.app.inject({ method: 'POST', url: '/api/update-share-settings', payload, headers: bearer(token) });
}

/** '05 Mar 2026' of a YYYY-MM-DD. */
function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

describe('share-text and update-share-settings (PRODUCT §6, decision 026)', () => {
  it('when nobody is signed in, then share-text answers 401', async () => {
    const group = await insertGroup();
    const response = await shareText(`group_id=${group.id}`, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when an agent with a markup shares a round-trip group, then the text has legs, baggage, meal, fares + markup and its signature, never seats or cost', async () => {
    const saved = await setMarkup({ markup: 2500 }, agent);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ share_markup: 2500 });
    const group = await insertGroup({ day: 6, sectorIds: [outbound, inbound], totalTicket: 37 });
    const response = await shareText(`group_id=${group.id}`, agent);
    expect(response.statusCode, response.body).toBe(200);
    const { text, whatsapp_url } = response.json().data as { text: string; whatsapp_url: string };
    const start = daysFromToday(6);
    const back = daysFromToday(16);
    expect(text).toBe(
      [
        '*Share Air*',
        `${FROM} - ${TO} | ${longDate(start)}`,
        `SV 730 ${FROM}-${TO} ${longDate(start).slice(0, 6)} 03:30 - 07:15`,
        `SV 731 ${TO}-${FROM} ${longDate(back).slice(0, 6)} 03:30 - 07:15`,
        'Baggage: 30kg + 7kg / 25kg + 7kg',
        'Meal: Included',
        'Adult fare: PKR 187,500',
        'Infant fare: PKR 37,500',
        '',
        'For booking:',
        'Test Travels',
        '03001234567',
      ].join('\n'),
    );
    expect(text).not.toContain('37 ');
    expect(text).not.toContain('Group Fares');
    expect(text).not.toMatch(/seat/i);
    expect(whatsapp_url).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
  });

  it('when an agent shares a sector and a date, then every open group of that sector that day is listed, soonest first, and no other', async () => {
    expect((await setMarkup({ markup: '1000' }, agent)).statusCode).toBe(200);
    const first = await insertGroup({ day: 20, price: 90_000, infantPrice: 20_000 });
    const second = await insertGroup({ day: 20, price: 0 });
    await insertGroup({ day: 20, closeStatus: true, price: 70_000 });
    await insertGroup({ day: 21, price: 80_000 });
    await insertGroup({ day: 20, sectorIds: [otherSector], price: 60_000 });
    const response = await shareText(`sector=${FROM.toLowerCase()}-${TO}&date=${daysFromToday(20)}`, agent);
    expect(response.statusCode, response.body).toBe(200);
    const { text } = response.json().data as { text: string };
    const blocks = text.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toContain('Adult fare: PKR 91,000\nInfant fare: PKR 21,000');
    expect(blocks[1]).toContain('Adult fare: Fare on call\nInfant fare: Fare on call');
    expect(text).not.toContain('71,000');
    expect(text).not.toContain('81,000');
    expect(text).not.toContain('QOT');
    expect([first.id, second.id]).toHaveLength(2);
  });

  it('when an administrator shares, then no markup is added and the text is signed with its own name', async () => {
    const group = await insertGroup({ day: 7 });
    const response = await shareText(`group_id=${group.id}`, admin);
    expect(response.statusCode, response.body).toBe(200);
    const { text } = response.json().data as { text: string };
    expect(text).toContain('Adult fare: PKR 185,000\nInfant fare: PKR 35,000');
    expect(text.split('\n\n').at(-1)!.startsWith('For booking:\n')).toBe(true);
  });

  it('when the group is closed, unknown or the sector has nothing that day, then 404; without a form or with both, 422', async () => {
    const closed = await insertGroup({ closeStatus: true });
    expect((await shareText(`group_id=${closed.id}`, agent)).json()).toEqual({ message: SHARE_GROUP_NOT_FOUND_MESSAGE });
    expect((await shareText(`group_id=${closed.id}`, agent)).statusCode).toBe(404);
    expect((await shareText('group_id=999999', agent)).statusCode).toBe(404);
    const empty = await shareText(`sector=${FROM}-${TO}&date=${daysFromToday(90)}`, agent);
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ message: SHARE_SECTOR_EMPTY_MESSAGE });
    expect((await shareText('', agent)).statusCode).toBe(422);
    expect((await shareText(`group_id=${closed.id}&sector=${FROM}-${TO}&date=${daysFromToday(5)}`, agent)).statusCode).toBe(422);
    expect((await shareText(`sector=${FROM}-${TO}`, agent)).json().errors).toEqual({ date: ['The date field is required.'] });
    expect((await shareText(`sector=LAHORE&date=${daysFromToday(5)}`, agent)).statusCode).toBe(422);
  });

  it('when the markup is not a whole number from 0 to 1,000,000, then 422 and the stored markup stays', async () => {
    expect((await setMarkup({ markup: 700 }, agent)).statusCode).toBe(200);
    for (const markup of [-1, 1_000_001, 12.5, 'abc', '']) {
      const response = await setMarkup({ markup }, agent);
      expect(response.statusCode, String(markup)).toBe(422);
      if (markup !== '') expect(response.json().errors).toEqual({ markup: [SHARE_MARKUP_MESSAGE] });
    }
    expect((await setMarkup({}, agent)).statusCode).toBe(422);
    expect((await setMarkup({ markup: 1_000_000 }, agent)).statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(agent) });
    expect(profile.json().data.share_markup).toBe(1_000_000);
    expect((await setMarkup({ markup: 0 }, agent)).statusCode).toBe(200);
  });

  it('when my-profile is read, then it carries share_markup: the agent its own, an administrator 0; administrators cannot set one (403)', async () => {
    expect((await setMarkup({ markup: 4200 }, agent)).statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(agent) });
    expect(profile.json().data.share_markup).toBe(4200);
    expect((await setMarkup({ markup: 100 }, admin)).statusCode).toBe(403);
    const adminProfile = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(admin) });
    expect(adminProfile.json().data.share_markup).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/update-share-settings', payload: { markup: 5 } });
    expect(anonymous.statusCode).toBe(401);
  });
});
