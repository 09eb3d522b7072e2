import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { insertSector } from '../../test/inventory-factories.js';
import { postForm } from '../../test/uploads.js';
import { sectors } from './sectors.table.js';

let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

type Fields = Record<string, string>;
const form = (fields: Fields) => Object.entries(fields) as Array<[string, string]>;

function addSector(fields: Fields, token = admin) {
  return postForm(t.app, '/api/add-sector', form(fields), token);
}

function updateSector(id: number, fields: Fields, token = admin) {
  return postForm(t.app, `/api/updatesector/${id}`, form(fields), token);
}

let codeSeed = 0;
/** A sector with codes no other test uses. */
async function createSector() {
  codeSeed += 1;
  const response = await addSector({ from_sector: `A${codeSeed}`, to_sector: `B${codeSeed}`, from_city: 'city a', to_city: 'city b' });
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; from_sector: string; to_sector: string };
}

describe('POST /api/add-sector', () => {
  it('when codes and cities are typed in lower case, then they are stored upper-case with sector_name "LHE - JED"', async () => {
    const response = await addSector({
      from_sector: ' lhe ',
      to_sector: 'jed',
      from_city: ' lahore',
      to_city: 'jeddah ',
      sector_name: 'whatever the client built',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Sector added successfully!',
      data: {
        id: expect.any(Number),
        sector_name: 'LHE - JED',
        from_sector: 'LHE',
        from_city: 'LAHORE',
        to_sector: 'JED',
        to_city: 'JEDDAH',
        status: 1,
      },
    });
    const [row] = await t.db.select().from(sectors).where(eq(sectors.id, response.json().data.id));
    expect(row).toMatchObject({ fromSector: 'LHE', toSector: 'JED', fromCity: 'LAHORE', toCity: 'JEDDAH', sectorName: 'LHE - JED' });
  });

  it('when the same pair is added again in another case, then 422 on from_sector', async () => {
    const response = await addSector({ from_sector: 'Lhe', to_sector: 'JED', from_city: 'Lahore', to_city: 'Jeddah' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This sector already exists.',
      errors: { from_sector: ['This sector already exists.'] },
    });
  });

  it('when the reverse pair is added, then it is a sector of its own', async () => {
    const response = await addSector({ from_sector: 'JED', to_sector: 'LHE', from_city: 'JEDDAH', to_city: 'LAHORE', status: '0' });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ sector_name: 'JED - LHE', status: 0 });
  });

  it('when JSON is sent, then it is accepted as the form is', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/add-sector',
      payload: { from_sector: 'isb', to_sector: 'dxb', from_city: 'islamabad', to_city: 'dubai', status: 1 },
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.sector_name).toBe('ISB - DXB');
  });

  it('when nothing is sent, then 422 with the four required messages', async () => {
    const response = await addSector({ from_sector: '  ' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The from sector field is required.',
      errors: {
        from_sector: ['The from sector field is required.'],
        from_city: ['The from city field is required.'],
        to_sector: ['The to sector field is required.'],
        to_city: ['The to city field is required.'],
      },
    });
  });

  it('when both ends are the same airport, then 422 on to_sector', async () => {
    const response = await addSector({ from_sector: 'KHI', to_sector: 'khi', from_city: 'KARACHI', to_city: 'KARACHI' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ to_sector: ['The to sector and from sector must be different.'] });
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const fields = { from_sector: 'PEW', to_sector: 'RUH', from_city: 'PESHAWAR', to_city: 'RIYADH' };
    expect((await addSector(fields, agent)).statusCode).toBe(403);
    const anonymous = await addSector(fields, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('POST /api/updatesector/{id}', () => {
  it('when the fields change, then they are upper-cased and the name rebuilt', async () => {
    const sector = await createSector();
    const response = await updateSector(sector.id, { from_sector: 'mux', to_sector: 'dmm', from_city: 'multan', to_city: 'dammam', status: '0' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Sector updated successfully!',
      data: { id: sector.id, sector_name: 'MUX - DMM', from_sector: 'MUX', from_city: 'MULTAN', to_sector: 'DMM', to_city: 'DAMMAM', status: 0 },
    });
  });

  it('when the sector keeps its own pair, then it is not a duplicate of itself', async () => {
    const sector = await createSector();
    const response = await updateSector(sector.id, { from_sector: sector.from_sector, to_sector: sector.to_sector, from_city: 'NEW CITY', to_city: 'OTHER' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ from_city: 'NEW CITY', status: 1 });
  });

  it('when it takes the pair of another live sector, then 422 on from_sector and nothing changes', async () => {
    const sector = await createSector();
    const response = await updateSector(sector.id, { from_sector: 'lhe', to_sector: 'jed', from_city: 'LAHORE', to_city: 'JEDDAH' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ from_sector: ['This sector already exists.'] });
    const [row] = await t.db.select().from(sectors).where(eq(sectors.id, sector.id));
    expect(row!.fromSector).toBe(sector.from_sector);
  });

  it('when a field is blank, then 422 with its message', async () => {
    const sector = await createSector();
    const response = await updateSector(sector.id, { from_sector: 'ABC', to_sector: 'DEF', from_city: '', to_city: 'X' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The from city field is required.',
      errors: { from_city: ['The from city field is required.'] },
    });
  });

  it('when the id is unknown, then 404', async () => {
    const response = await updateSector(999_999, { from_sector: 'ABC', to_sector: 'DEF', from_city: 'X', to_city: 'Y' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Sector not found.' });
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const sector = await createSector();
    const fields = { from_sector: 'ABC', to_sector: 'DEF', from_city: 'X', to_city: 'Y' };
    expect((await updateSector(sector.id, fields, agent)).statusCode).toBe(403);
    expect((await updateSector(sector.id, fields, '')).statusCode).toBe(401);
  });
});

describe('GET /api/deletesector/{id}', () => {
  it('when no group flies the sector, then it is deleted and its pair can be added again', async () => {
    const sector = await createSector();
    const response = await t.app.inject({ method: 'GET', url: `/api/deletesector/${sector.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Sector Deleted successfully!' });
    const again = await addSector({ from_sector: sector.from_sector, to_sector: sector.to_sector, from_city: 'X', to_city: 'Y' });
    expect(again.statusCode).toBe(201);
  });

  it('when a leg of a live group uses it, then 409 with the group count', async () => {
    const sector = await createSector();
    const other = await insertSector(t.db);
    await insertGroupRow(t.db, { sectorIds: [other, sector.id], departureDate: '2030-02-01' });
    await insertGroupRow(t.db, { sectorIds: [sector.id], departureDate: '2030-02-01', deleted: true });
    const response = await t.app.inject({ method: 'GET', url: `/api/deletesector/${sector.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This sector is used by 1 group(s) and cannot be deleted.' });
  });

  it('when the id is unknown or already deleted, then 404', async () => {
    const sector = await createSector();
    await t.app.inject({ method: 'GET', url: `/api/deletesector/${sector.id}`, headers: bearer(admin) });
    const response = await t.app.inject({ method: 'GET', url: `/api/deletesector/${sector.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Sector not found.' });
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const sector = await createSector();
    expect((await t.app.inject({ method: 'GET', url: `/api/deletesector/${sector.id}`, headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/deletesector/${sector.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/listofsectors', () => {
  it('when an admin lists, then the paginator envelope of live sectors, newest first', async () => {
    const newest = await createSector();
    const response = await t.app.inject({ method: 'GET', url: '/api/listofsectors?page=1', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const live = await t.db.$count(sectors, isNull(sectors.deletedAt));
    expect(body).toMatchObject({ current_page: 1, per_page: 20, prev_page_url: null, total: live });
    expect(body.data).toHaveLength(Math.min(live, 20));
    expect(body.data[0]).toMatchObject({ id: newest.id, sector_name: `${newest.from_sector} - ${newest.to_sector}` });
    expect(body.next_page_url).toBe(body.total > 20 ? 'http://localhost:8080/api/listofsectors?page=2' : null);
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/listofsectors', headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/listofsectors' })).statusCode).toBe(401);
  });
});
