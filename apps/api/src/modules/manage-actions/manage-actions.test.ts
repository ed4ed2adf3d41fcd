import type { ManageAction } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { loginWithKeys } from '../roles/testing.js';
import { auditRows, parseCsv } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
let nova: number;
let orbit: number;
let novaMedia: number;
let orbitMedia: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Actions Co' }).returning();
  const rows = await t.app.db
    .insert(clients)
    .values([
      { name: 'Actions Nova', companyId: company!.id, type: 'both' },
      { name: 'Actions Orbit', companyId: company!.id, type: 'demo' },
    ])
    .returning();
  nova = rows[0]!.id;
  orbit = rows[1]!.id;
  const file = { mediaType: 'image' as const, file: 'media/x.png', mimeType: 'image/png', size: 10 };
  const m = await t.app.db
    .insert(media)
    .values([
      { kind: 'demo', clientId: nova, title: 'Nova poster', ...file },
      { kind: 'campaign', clientId: orbit, title: 'Orbit clip', campaignName: 'Spring', ...file },
    ])
    .returning();
  novaMedia = m[0]!.id;
  orbitMedia = m[1]!.id;
});
afterAll(() => t?.close());

type List = { data: ManageAction[]; total: number; totalPages: number };
type Write = { success: boolean; responseType: boolean; message: string; data: ManageAction };
let n = 0;
const add = (payload: object) => t.as(admin, { method: 'POST', url: '/api/manage-actions/add', payload });
const update = (id: number, payload: object) => t.as(admin, { method: 'PATCH', url: `/api/manage-actions/update/${id}`, payload });
const remove = (id: number) => t.as(admin, { method: 'DELETE', url: `/api/manage-actions/delete/${id}` });
const created = async (payload: object = {}) =>
  (await add({ clientId: nova, name: `Action ${++n}`, actionType: 'open-url', value: 'https://nova.example', ...payload })).json<Write>()
    .data;

describe('manage-actions CRUD', () => {
  it('adds an action (responseType true, client on the row), lists by client, edits and audits', async () => {
    const res = await add({
      clientId: nova,
      name: 'Spring sale',
      actionType: 'open-url',
      value: 'https://nova.example/sale',
      toneCode: 'ab-12',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Write>();
    expect(body).toMatchObject({
      success: true,
      responseType: true,
      message: 'Action added successfully',
      data: {
        clientId: nova,
        client: { id: nova, name: 'Actions Nova' },
        name: 'Spring sale',
        actionType: 'open-url',
        value: 'https://nova.example/sale',
        media: null,
        toneCode: 'AB-12',
        status: 'active',
      },
    });
    expect((await auditRows(t, 'create', 'manage-action'))[0]).toMatchObject({ entityId: String(body.data.id) });

    const list = (await t.as(admin, { url: `/api/manage-actions?clientId=${nova}&search=spring` })).json<List>();
    expect(list.data.map((a) => a.id)).toEqual([body.data.id]);
    expect((await t.as(admin, { url: `/api/manage-actions?clientId=${orbit}&search=spring` })).json<List>().total).toBe(0);

    const edited = await update(body.data.id, {
      clientId: nova,
      name: 'Spring call',
      actionType: 'call',
      value: '+32 2 555 01 01',
      status: 'inactive',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Write>()).toMatchObject({
      responseType: true,
      message: 'Action updated successfully',
      data: { actionType: 'call', value: '+32 2 555 01 01', toneCode: null, status: 'inactive' },
    });
    expect((await auditRows(t, 'update', 'manage-action'))[0]).toMatchObject({
      entityId: String(body.data.id),
      before: { name: 'Spring sale' },
      after: { name: 'Spring call' },
    });
  });

  it.each([
    ['open-url', 'https://example.com/a?b=1', 'ftp://example.com', 'Enter a web address starting with http:// or https://'],
    ['open-url', 'http://example.com', 'example.com', 'Enter a web address starting with http:// or https://'],
    ['deep-link', 'myapp://offers/42', 'myapp:/offers', 'Enter a link with a scheme, e.g. myapp://offers/42'],
    ['deep-link', 'com.nova.app://home', '://home', 'Enter a link with a scheme, e.g. myapp://offers/42'],
    ['call', '+15550100123', '12345', 'Enter a phone number: 7 to 15 digits, optionally starting with +'],
    ['call', '(02) 555-0100', 'call me', 'Enter a phone number: 7 to 15 digits, optionally starting with +'],
    ['sms', '+44 20 7946 0958', '+1234567890123456', 'Enter a phone number: 7 to 15 digits, optionally starting with +'],
    ['email', 'hello@nova.example', 'hello@nova', 'Invalid email address'],
    ['show-media', 'MEDIA', 'abc', 'Choose a media item of this client'],
    ['show-media', 'MEDIA', '0', 'Choose a media item of this client'],
    ['show-media', 'MEDIA', '99999999999', 'Choose a media item of this client'],
  ])('%s: accepts %s, refuses %s on fieldErrors.value', async (actionType, good, bad, message) => {
    const value = good === 'MEDIA' ? String(novaMedia) : good;
    const ok = await add({ clientId: nova, name: `Good ${++n}`, actionType, value });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Write>().data).toMatchObject({ actionType, value });
    const refused = await add({ clientId: nova, name: `Bad ${++n}`, actionType, value: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { value: message } });
    // The same rule on update.
    const id = ok.json<Write>().data.id;
    const refusedEdit = await update(id, { clientId: nova, name: `Bad ${++n}`, actionType, value: bad });
    expect(refusedEdit.statusCode).toBe(400);
    expect(refusedEdit.json().fieldErrors).toEqual({ value: message });
  });

  it('show-media: carries the media; refuses another client’s media and an unknown one; refuses an empty value and a bad type', async () => {
    const a = await created({ actionType: 'show-media', value: String(novaMedia) });
    expect(a).toMatchObject({ media: { id: novaMedia, title: 'Nova poster' } });
    expect((await t.as(admin, { url: `/api/manage-actions?clientId=${nova}&actionType=show-media` })).json<List>().data).toContainEqual(
      expect.objectContaining({ id: a.id, media: { id: novaMedia, title: 'Nova poster' } }),
    );
    for (const value of [String(orbitMedia), '999999']) {
      const res = await add({ clientId: nova, name: `Foreign ${++n}`, actionType: 'show-media', value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fieldErrors: { value: 'Choose a media item of this client' } });
    }
    // Moving the action to the other client keeps the media of the first: refused.
    expect((await update(a.id, { clientId: orbit, name: a.name, actionType: 'show-media', value: String(novaMedia) })).statusCode).toBe(
      400,
    );
    const orbitAction = await add({ clientId: orbit, name: `Orbit ${++n}`, actionType: 'show-media', value: String(orbitMedia) });
    expect(orbitAction.json<Write>().data.media).toEqual({ id: orbitMedia, title: 'Orbit clip' });
    // Switching to another type drops the media link.
    const switched = await update(a.id, { clientId: nova, name: a.name, actionType: 'email', value: 'a@b.example' });
    expect(switched.json<Write>().data.media).toBeNull();

    const empty = await add({ clientId: nova, name: 'Empty', actionType: 'open-url', value: '  ' });
    expect(empty.json().fieldErrors).toEqual({ value: 'Enter a web address' });
    const type = await add({ clientId: nova, name: 'Typed', actionType: 'fax', value: '1' });
    expect(type.json().fieldErrors).toMatchObject({ actionType: 'Choose an action type' });
    const code = await add({ clientId: nova, name: 'Coded', actionType: 'call', value: '+15550100123', toneCode: 'a_b' });
    expect(code.json().fieldErrors).toEqual({ toneCode: 'A tone code is 4 to 16 of A-Z, 0-9 and -' });
    const client = await add({ clientId: 999_999, name: 'Nobody', actionType: 'call', value: '+15550100123' });
    expect(client.statusCode).toBe(400);
    expect(client.json().fieldErrors).toEqual({ clientId: 'Choose an existing client' });
    expect((await add({ name: 'No client', actionType: 'call', value: '+15550100123' })).json().fieldErrors).toMatchObject({
      clientId: 'Choose a client',
    });
  });

  it('409 for a name the client already has (any case); 404 for a missing id and a second delete', async () => {
    const a = await created({ name: 'Dup action' });
    const clash = await add({ clientId: nova, name: 'DUP ACTION', actionType: 'email', value: 'x@y.example' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { name: 'This client already has an action with this name' } });
    expect((await add({ clientId: orbit, name: 'Dup action', actionType: 'email', value: 'x@y.example' })).statusCode).toBe(200);
    const b = await created();
    expect((await update(b.id, { clientId: nova, name: 'dup action', actionType: 'email', value: 'x@y.example' })).statusCode).toBe(409);
    expect((await update(a.id, { clientId: nova, name: 'Dup action', actionType: 'email', value: 'x@y.example' })).statusCode).toBe(200);

    const missing = await update(999_999, { clientId: nova, name: 'x', actionType: 'email', value: 'x@y.example' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Action not found' });
    // DESIGN s.4b: every manage-actions write answers responseType: true, the delete too.
    expect((await remove(b.id)).json()).toEqual({ success: true, responseType: true, message: 'Action deleted successfully' });
    expect((await auditRows(t, 'delete', 'manage-action'))[0]).toMatchObject({ entityId: String(b.id) });
    expect((await remove(b.id)).statusCode).toBe(404);
  });

  it('a client with actions cannot be deleted (409)', async () => {
    const res = await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${orbit}` });
    expect(res.statusCode).toBe(409);
  });

  it("exports a client's actions as CSV, Excel and PDF", async () => {
    const a = await created({ name: 'Export me', actionType: 'deep-link', value: 'nova://export', toneCode: 'EXP-1' });
    const csv = await t.as(admin, { url: `/api/manage-actions/export/csv?clientId=${nova}&search=export%20me` });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(csv.body);
    expect(header).toEqual(['ID', 'Name', 'Client', 'Type', 'Value', 'Tone code', 'Status', 'Created']);
    expect(rows.map((r) => r.slice(0, 7))).toEqual([
      [String(a.id), 'Export me', 'Actions Nova', 'deep-link', 'nova://export', 'EXP-1', 'active'],
    ]);
    for (const format of ['excel', 'pdf'])
      expect((await t.as(admin, { url: `/api/manage-actions/export/${format}?clientId=${nova}` })).statusCode).toBe(200);
  });

  it('each route needs its manage-actions key; the client picker may read /client with manage-actions.view', async () => {
    const viewer = await loginWithKeys(t, ['manage-actions.view']);
    expect((await t.as(viewer, { url: `/api/manage-actions?clientId=${nova}` })).statusCode).toBe(200);
    expect((await t.as(viewer, { url: '/api/client?limit=500' })).json().data).toContainEqual(
      expect.objectContaining({ id: nova, name: 'Actions Nova' }),
    );
    const denied = await t.as(viewer, {
      method: 'POST',
      url: '/api/manage-actions/add',
      payload: { clientId: nova, name: 'Nope', actionType: 'call', value: '+15550100123' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await t.as(viewer, { url: '/api/manage-actions/export/csv' })).statusCode).toBe(403);
    const nobody = await loginWithKeys(t, ['profile.view']);
    expect((await t.as(nobody, { url: '/api/manage-actions' })).statusCode).toBe(403);
    expect((await t.as(nobody, { url: '/api/client' })).statusCode).toBe(403);
  });

  it('the show-media picker may list media with manage-actions.create; media screens may read /client', async () => {
    const editor = await loginWithKeys(t, ['manage-actions.create']);
    expect((await t.as(editor, { url: `/api/demo-media?clientId=${nova}` })).statusCode).toBe(200);
    expect((await t.as(editor, { url: `/api/campaign-media?clientId=${nova}` })).statusCode).toBe(200);
    expect((await t.as(editor, { url: '/api/demo-media/export/csv' })).statusCode).toBe(403);
    const mediaViewer = await loginWithKeys(t, ['demo-media.view']);
    expect((await t.as(mediaViewer, { url: '/api/client?limit=500' })).statusCode).toBe(200);
    const nobody = await loginWithKeys(t, ['profile.view']);
    expect((await t.as(nobody, { url: '/api/demo-media' })).statusCode).toBe(403);
  });
});
