import { type Role, ROLE_MESSAGES, SERVER_MESSAGES } from '@console/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { allListRows, auditRows, parseCsv, pdfText, xlsxRows } from '../users/users.testing.js';
import { createUser } from './testing.js';

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t?.close());

type RoleList = { data: Role[]; total: number; totalPages: number };
const list = async (qs = '') => (await t.as(admin, { url: `/api/roles${qs}` })).json<RoleList>();
const add = (payload: object) => t.as(admin, { method: 'POST', url: '/api/roles/add', payload });
const update = (id: number, payload: object) => t.as(admin, { method: 'PATCH', url: `/api/roles/update/${id}`, payload });
const remove = (id: number) => t.as(admin, { method: 'DELETE', url: `/api/roles/delete/${id}` });
const lastAudit = async (entityId: number, action: string) =>
  (
    await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role'), eq(auditLog.entityId, String(entityId)), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('GET /roles', () => {
  it('lists the seeded roles with their user counts, newest first by default', async () => {
    const body = await list('?limit=100');
    expect(body.total).toBe(4);
    expect(body.totalPages).toBe(1);
    const byId = Object.fromEntries(body.data.map((r) => [r.id, r]));
    expect(byId[1]).toMatchObject({ name: 'Super Admin', isSystem: true, userCount: 1 });
    expect(byId[2]).toMatchObject({
      name: 'Content Manager',
      isSystem: false,
      userCount: 1,
      description: 'Manages clients and demo media.',
    });
    expect(byId[4]).toMatchObject({ name: 'Guest', userCount: 1 });
    expect(Date.parse(byId[1]!.createdAt)).not.toBeNaN();
  });

  it('pages, searches name and description, and sorts on every column (sortField before the first colon)', async () => {
    const page = await list('?page=2&limit=3&sortField=id&sortOrder=asc');
    expect(page).toMatchObject({ total: 4, totalPages: 2 });
    expect(page.data.map((r) => r.id)).toEqual([4]);
    expect((await list('?search=guest')).data.map((r) => r.name)).toEqual(['Guest']);
    expect((await list('?search=demo%20media')).data.map((r) => r.name)).toEqual(['Content Manager']);
    expect((await list('?search=100%25')).total).toBe(0);
    const names = (await list('?sortField=name:whatever&sortOrder=desc')).data.map((r) => r.name);
    expect(names).toEqual(['Support Agent', 'Super Admin', 'Guest', 'Content Manager']);
    for (const field of ['id', 'name', 'description', 'userCount', 'createdAt', 'updatedAt']) {
      const res = await t.as(admin, { url: `/api/roles?sortField=${field}&sortOrder=asc` });
      expect(res.statusCode, field).toBe(200);
    }
  });

  it('sorts by user count', async () => {
    const extra = await add({ name: 'Crowded' });
    const id = extra.json().data.id as number;
    await createUser(t, id);
    await createUser(t, id);
    const top = (await list('?sortField=userCount&sortOrder=desc&limit=1')).data[0];
    expect(top).toMatchObject({ name: 'Crowded', userCount: 2 });
  });

  it('refuses an unknown sortField and a bad limit with field errors', async () => {
    const res = await t.as(admin, { url: '/api/roles?sortField=passwordHash' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('sortField');
    const bad = await t.as(admin, { url: '/api/roles?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('limit');
  });
});

describe('POST /roles/add', () => {
  it('creates a role, answers it with userCount 0, and audits it', async () => {
    const res = await add({ name: '  Editors  ', description: 'Edit things' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: ROLE_MESSAGES.created });
    expect(body.data).toMatchObject({ name: 'Editors', description: 'Edit things', isSystem: false, userCount: 0 });
    const row = await lastAudit(body.data.id, 'create');
    expect(row).toMatchObject({ actorId: admin.userId, sessionId: admin.sessionId, after: { name: 'Editors' } });
  });

  it('stores an empty description as none', async () => {
    const res = await add({ name: 'No description', description: '   ' });
    expect(res.json().data.description).toBeNull();
  });

  it('refuses a name already used, ignoring case, with 409 and fieldErrors.name', async () => {
    const res = await add({ name: 'guest' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: ROLE_MESSAGES.nameTaken,
      fieldErrors: { name: ROLE_MESSAGES.nameTaken },
    });
  });

  it('the database refuses a case-variant duplicate too (concurrent requests cannot both win)', async () => {
    await expect(t.app.db.insert(roles).values({ name: 'SUPPORT AGENT' })).rejects.toThrow();
    const results = await Promise.all([add({ name: 'Racer' }), add({ name: 'RACER' }), add({ name: 'racer' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    [{}, 'name', 'Role name is required'],
    [{ name: '   ' }, 'name', 'Role name is required'],
    [{ name: 'x'.repeat(101) }, 'name', 'Role name must be at most 100 characters'],
    [{ name: 'Fine', description: 'x'.repeat(501) }, 'description', 'Must be at most 500 characters'],
    [{ name: 12 }, 'name', undefined],
  ])('validates %j -> fieldErrors.%s', async (payload, field, message) => {
    const res = await add(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION');
    expect(res.json().fieldErrors).toHaveProperty(field);
    if (message) expect(res.json().fieldErrors[field]).toBe(message);
  });

  it('needs the CSRF header', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/roles/add', payload: { name: 'No csrf' }, csrf: null });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CSRF');
  });
});

describe('PATCH /roles/update/:id', () => {
  it('updates name and description, answers the role and audits before/after', async () => {
    const id = (await add({ name: 'Reviewers' })).json().data.id as number;
    const res = await update(id, { name: 'Senior Reviewers', description: 'Review' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: ROLE_MESSAGES.updated,
      data: { id, name: 'Senior Reviewers', description: 'Review' },
    });
    const row = await lastAudit(id, 'update');
    expect(row).toMatchObject({ before: { name: 'Reviewers' }, after: { name: 'Senior Reviewers', description: 'Review' } });
  });

  it("allows changing only the case of its own name, refuses another role's name", async () => {
    const id = (await add({ name: 'Auditors' })).json().data.id as number;
    expect((await update(id, { name: 'AUDITORS' })).statusCode).toBe(200);
    const taken = await update(id, { name: 'content manager' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ name: ROLE_MESSAGES.nameTaken });
  });

  it('role 1 keeps its name (409 with a clear message) but its description can change', async () => {
    const res = await update(1, { name: 'Root' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: ROLE_MESSAGES.superAdminRename,
      fieldErrors: { name: ROLE_MESSAGES.superAdminRename },
    });
    const ok = await update(1, { name: 'Super Admin', description: 'Everything' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ id: 1, name: 'Super Admin', description: 'Everything', isSystem: true });
  });

  it('404 for an unknown role, 400 for a bad id or body', async () => {
    const missing = await update(99_999, { name: 'Ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await update(0, { name: 'x' })).statusCode).toBe(400);
    expect((await t.as(admin, { method: 'PATCH', url: '/api/roles/update/abc', payload: { name: 'x' } })).statusCode).toBe(400);
    const bad = await update(2, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ name: 'Role name is required' });
  });
});

describe('DELETE /roles/delete/:id', () => {
  it('deletes an unused role and audits it', async () => {
    const id = (await add({ name: 'Temporary' })).json().data.id as number;
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ROLE_MESSAGES.deleted });
    expect((await remove(id)).statusCode).toBe(404);
    expect(await lastAudit(id, 'delete')).toMatchObject({ before: { name: 'Temporary' }, after: null });
  });

  it('never deletes role 1', async () => {
    const res = await remove(1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: ROLE_MESSAGES.superAdminDelete });
  });

  it('refuses a role in use with the number of users', async () => {
    const id = (await add({ name: 'Busy' })).json().data.id as number;
    await createUser(t, id);
    await createUser(t, id);
    await createUser(t, id);
    const res = await remove(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'CONFLICT',
      message: 'This role is assigned to 3 users. Move them to another role first.',
    });
    expect(ROLE_MESSAGES.inUse(1)).toBe('This role is assigned to 1 user. Move them to another role first.');
    expect((await remove(2)).json().message).toBe(ROLE_MESSAGES.inUse(1));
  });

  it("removes the role's grants with it", async () => {
    const id = (await add({ name: 'Granted' })).json().data.id as number;
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/roles/${id}/grants`,
      payload: { moduleIds: [4], menuIds: [10], roleKeys: ['profile.view'] },
    });
    expect(put.statusCode).toBe(200);
    expect((await remove(id)).statusCode).toBe(200);
    expect((await t.as(admin, { url: `/api/roles/${id}/grants` })).statusCode).toBe(404);
  });

  it('400 for a bad id, 404 for an unknown one', async () => {
    expect((await remove(-1)).statusCode).toBe(400);
    const res = await remove(123_456);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('GET /roles/export/:format', () => {
  const header = ['ID', 'Name', 'Description', 'Users', 'System', 'Second factor required', 'Created', 'Updated'];

  it('CSV holds exactly the rows of the list query (all pages, same order), formula guard included', async () => {
    await add({ name: '=HYPERLINK("x")', description: '@risky' });
    const query = 'sortField=name&sortOrder=asc&search=e';
    const expected = await allListRows<Role>(t, admin, `/api/roles?${query}`);
    const res = await t.as(admin, { url: `/api/roles/export/csv?${query}&page=2&limit=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="roles-\d{8}-\d{6}\.csv"$/);
    const [head, ...rows] = parseCsv(res.body);
    expect(head).toEqual(header);
    expect(rows.map((r) => [Number(r[0]), r[1], Number(r[3]), r[4]])).toEqual(
      expected.map((r) => [r.id, r.name.startsWith('=') ? `'${r.name}` : r.name, r.userCount, r.isSystem ? 'Yes' : 'No']),
    );
    const risky = rows.find((r) => r[1]!.includes('HYPERLINK'))!;
    expect(risky.slice(1, 3)).toEqual(['\'=HYPERLINK("x")', "'@risky"]);
  });

  it('Excel and PDF carry the same rows; the export is audited', async () => {
    const expected = await allListRows<Role>(t, admin, '/api/roles?sortField=id&sortOrder=asc');
    const sheet = await xlsxRows((await t.as(admin, { url: '/api/roles/export/excel?sortField=id&sortOrder=asc' })).rawPayload);
    expect(sheet[0]).toEqual(header);
    expect(sheet.slice(1).map((r) => Number(r[0]))).toEqual(expected.map((r) => r.id));
    const text = pdfText((await t.as(admin, { url: '/api/roles/export/pdf?search=support' })).rawPayload);
    expect(text).toContain('Support Agent');
    expect(text).not.toContain('Content Manager');
    const [row] = await auditRows(t, 'export', 'role');
    expect(row).toMatchObject({ actorId: admin.userId, after: { format: 'pdf', query: { search: 'support' } } });
  });

  it('400 for an unknown format or sortField, before any download starts', async () => {
    for (const url of ['/api/roles/export/doc', '/api/roles/export/csv?sortField=secret', '/api/roles/export/csv?timeZone=No/Where']) {
      const res = await t.as(admin, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
  });
});

describe('roles and the forbidden answer', () => {
  it('a caller without the keys gets the standard 403', async () => {
    const guest = await t.login('guest');
    const res = await t.as(guest, { url: '/api/roles' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: SERVER_MESSAGES.forbidden });
  });
});
