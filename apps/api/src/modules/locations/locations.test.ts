import { COUNTRY_MESSAGE, type Location } from '@console/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, toneSequences, userRequests } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { auditRows, parseCsv } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

type List = { data: Location[]; total: number; totalPages: number };
let n = 0;
const unique = (p = 'Hall') => `${p} ${Date.now().toString(36)}-${++n}`;
const add = (payload: object) => t.as(admin, { method: 'POST', url: '/api/locations/add', payload });
const update = (id: number | string, payload: object) => t.as(admin, { method: 'PATCH', url: `/api/locations/update/${id}`, payload });
const remove = (id: number) => t.as(admin, { method: 'DELETE', url: `/api/locations/delete/${id}` });
const created = async (payload: object = {}) => (await add({ name: unique(), ...payload })).json<{ data: Location }>().data;

describe('locations CRUD', () => {
  it('adds with every field, lists it with its client and counts, edits and audits', async () => {
    const [company] = await t.app.db
      .insert(companies)
      .values({ name: unique('Loc Co') })
      .returning();
    const [client] = await t.app.db.insert(clients).values({ name: 'Venue Client', companyId: company!.id }).returning();
    const name = unique('Central Station');
    const res = await add({
      name,
      address: '1 Rue Neuve',
      city: 'Brussels',
      country: 'be',
      latitude: 50.85,
      longitude: 4.35,
      clientId: client!.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; message: string; data: Location }>();
    expect(body).toMatchObject({
      success: true,
      message: 'Location added successfully',
      data: {
        name,
        country: 'BE',
        latitude: 50.85,
        longitude: 4.35,
        clientId: client!.id,
        clientName: 'Venue Client',
        status: 'active',
        toneSequences: 0,
        userRequests: 0,
      },
    });
    const listed = (await t.as(admin, { url: `/api/locations?search=${encodeURIComponent(name)}` })).json<List>();
    expect(listed).toMatchObject({ total: 1, totalPages: 1, data: [{ id: body.data.id, city: 'Brussels' }] });
    expect((await t.as(admin, { url: `/api/locations?clientId=${client!.id}` })).json<List>().data.map((l) => l.id)).toEqual([
      body.data.id,
    ]);

    const edited = await update(body.data.id, { name, latitude: null, longitude: null, clientId: null, status: 'inactive' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ latitude: null, longitude: null, clientId: null, clientName: null, status: 'inactive' });
    const audit = (await auditRows(t, 'update', 'location'))[0]!;
    expect(audit).toMatchObject({ entityId: String(body.data.id), before: { status: 'active' }, after: { status: 'inactive' } });
    const inactive = (await t.as(admin, { url: `/api/locations?status=inactive&sortField=name&sortOrder=asc` })).json<List>();
    expect(inactive.data.every((l) => l.status === 'inactive')).toBe(true);
  });

  it.each([
    [{}, 'name', 'Location name is required'],
    [{ name: 'x'.repeat(121) }, 'name', 'Location name must be at most 120 characters'],
    [{ name: 'Ok', country: 'BEL' }, 'country', COUNTRY_MESSAGE],
    // Two letters are not enough: the code must be an assigned ISO 3166-1 country
    [{ name: 'Ok', country: 'XX' }, 'country', COUNTRY_MESSAGE],
    [{ name: 'Ok', country: 'UK' }, 'country', COUNTRY_MESSAGE],
    [{ name: 'Ok', latitude: 91, longitude: 0 }, 'latitude', 'Latitude must be between -90 and 90'],
    [{ name: 'Ok', latitude: 0, longitude: -180.5 }, 'longitude', 'Longitude must be between -180 and 180'],
    [{ name: 'Ok', latitude: 'north', longitude: 1 }, 'latitude', 'Latitude must be a number'],
    [{ name: 'Ok', latitude: 10 }, 'longitude', 'Give both latitude and longitude, or neither'],
    [{ name: 'Ok', clientId: 2147483648 }, 'clientId', 'Must be a whole number from 1 to 2147483647'],
    [{ name: 'Ok', clientId: 999_999 }, 'clientId', 'Choose an existing client'],
    [{ name: 'Ok', status: 'archived' }, 'status', 'Choose active or inactive'],
  ])('refuses %j with fieldErrors.%s', async (payload, key, message) => {
    const res = await add(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { [key]: message } });
  });

  it('409 for a taken name in any case (add and edit); 404 for a missing id', async () => {
    const a = await created();
    const b = await created();
    const dup = await add({ name: a.name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { name: 'A location with this name already exists' } });
    expect((await update(b.id, { name: a.name.toLowerCase() })).statusCode).toBe(409);
    expect((await update(a.id, { name: a.name.toUpperCase() })).statusCode).toBe(200);
    const missing = await update(999_999, { name: unique() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Location not found' });
    expect((await update('abc', { name: 'x' })).statusCode).toBe(400);
  });

  it('reads one location by id with its client and counts (locations.view); 404 for a missing id, 400 for a bad one', async () => {
    const a = await created({ city: 'Ghent', country: 'BE' });
    const one = await t.as(admin, { url: `/api/locations/${a.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ data: { ...a } });
    const missing = await t.as(admin, { url: '/api/locations/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Location not found' });
    expect((await t.as(admin, { url: '/api/locations/abc' })).statusCode).toBe(400);
    const guest = await t.login('guest');
    expect((await t.as(guest, { url: '/api/locations' })).statusCode).toBe(403);
    expect((await t.as(guest, { url: `/api/locations/${a.id}` })).statusCode).toBe(403);
  });

  it('refuses to delete a location with tone sequences or user requests (409 naming each count and suggesting deactivation), then deletes; a second delete is 404', async () => {
    const loc = await created();
    const [seq] = await t.app.db
      .insert(toneSequences)
      .values({ name: 'Entry', code: `L${n}-${Date.now() % 1e6}`.slice(0, 16), locationId: loc.id })
      .returning();
    const blocked = await remove(loc.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This location still has 1 tone sequence. Remove it first, or deactivate the location instead.',
    });
    const listed = (await t.as(admin, { url: `/api/locations?search=${encodeURIComponent(loc.name)}` })).json<List>().data[0];
    expect(listed!.toneSequences).toBe(1);

    await t.app.db.insert(userRequests).values({
      eventId: randomUUID(),
      deviceCode: 'dev-loc',
      toneSequenceId: seq!.id,
      locationId: loc.id,
      toneCode: seq!.code,
      platform: 'ios',
      requestedAt: new Date(),
    });
    // User requests cannot be deleted: the way forward is deactivation.
    expect((await remove(loc.id)).json().message).toBe(
      'This location still has 1 tone sequence and 1 user request. User requests are kept as history and cannot be deleted: deactivate the location instead.',
    );

    const free = await created();
    const res = await remove(free.id);
    expect(res.json()).toEqual({ success: true, message: 'Location deleted successfully' });
    expect((await auditRows(t, 'delete', 'location'))[0]).toMatchObject({ entityId: String(free.id), before: { name: free.name } });
    expect((await remove(free.id)).statusCode).toBe(404);
  });

  it('exports what the list selects as CSV, Excel and PDF', async () => {
    const loc = await created({ city: 'Ghent', country: 'BE', latitude: 51.05, longitude: 3.72 });
    const csv = await t.as(admin, { url: `/api/locations/export/csv?search=${encodeURIComponent(loc.name)}` });
    expect(csv.statusCode).toBe(200);
    const [header, row] = parseCsv(csv.body);
    expect(header).toEqual([
      'ID',
      'Name',
      'Address',
      'City',
      'Country',
      'Latitude',
      'Longitude',
      'Client',
      'Status',
      'Tone sequences',
      'User requests',
      'Created',
    ]);
    expect(row!.slice(0, 7)).toEqual([String(loc.id), loc.name, '', 'Ghent', 'BE', '51.05', '3.72']);
    for (const format of ['excel', 'pdf']) expect((await t.as(admin, { url: `/api/locations/export/${format}` })).statusCode).toBe(200);
    expect((await t.as(admin, { url: '/api/locations/export/docx' })).statusCode).toBe(400);
  });
});
