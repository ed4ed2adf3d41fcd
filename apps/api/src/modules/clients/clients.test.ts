import type { Client } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, manageActions, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { auditRows, multipart, parseCsv, png, storedFiles } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
let companyId: number;
let otherCompanyId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const rows = await t.app.db
    .insert(companies)
    .values([{ name: 'Clients Co A' }, { name: 'Clients Co B' }])
    .returning();
  companyId = rows[0]!.id;
  otherCompanyId = rows[1]!.id;
});
afterAll(() => t?.close());

type List = { data: Client[]; total: number; totalPages: number };
type Write = { success: boolean; message: string; logo?: string | null; data: Client };
let seq = 0;
const uniqueName = (prefix = 'Client') => `${prefix} ${Date.now().toString(36)}-${++seq}`;

function add(fields: Record<string, string | number | undefined>, logo?: Buffer) {
  return t.as(admin, {
    method: 'POST',
    url: '/api/client/add',
    ...multipart(fields, logo ? [{ name: 'logo', filename: 'Brand logo.png', content: logo }] : []),
  });
}
const update = (id: number, fields: Record<string, string | number | undefined>) =>
  t.as(admin, { method: 'PATCH', url: `/api/client/update/${id}`, ...multipart(fields) });
const toggle = (action: string, id: number | string, payload: unknown) =>
  t.as(admin, { method: 'PATCH', url: `/api/client/${action}/${id}`, payload: payload as Record<string, unknown> });
const created = async (fields: Record<string, string | number | undefined> = {}) =>
  (await add({ name: uniqueName(), companyId, ...fields })).json<Write>().data;

describe('POST /client/add', () => {
  it('adds a client with a logo: message, logo and the row with its company and counts; audited', async () => {
    const name = uniqueName('Nova');
    const res = await add(
      { name, companyId, type: 'both', offlineMode: 'true', email: 'hi@nova.example', phone: '+32 2 555 01 01' },
      await png(64, 64),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<Write>();
    expect(body).toMatchObject({
      success: true,
      message: 'Client added successfully',
      data: {
        name,
        companyId,
        company: { id: companyId, name: 'Clients Co A' },
        type: 'both',
        status: 'active',
        offlineMode: true,
        logoName: 'Brand logo.png',
        demoMedia: 0,
        campaignMedia: 0,
        manageActions: 0,
      },
    });
    expect(body.logo).toMatch(/^clients\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(body.data.logo).toBe(body.logo);
    expect(await storedFiles(t)).toContain(body.logo);
    expect((await auditRows(t, 'create', 'client'))[0]).toMatchObject({ entityId: String(body.data.id), after: { name } });
  });

  it('defaults type demo, status active, offline off; JSON bodies work without a logo', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/client/add', payload: { name: uniqueName(), companyId } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo: null, data: { type: 'demo', status: 'active', offlineMode: false, email: null } });
  });

  it('answers 400 with field errors for missing or bad fields and an unknown company', async () => {
    const bad = await add({ name: '', companyId: 'x', type: 'hybrid', email: 'x@' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors).sort()).toEqual(['companyId', 'email', 'name', 'type']);
    const long = await add({ name: 'x'.repeat(121), companyId });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toHaveProperty('name');
    const unknown = await add({ name: uniqueName(), companyId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors: { companyId: 'Choose an existing company' } });
  });

  it('keeps names unique per company whatever the case (409 fieldErrors.name), and allows the name in another company', async () => {
    const first = await created();
    const clash = await add({ name: first.name.toUpperCase(), companyId });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'CONFLICT', fieldErrors: { name: 'This company already has a client with this name' } });
    expect((await add({ name: first.name, companyId: otherCompanyId })).statusCode).toBe(200);
  });
});

describe('GET /client', () => {
  it('lists with the company, filters by type, status and company, searches and sorts', async () => {
    const live = await created({ type: 'live', status: 'inactive', companyId: otherCompanyId, name: uniqueName('Filterable') });
    const all = (await t.as(admin, { url: '/api/client?limit=100' })).json<List>();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const filtered = (await t.as(admin, { url: `/api/client?type=live&status=inactive&companyId=${otherCompanyId}` })).json<List>();
    expect(filtered.data.map((c) => c.id)).toEqual([live.id]);
    expect(filtered.data[0]!.company).toEqual({ id: otherCompanyId, name: 'Clients Co B' });
    const searched = (await t.as(admin, { url: `/api/client?search=${encodeURIComponent(live.name)}` })).json<List>();
    expect(searched.data.map((c) => c.id)).toEqual([live.id]);
    const sorted = (await t.as(admin, { url: '/api/client?sortField=companyName&sortOrder=asc&limit=100' })).json<List>();
    const names = sorted.data.map((c) => c.company.name);
    expect(names).toEqual([...names].sort());
    const bad = await t.as(admin, { url: '/api/client?type=hybrid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('type');
    expect((await t.as(admin, { url: '/api/client?sortField=logo' })).json().fieldErrors).toHaveProperty('sortField');
  });

  it('exports the filtered rows as CSV', async () => {
    await created({ type: 'live', companyId: otherCompanyId });
    await created({ type: 'demo', companyId: otherCompanyId });
    const res = await t.as(admin, { url: `/api/client/export/csv?companyId=${otherCompanyId}&type=live` });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['ID', 'Name', 'Company', 'Type', 'Status', 'Offline', 'E-mail', 'Phone', 'Created']);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual(rows.slice(1).map(() => ['Clients Co B', 'live']));
  });
});

describe('PATCH /client/update/:id', () => {
  it('edits fields, keeps or removes the logo, and answers 404, 409 and 400', async () => {
    const c = (await add({ name: uniqueName(), companyId }, await png(32, 32))).json<Write>();
    const res = await update(c.data.id, { name: `${c.data.name} renamed`, companyId, type: 'live', phone: '+1 555 0100' });
    expect(res.statusCode).toBe(200);
    expect(res.json<Write>()).toMatchObject({ message: 'Client updated successfully', data: { type: 'live', logo: c.logo } });
    const removed = await update(c.data.id, { name: c.data.name, companyId, removeLogo: 'true' });
    expect(removed.json<Write>().data).toMatchObject({ logo: null, logoName: null });
    expect(await storedFiles(t)).not.toContain(c.logo);

    expect((await update(999_999, { name: uniqueName(), companyId })).statusCode).toBe(404);
    const other = await created();
    const clash = await update(c.data.id, { name: other.name, companyId });
    expect(clash.statusCode).toBe(409);
    const bad = await update(c.data.id, { name: c.data.name, companyId, email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ email: 'Invalid email address' });
  });
});

describe('PATCH /client/update/:id keeps the client-type rule (DESIGN s.4b)', () => {
  const mediaOf = (clientId: number, kind: 'demo' | 'campaign', n: number) =>
    t.app.db.insert(media).values(
      Array.from({ length: n }, (_v, i) => ({
        kind,
        clientId,
        title: `${kind} ${i}`,
        mediaType: 'image' as const,
        file: `media/${kind}-${clientId}-${i}.png`,
        mimeType: 'image/png',
        size: 1,
        ...(kind === 'campaign' ? { campaignName: 'Spring' } : {}),
      })),
    );

  it('refuses a type that would orphan media (409 with the count, fieldErrors.type), allows one that keeps them', async () => {
    const c = await created({ type: 'demo' });
    await mediaOf(c.id, 'demo', 36);
    const refused = await update(c.id, { name: c.name, companyId, type: 'live' });
    expect(refused.statusCode).toBe(409);
    const message =
      'This client still has 36 demo media, which need a client of type demo or both. Move them to another client or delete them first.';
    expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT', message, fieldErrors: { type: message } });
    expect((await t.app.db.select().from(clients).where(eq(clients.id, c.id)))[0]?.type).toBe('demo');

    // both keeps demo media; then one campaign media blocks the way back to demo only.
    expect((await update(c.id, { name: c.name, companyId, type: 'both' })).statusCode).toBe(200);
    await mediaOf(c.id, 'campaign', 1);
    const back = await update(c.id, { name: c.name, companyId, type: 'demo' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(
      'This client still has 1 campaign media, which needs a client of type live or both. Move it to another client or delete it first.',
    );
  });

  it('a client whose old rows already break the rule can still be edited when its type stays', async () => {
    const c = await created({ type: 'live' });
    await mediaOf(c.id, 'demo', 2);
    const res = await update(c.id, { name: `${c.name} edited`, companyId, type: 'live' });
    expect(res.statusCode).toBe(200);
  });
});

describe('PATCH /client/update-status/:id and /client/update-offline-mode/:id', () => {
  it('toggles one column, answers the row, audits the action', async () => {
    const c = await created();
    const status = await toggle('update-status', c.id, { status: 'inactive' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      success: true,
      message: 'Client status updated successfully',
      data: { id: c.id, status: 'inactive' },
    });
    const offline = await toggle('update-offline-mode', c.id, { offlineMode: true });
    expect(offline.json()).toMatchObject({
      message: 'Client offline mode updated successfully',
      data: { offlineMode: true, status: 'inactive' },
    });
    expect((await auditRows(t, 'update-status', 'client'))[0]).toMatchObject({
      entityId: String(c.id),
      before: { status: 'active' },
      after: { status: 'inactive' },
    });
    expect((await auditRows(t, 'update-offline-mode', 'client'))[0]).toMatchObject({ after: { offlineMode: true } });
  });

  it('answers 400 for bad bodies and ids, 404 for a missing client', async () => {
    const c = await created();
    expect((await toggle('update-status', c.id, { status: 'paused' })).json().fieldErrors).toHaveProperty('status');
    expect((await toggle('update-offline-mode', c.id, { offlineMode: 'yes' })).statusCode).toBe(400);
    expect((await toggle('update-status', 'abc', { status: 'active' })).statusCode).toBe(400);
    expect((await toggle('update-status', 999_999, { status: 'active' })).statusCode).toBe(404);
    expect((await toggle('update-offline-mode', 999_999, { offlineMode: false })).json()).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
  });
});

describe('DELETE /client/delete/:id', () => {
  it('refuses while media or actions use the client (409 with the count), deletes otherwise with its logo; 404 after', async () => {
    const c = (await add({ name: uniqueName('Used'), companyId, type: 'both' }, await png())).json<Write>();
    const id = c.data.id;
    const [m] = await t.app.db
      .insert(media)
      .values({ kind: 'demo', clientId: id, title: 'Clip', mediaType: 'image', file: 'media/x.png', mimeType: 'image/png', size: 1 })
      .returning();
    await t.app.db.insert(manageActions).values({ clientId: id, name: 'Open', actionType: 'open-url', value: 'https://example.com' });
    const listed = (await t.as(admin, { url: `/api/client?search=${encodeURIComponent(c.data.name)}` })).json<List>().data[0]!;
    expect(listed).toMatchObject({ demoMedia: 1, campaignMedia: 0, manageActions: 1 });

    const blocked = await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${id}` });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'This client still has 2 media files or actions. Delete them first.',
    });

    await t.app.db.delete(manageActions).where(eq(manageActions.clientId, id));
    await t.app.db.delete(media).where(eq(media.id, m!.id));
    const res = await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Client deleted successfully' });
    expect(await storedFiles(t)).not.toContain(c.logo);
    expect((await auditRows(t, 'delete', 'client'))[0]).toMatchObject({ entityId: String(id) });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${id}` })).statusCode).toBe(404);
  });

  it('a company with clients answers the in-use 409, not a 500', async () => {
    const [co] = await t.app.db
      .insert(companies)
      .values({ name: uniqueName('Parent') })
      .returning();
    await t.app.db.insert(clients).values({ companyId: co!.id, name: 'Child' });
    const res = await t.as(admin, { method: 'DELETE', url: `/api/companies/delete/${co!.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This company still has 1 user or client. Move it to another company or delete it first.');
  });
});
