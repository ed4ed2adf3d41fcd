import type { Location, ToneSequence } from '@console/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRequests } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { auditRows, parseCsv } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
let hall: Location;
let gate: Location;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const loc = async (name: string) =>
    (await t.as(admin, { method: 'POST', url: '/api/locations/add', payload: { name } })).json<{ data: Location }>().data;
  hall = await loc('Sequence Hall');
  gate = await loc('Sequence Gate');
});
afterAll(() => t?.close());

type List = { data: ToneSequence[]; total: number; totalPages: number };
let n = 0;
const code = () => `TS-${Date.now().toString(36).toUpperCase().slice(-6)}${++n}`;
const add = (payload: object) => t.as(admin, { method: 'POST', url: '/api/tone-sequences/add', payload });
const update = (id: number, payload: object) => t.as(admin, { method: 'PATCH', url: `/api/tone-sequences/update/${id}`, payload });
const remove = (id: number) => t.as(admin, { method: 'DELETE', url: `/api/tone-sequences/delete/${id}` });
const created = async (payload: object = {}) =>
  (await add({ name: `Seq ${++n}`, code: code(), locationId: hall.id, ...payload })).json<{ data: ToneSequence }>().data;

describe('tone sequences CRUD', () => {
  it('adds (code upper-cased), lists by location, edits, moves and audits', async () => {
    const c = code();
    const res = await add({ name: 'Entrance chime', code: c.toLowerCase(), locationId: hall.id });
    expect(res.statusCode).toBe(200);
    const seq = res.json<{ message: string; data: ToneSequence }>();
    expect(seq).toMatchObject({
      message: 'Tone sequence added successfully',
      data: { name: 'Entrance chime', code: c, locationId: hall.id, locationName: 'Sequence Hall', status: 'active' },
    });
    const list = (await t.as(admin, { url: `/api/tone-sequences?locationId=${hall.id}&sortField=code&sortOrder=asc` })).json<List>();
    expect(list.data.every((s) => s.locationId === hall.id)).toBe(true);
    expect(list.data.map((s) => s.id)).toContain(seq.data.id);
    expect((await t.as(admin, { url: `/api/tone-sequences?locationId=${gate.id}` })).json<List>().total).toBe(0);
    const hallRow = (await t.as(admin, { url: '/api/locations?search=Sequence%20Hall' })).json<{ data: Location[] }>().data[0];
    expect(hallRow!.toneSequences).toBeGreaterThanOrEqual(1);

    const moved = await update(seq.data.id, { name: 'Gate chime', code: c, locationId: gate.id, status: 'inactive' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ locationId: gate.id, locationName: 'Sequence Gate', status: 'inactive' });
    expect((await auditRows(t, 'update', 'tone-sequence'))[0]).toMatchObject({
      entityId: String(seq.data.id),
      after: { name: 'Gate chime' },
    });
  });

  it.each([
    [{ code: 'AB12', locationId: 1 }, 'name', 'Tone sequence name is required'],
    [{ name: 'x', code: 'AB1', locationId: 1 }, 'code', 'A tone code is 4 to 16 of A-Z, 0-9 and -'],
    [{ name: 'x', code: 'AB_12', locationId: 1 }, 'code', 'A tone code is 4 to 16 of A-Z, 0-9 and -'],
    [{ name: 'x', code: 'A'.repeat(17), locationId: 1 }, 'code', 'A tone code is 4 to 16 of A-Z, 0-9 and -'],
    [{ name: 'x', code: 'AB12' }, 'locationId', 'Location is required'],
    [{ name: 'x', code: 'AB12', locationId: 999_999 }, 'locationId', 'Choose an existing location'],
    [{ name: 'x', code: 'AB12', locationId: 1, status: 'paused' }, 'status', 'Choose active or inactive'],
  ])('refuses %j with fieldErrors.%s', async (payload, key, message) => {
    const body = 'locationId' in payload && payload.locationId === 1 ? { ...payload, locationId: hall.id } : payload;
    const res = await add(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { [key]: message } });
  });

  it('409: a code is unique across locations, a name within its location; 404 for a missing id', async () => {
    const a = await created({ name: 'Dup name' });
    const clash = await add({ name: 'Other', code: a.code.toLowerCase(), locationId: gate.id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { code: 'This code is already used by another tone sequence' } });
    const name = await add({ name: 'DUP NAME', code: code(), locationId: hall.id });
    expect(name.statusCode).toBe(409);
    expect(name.json().fieldErrors).toEqual({ name: 'This location already has a tone sequence with this name' });
    // The same name at another location is fine.
    expect((await add({ name: 'Dup name', code: code(), locationId: gate.id })).statusCode).toBe(200);
    const b = await created();
    expect((await update(b.id, { name: b.name, code: a.code, locationId: hall.id })).statusCode).toBe(409);
    expect((await update(a.id, { name: a.name, code: a.code, locationId: hall.id })).statusCode).toBe(200);
    const missing = await update(999_999, { name: 'x', code: code(), locationId: hall.id });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Tone sequence not found');
  });

  it('refuses to delete a sequence with user requests (409 with the count), deletes one without; a second delete is 404', async () => {
    const used = await created();
    await t.app.db.insert(userRequests).values(
      [1, 2].map(() => ({
        eventId: randomUUID(),
        deviceCode: 'dev-seq',
        toneSequenceId: used.id,
        locationId: used.locationId,
        toneCode: used.code,
        platform: 'android' as const,
        requestedAt: new Date(),
      })),
    );
    const blocked = await remove(used.id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('This tone sequence has 2 user requests. Set it inactive instead, or delete those requests first.');
    const free = await created();
    expect((await remove(free.id)).json()).toEqual({ success: true, message: 'Tone sequence deleted successfully' });
    expect((await auditRows(t, 'delete', 'tone-sequence'))[0]).toMatchObject({ entityId: String(free.id) });
    expect((await remove(free.id)).statusCode).toBe(404);
  });

  it("exports a location's sequences", async () => {
    const s = await created({ locationId: gate.id, name: 'Export me' });
    const csv = await t.as(admin, { url: `/api/tone-sequences/export/csv?locationId=${gate.id}&search=export` });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(['ID', 'Name', 'Code', 'Location', 'Status', 'Created']);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([[String(s.id), 'Export me', s.code, 'Sequence Gate']]);
    for (const format of ['excel', 'pdf'])
      expect((await t.as(admin, { url: `/api/tone-sequences/export/${format}?locationId=${gate.id}` })).statusCode).toBe(200);
  });
});
