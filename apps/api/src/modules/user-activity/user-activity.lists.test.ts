// Search, sort and export of GET /user-activity (the list and the file share one query and one scope).
import type { UserActivity } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { loginWithKeys } from '../roles/testing.js';
import { allListRows, auditRows, parseCsv, pdfText, xlsxRows } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
let manager: TestSession;
let viewer: TestSession & { email: string };

type ActivityList = { data: UserActivity[]; total: number; totalPages: number };
const record = (s: TestSession, screenName: string, eventName: string, slug: string, description: string) =>
  t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: { screenName, eventName, slug, description, request: { slug } } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  viewer = await loginWithKeys(t, ['user-activity.view', 'user-activity.export']);
  for (let i = 0; i < 30; i++)
    await record(manager, `Screen ${String(i).padStart(2, '0')}`, i % 2 ? 'click' : 'page-view', `/demo-admin/p${i}`, `Row ${i}`);
  await record(manager, 'Formula', '=cmd', '/profile/about', '+1 risky @cell');
  await record(manager, 'Needle screen', 'view', '/x', 'plain');
  await record(manager, 'Other', 'needle-event', '/y', 'plain');
  await record(manager, 'Other', 'view', '/needle/path', 'plain');
  await record(manager, 'Other', 'view', '/z', 'a needle in the description');
  await record(manager, 'Percent', 'view', '/p', '100% done');
  await record(admin, 'Admin screen', 'view', '/platform/users', 'admin row');
  await record(viewer, 'Viewer screen', 'view', '/profile/user-activity', 'viewer row');
});
afterAll(() => t?.close());

const list = async (s: TestSession, qs: string) => {
  const res = await t.as(s, { url: `/api/user-activity?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActivityList>();
};

describe('GET /user-activity: search and sort', () => {
  it('searches screen name, event, path and description (escaped wildcards)', async () => {
    const found = await list(manager, 'search=needle&limit=100');
    expect(found.data.map((r) => `${r.screenName}|${r.eventName}|${r.slug}|${r.description}`).sort()).toEqual([
      'Needle screen|view|/x|plain',
      'Other|needle-event|/y|plain',
      'Other|view|/needle/path|plain',
      'Other|view|/z|a needle in the description',
    ]);
    expect((await list(manager, 'search=100%25')).data.map((r) => r.screenName)).toEqual(['Percent']);
    expect((await list(manager, 'search=_')).total).toBe(0);
  });

  it.each(['id', 'userId', 'createdAt', 'screenName', 'eventName', 'slug', 'description', 'ip'] as const)(
    'sorts by %s both ways',
    async (field) => {
      const asc = (await list(admin, `sortField=${field}&sortOrder=asc&limit=500`)).data;
      const desc = (await list(admin, `sortField=${field}&sortOrder=desc&limit=500`)).data;
      // Ties are broken by id in the same direction, so one order is exactly the other reversed.
      expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
      expect(new Set(asc.map((r) => r.id)).size).toBe(asc.length);
      if (field === 'id' || field === 'userId' || field === 'createdAt') {
        const keys = asc.map((r) => (field === 'createdAt' ? Date.parse(r.createdAt) : r[field]));
        expect(keys).toEqual([...keys].sort((x, y) => x - y));
      }
    },
  );

  it('text sorts put the expected extremes first', async () => {
    const asc = (await list(manager, 'sortField=screenName&sortOrder=asc&limit=1')).data[0]!;
    expect(asc.screenName).toBe('Formula');
    const desc = (await list(manager, 'sortField=screenName:desc&sortOrder=desc&limit=1')).data[0]!;
    expect(desc.screenName).toBe('Screen 29');
  });

  it('refuses an unknown sortField with 400 and the allowed names', async () => {
    const res = await t.as(manager, { url: '/api/user-activity?sortField=request' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.sortField).toMatch(/Sortable fields: .*screenName/);
  });

  it('pages through everything without repeats', async () => {
    const all = await allListRows<UserActivity>(t, manager, '/api/user-activity?sortField=eventName');
    const total = (await list(manager, 'limit=1')).total;
    expect(all).toHaveLength(total);
    expect(new Set(all.map((r) => r.id)).size).toBe(total);
    expect(all.every((r) => r.userId === manager.userId)).toBe(true);
  });
});

describe('GET /user-activity/export/:format', () => {
  const header = ['Time', 'User ID', 'Screen', 'Event', 'Path', 'Description', 'IP', 'Session', 'Request', 'ID'];

  it('CSV holds exactly the rows of the list query (all pages, same order), with the formula guard', async () => {
    const query = 'sortField=screenName&sortOrder=desc&search=e';
    const expected = await allListRows<UserActivity>(t, admin, `/api/user-activity?${query}&userId=${manager.userId}`);
    const res = await t.as(admin, { url: `/api/user-activity/export/csv?${query}&userId=${manager.userId}&page=2&limit=5` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user-activity-\d{8}-\d{6}\.csv"$/);
    const [head, ...rows] = parseCsv(res.body);
    expect(head).toEqual(header);
    expect(rows.map((r) => Number(r[9]))).toEqual(expected.map((r) => r.id));
    expect(rows.length).toBeGreaterThan(10);
    const formula = rows.find((r) => r[2] === 'Formula')!;
    expect(formula[3]).toBe("'=cmd");
    expect(formula[5]).toBe("'+1 risky @cell");
    expect(formula[4]).toBe('/profile/about');
    expect(JSON.parse(formula[8]!)).toEqual({ slug: '/profile/about' });
  });

  it("own rows by default; everyone's for view-all; another user's only with view-all", async () => {
    const own = parseCsv((await t.as(viewer, { url: '/api/user-activity/export/csv' })).body).slice(1);
    expect(own.map((r) => Number(r[1]))).toEqual([viewer.userId]);
    const denied = await t.as(viewer, { url: `/api/user-activity/export/csv?userId=${manager.userId}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-disposition']).toBeUndefined();
    expect((await t.as(viewer, { url: `/api/user-activity/export/csv?userId=${viewer.userId}` })).statusCode).toBe(200);

    const everyone = parseCsv((await t.as(admin, { url: '/api/user-activity/export/csv' })).body).slice(1);
    expect(new Set(everyone.map((r) => Number(r[1])))).toEqual(new Set([manager.userId, admin.userId, viewer.userId]));
    // view-all covers users within the holder's reach: role 2's users for a holder of role 2's keys.
    const managerKeys: string[] = (await t.as(admin, { url: '/api/role-permissions/2' })).json().data.rolePermissions;
    const allViewer = await loginWithKeys(t, [...new Set([...managerKeys, 'user-activity.export', 'user-activity.view-all'])]);
    const theirs = parseCsv((await t.as(allViewer, { url: `/api/user-activity/export/csv?userId=${manager.userId}` })).body).slice(1);
    expect(theirs.length).toBe((await list(manager, 'limit=1')).total);
    const weaker = await loginWithKeys(t, ['user-activity.export', 'user-activity.view-all']);
    expect((await t.as(weaker, { url: `/api/user-activity/export/csv?userId=${manager.userId}` })).statusCode).toBe(403);
    const reach = parseCsv((await t.as(weaker, { url: '/api/user-activity/export/csv' })).body).slice(1);
    expect(reach.some((r) => Number(r[1]) === manager.userId || Number(r[1]) === admin.userId)).toBe(false);
  });

  it('needs user-activity.export: the view key alone is not enough', async () => {
    const viewOnly = await loginWithKeys(t, ['user-activity.view']);
    expect((await t.as(viewOnly, { url: '/api/user-activity' })).statusCode).toBe(200);
    expect((await t.as(viewOnly, { url: '/api/user-activity/export/csv' })).statusCode).toBe(403);
    expect((await t.as(manager, { url: '/api/user-activity/export/csv' })).statusCode).toBe(403);
  });

  it('Excel and PDF carry the same rows', async () => {
    const expected = await allListRows<UserActivity>(t, manager, '/api/user-activity?search=needle&sortField=id&sortOrder=asc');
    const xlsx = await t.as(admin, {
      url: `/api/user-activity/export/excel?search=needle&sortField=id&sortOrder=asc&userId=${manager.userId}`,
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await xlsxRows(xlsx.rawPayload);
    expect(sheet[0]).toEqual(header);
    expect(sheet.slice(1).map((r) => Number(r[9]))).toEqual(expected.map((r) => r.id));
    const pdf = await t.as(admin, { url: `/api/user-activity/export/pdf?search=needle&userId=${manager.userId}` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const r of expected) expect(text).toContain(r.slug);
    expect(text).not.toContain('Admin screen');
  });

  it('is audited with the format and the query', async () => {
    await t.as(admin, { url: '/api/user-activity/export/csv?search=needle' });
    const [row] = await auditRows(t, 'export', 'user-activity');
    expect(row).toMatchObject({ actorId: admin.userId, after: { format: 'csv', query: { search: 'needle' } } });
  });

  it('validates the format, the sortField, the time zone and userId before sending anything', async () => {
    for (const url of [
      '/api/user-activity/export/docx',
      '/api/user-activity/export/csv?sortField=nope',
      '/api/user-activity/export/csv?timeZone=Nowhere/City',
      '/api/user-activity/export/csv?userId=abc',
    ]) {
      const res = await t.as(admin, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
  });
});
