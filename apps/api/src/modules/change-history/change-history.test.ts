import type { ChangeHistoryEntry, Client, RowHistoryResponse } from '@console/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.js';
import { createClientsService } from '../clients/index.js';
import { multipart, parseCsv } from '../users/users.testing.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { AppError } from '../../lib/app-error.js';

// Change history and revert (issue 18), on clients (a file, a parent, a unique name, row toggles)
// and users (secrets); the routes come from the registry, so every CRUD resource has them.
let t: TestApp;
let admin: TestSession;
let manager: TestSession;
let agent: TestSession;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, agent] = [await t.login('admin'), await t.login('manager'), await t.login('agent')];
  [{ id: companyId }] = await t.app.db.insert(companies).values({ name: 'History Co' }).returning();
});
afterAll(() => t?.close());

let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++seq}`;
type Write = { data: Client };
const add = async (fields: Record<string, string | number>) =>
  (await t.as(admin, { method: 'POST', url: '/api/client/add', ...multipart({ companyId, ...fields }) })).json<Write>().data;
const edit = (id: number, fields: Record<string, string | number>, who = admin) =>
  t.as(who, { method: 'PATCH', url: `/api/client/update/${id}`, ...multipart({ companyId, ...fields }) });
const history = async (id: number, who = admin) =>
  (await t.as(who, { method: 'GET', url: `/api/client/${id}/history` })).json<RowHistoryResponse>().data;
const revert = (id: number, historyId: number, who = admin) =>
  t.as(who, { method: 'POST', url: `/api/client/${id}/history/${historyId}/revert` });
const field = (e: ChangeHistoryEntry, name: string) => e.changes.find((c) => c.field === name);

describe('a row’s history', () => {
  it('lists who changed what, newest first, field by field, without bookkeeping', async () => {
    const c = await add({ name: unique('Hist A'), email: 'a@hist.example' });
    await edit(c.id, { name: `${c.name} v2`, email: 'a@hist.example' });
    const [updated, createdEntry] = await history(c.id);
    expect(updated).toMatchObject({
      action: 'update',
      resource: 'clients',
      entity: 'client',
      entityId: String(c.id),
      actorId: expect.any(Number),
    });
    expect(updated?.actorName).toMatch(/\(admin@example\.com\)$/);
    expect(updated?.changes.map((x) => x.field)).toEqual(['name']);
    expect(field(updated!, 'name')).toEqual({ field: 'name', before: c.name, after: `${c.name} v2` });
    expect(createdEntry).toMatchObject({ action: 'create' });
    expect(field(createdEntry!, 'name')).toEqual({ field: 'name', before: null, after: c.name });
    expect(createdEntry?.changes.some((x) => ['updatedAt', 'createdAt', 'id'].includes(x.field))).toBe(false);
  });

  it('is read with the resource’s view key: 403 without it', async () => {
    const c = await add({ name: unique('Hist key') });
    expect((await t.as(agent, { method: 'GET', url: `/api/client/${c.id}/history` })).statusCode).toBe(403);
    expect((await history(c.id, manager)).length).toBe(1);
  });

  it('never shows a password or an API key', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/users/add',
      payload: {
        firstname: 'Hist',
        lastname: 'User',
        email: `${unique('hist').replace(/\W/g, '')}@hist.example`,
        roleId: 3,
        password: 'Hist-Pass-88123',
        status: 'active',
      },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json<{ data: { id: number } }>().data.id;
    await t.as(admin, { method: 'PATCH', url: `/api/users/${id}/regenerate-api-key` });
    const entries = (await t.as(admin, { method: 'GET', url: `/api/users/${id}/history` })).json<RowHistoryResponse>().data;
    const text = JSON.stringify(entries);
    expect(entries.length).toBeGreaterThanOrEqual(1);
    for (const secret of ['Hist-Pass-88123', '"password"', '"passwordHash"', '"apiKey"', '"apiKeyHash"'])
      expect(text).not.toContain(secret);

    // A user's edit goes back through the users' rules too (their hooks run; the password is not touched).
    const user = (await t.as(admin, { method: 'GET', url: '/api/users', query: { search: 'Hist User' } })).json<{
      data: { id: number; email: string }[];
    }>();
    const email = user.data.find((u) => u.id === id)!.email;
    expect(
      (
        await t.as(admin, {
          method: 'PATCH',
          url: `/api/users/update/${id}`,
          ...multipart({ firstname: 'Hist', lastname: 'Renamed', email, roleId: 3 }),
        })
      ).statusCode,
    ).toBe(200);
    const [renamed] = (await t.as(admin, { method: 'GET', url: `/api/users/${id}/history` })).json<RowHistoryResponse>().data;
    expect(field(renamed!, 'lastname')).toEqual({ field: 'lastname', before: 'User', after: 'Renamed' });
    expect((await t.as(admin, { method: 'POST', url: `/api/users/${id}/history/${renamed!.id}/revert` })).statusCode).toBe(200);
    const [reverted] = (await t.as(admin, { method: 'GET', url: `/api/users/${id}/history` })).json<RowHistoryResponse>().data;
    expect(reverted).toMatchObject({ action: 'revert', revertOf: renamed!.id });
    expect(field(reverted!, 'lastname')).toEqual({ field: 'lastname', before: 'Renamed', after: 'User' });
    expect(reverted!.changes.map((c) => c.field)).toEqual(['lastname']);
  });
});

describe('revert', () => {
  it('an edit two edits ago answers 409 with the field that moved on; the last edit goes back, and the revert is a change itself', async () => {
    const c = await add({ name: unique('Rev A') });
    await edit(c.id, { name: `${c.name} B` });
    await edit(c.id, { name: `${c.name} C` });
    const [second, first] = await history(c.id);
    const refused = await revert(c.id, first!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The row has changed since. Revert the later changes first, or edit it by hand.',
      fieldErrors: { name: `Changed since; now ${c.name} C` },
    });

    const done = await revert(c.id, second!.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ success: true, message: 'Change reverted', data: { id: c.id } });
    const row = (await t.as(admin, { method: 'GET', url: '/api/client', query: { search: c.name } })).json<{ data: Client[] }>().data;
    expect(row.find((r) => r.id === c.id)?.name).toBe(`${c.name} B`);
    const [revertEntry] = await history(c.id);
    expect(revertEntry).toMatchObject({
      action: 'revert',
      revertOf: second!.id,
      id: done.json<{ data: { historyId: number } }>().data.historyId,
    });
    expect(field(revertEntry!, 'name')).toEqual({ field: 'name', before: `${c.name} C`, after: `${c.name} B` });
    // Reverting the revert puts the later value back: the history moves forward.
    expect((await revert(c.id, revertEntry!.id)).statusCode).toBe(200);
    expect(field((await history(c.id))[0]!, 'name')?.after).toBe(`${c.name} C`);
  });

  it('a row toggle goes back through the edit path', async () => {
    const c = await add({ name: unique('Rev toggle') });
    await t.as(admin, { method: 'PATCH', url: `/api/client/update-status/${c.id}`, payload: { status: 'inactive' } });
    const [toggle] = await history(c.id);
    expect(toggle).toMatchObject({ action: 'update-status', changes: [{ field: 'status', before: 'active', after: 'inactive' }] });
    expect((await revert(c.id, toggle!.id)).statusCode).toBe(200);
    expect(field((await history(c.id))[0]!, 'status')).toEqual({ field: 'status', before: 'inactive', after: 'active' });
  });

  it('a deletion restores the row under its old id; again is 409; a name taken meanwhile is a 409 with the name rule', async () => {
    const c = await add({ name: unique('Rev del'), phone: '+32 2 555 01 02' });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${c.id}` })).statusCode).toBe(200);
    const [deleted] = await history(c.id);
    expect(deleted).toMatchObject({ action: 'delete' });
    expect(field(deleted!, 'name')).toEqual({ field: 'name', before: c.name, after: null });
    const restored = await revert(c.id, deleted!.id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ message: 'Row restored', data: { id: c.id } });
    const back = (await t.as(admin, { method: 'GET', url: '/api/client', query: { search: c.name } })).json<{ data: Client[] }>().data;
    expect(back.find((r) => r.id === c.id)).toMatchObject({ name: c.name, phone: '+32 2 555 01 02' });
    expect((await revert(c.id, deleted!.id)).json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The row exists again. There is nothing to restore.',
    });

    expect((await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${c.id}` })).statusCode).toBe(200);
    const [again] = await history(c.id);
    await add({ name: c.name });
    const taken = await revert(c.id, again!.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This company already has a client with this name');
  });

  it('a creation is reverted by removing the row, unless it moved on', async () => {
    const c = await add({ name: unique('Rev create') });
    await edit(c.id, { name: `${c.name} x` });
    const created = (await history(c.id)).find((e) => e.action === 'create')!;
    expect((await revert(c.id, created.id)).json()).toMatchObject({
      code: 'CONFLICT',
      fieldErrors: { name: `Changed since; now ${c.name} x` },
    });
    const d = await add({ name: unique('Rev create 2') });
    const [dCreated] = await history(d.id);
    const removed = await revert(d.id, dCreated!.id);
    expect(removed.json()).toMatchObject({ success: true, message: 'Row removed: its creation is reverted' });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/client/delete/${d.id}` })).statusCode).toBe(404);
  });

  it('needs the resource’s revert key; a change of another row is 404', async () => {
    const c = await add({ name: unique('Rev key') });
    await edit(c.id, { name: `${c.name} 2` });
    const [e] = await history(c.id);
    expect((await revert(c.id, e!.id, agent)).statusCode).toBe(403);
    const other = await add({ name: unique('Rev other') });
    expect((await revert(other.id, e!.id)).statusCode).toBe(404);
    // The Content Manager role holds clients.*, so clients.revert too.
    expect((await revert(c.id, e!.id, manager)).statusCode).toBe(200);
  });
});

describe('the write’s own check (WriteContext.expectRow)', () => {
  it('runs on the row as the write reads it, and its refusal leaves the row as it was', async () => {
    const c = await add({ name: unique('Expect') });
    const service = createClientsService(t.app);
    const seen: unknown[] = [];
    const refuse = (row: unknown) => {
      seen.push(row);
      throw new AppError('CONFLICT', 'moved on');
    };
    const request = {} as FastifyRequest;
    await expect(service.update({ request, expectRow: refuse }, c.id, { name: `${c.name} never`, companyId })).rejects.toThrow('moved on');
    expect(seen).toEqual([expect.objectContaining({ id: c.id, name: c.name })]);
    await expect(service.remove({ request, expectRow: refuse }, c.id)).rejects.toThrow('moved on');
    const [latest] = await history(c.id);
    expect(latest).toMatchObject({ action: 'create' });
    expect(
      (await t.as(admin, { method: 'GET', url: '/api/client', query: { search: c.name } })).json<{ data: Client[] }>().data[0]?.name,
    ).toBe(c.name);
  });
});

describe('GET /change-history', () => {
  it('lists every resource’s changes with filters, 403 without its key, and exports the diff', async () => {
    const c = await add({ name: unique('Global') });
    await edit(c.id, { name: `${c.name} 2` });
    expect((await t.as(manager, { method: 'GET', url: '/api/change-history' })).statusCode).toBe(403);
    const list = await t.as(admin, { method: 'GET', url: '/api/change-history', query: { resource: 'clients', entityId: String(c.id) } });
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ data: ChangeHistoryEntry[]; total: number }>();
    expect(rows.total).toBe(2);
    expect(rows.data.map((r) => r.action)).toEqual(['update', 'create']);
    const today = new Date().toISOString().slice(0, 10);
    const byDay = await t.as(admin, {
      method: 'GET',
      url: '/api/change-history',
      query: { resource: 'clients', entityId: String(c.id), from: today, to: today },
    });
    expect(byDay.json<{ total: number }>().total).toBe(2);
    // A day of the browser's zone: Kiritimati (UTC+14) and Pago Pago (UTC-11) are never on the same date.
    const dayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const kiritimati = dayIn('Pacific/Kiritimati');
    const inZone = (timeZone: string) =>
      t
        .as(admin, {
          method: 'GET',
          url: '/api/change-history',
          query: { resource: 'clients', entityId: String(c.id), from: kiritimati, to: kiritimati, timeZone },
        })
        .then((res) => res.json<{ total: number }>().total);
    expect(await inZone('Pacific/Kiritimati')).toBe(2);
    expect(await inZone('Pacific/Pago_Pago')).toBe(0);
    const before = await t.as(admin, { method: 'GET', url: '/api/change-history', query: { entityId: String(c.id), to: '2000-01-01' } });
    expect(before.json<{ total: number }>().total).toBe(0);
    const someoneElse = await t.as(admin, {
      method: 'GET',
      url: '/api/change-history',
      query: { entityId: String(c.id), actorId: '999999' },
    });
    expect(someoneElse.json<{ total: number }>().total).toBe(0);
    expect((await t.as(admin, { method: 'GET', url: '/api/change-history', query: { resource: 'nope' } })).statusCode).toBe(400);
    // Denials and exports are not changes.
    const all = (await t.as(admin, { method: 'GET', url: '/api/change-history', query: { limit: '500' } })).json<{
      data: ChangeHistoryEntry[];
    }>();
    expect(all.data.some((r) => r.action === 'permission-denied' || r.action === 'export')).toBe(false);

    const csv = await t.as(admin, {
      method: 'GET',
      url: '/api/change-history/export/csv',
      query: { resource: 'clients', entityId: String(c.id) },
    });
    expect(csv.statusCode).toBe(200);
    const [header, first] = parseCsv(csv.body);
    expect(header).toEqual(['Time', 'Who', 'Action', 'Resource', 'Row', 'Changes', 'ID']);
    expect(first?.[5]).toBe(`name: ${c.name} -> ${c.name} 2`);
  });
});
