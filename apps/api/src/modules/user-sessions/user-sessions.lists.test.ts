// Search, sort and export of GET /user-sessions (the list and the file share one query and one scope).
import type { UserSession } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionFrom, type TestApp, type TestSession, USERS } from '../../test/test-app.js';
import { loginWithKeys } from '../roles/testing.js';
import { allListRows, auditRows, parseCsv, pdfText, xlsxRows } from '../users/users.testing.js';
import { formatDuration } from './user-sessions.list.js';

let t: TestApp;
let admin: TestSession;
let manager: TestSession;

type SessionList = { data: UserSession[]; total: number; totalPages: number };

/** Signs in from a given address and browser. */
async function loginFrom(who: keyof typeof USERS, ip: string, userAgent: string, rememberMe = false) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { ...USERS[who], rememberMe },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sessionFrom(res);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  manager = await t.login('manager');
  await loginFrom('manager', '10.1.2.3', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');
  await loginFrom('manager', '10.1.2.4', 'Mozilla/5.0 (Macintosh) Safari/17.0', true);
  const ended = await loginFrom('manager', '192.168.7.7', 'curl/8.5.0');
  await t.as(ended, { method: 'POST', url: '/api/auth/logout' });
  await loginFrom('guest', '10.9.9.9', 'GuestBrowser/1.0');
  t.clock.advance(5_000);
  await t.as(manager, { method: 'POST', url: '/api/auth/heartbeat' });
});
afterAll(() => t?.close());

const list = async (s: TestSession, qs: string) => {
  const res = await t.as(s, { url: `/api/user-sessions?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SessionList>();
};

describe('GET /user-sessions: search and sort', () => {
  it("searches by IP address, user agent and end reason, within the caller's own sessions", async () => {
    expect((await list(manager, 'search=10.1.2')).data.map((s) => s.ip).sort()).toEqual(['10.1.2.3', '10.1.2.4']);
    expect((await list(manager, 'search=firefox')).data.map((s) => s.userAgent)).toEqual(['Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0']);
    expect((await list(manager, 'search=logout')).data.map((s) => s.ip)).toEqual(['192.168.7.7']);
    expect((await list(manager, 'search=10.9.9.9')).total).toBe(0); // the guest's session is not the manager's
    expect((await list(admin, 'search=10.9.9.9')).total).toBe(1); // the super admin sees everyone's
  });

  it.each(['startedAt', 'lastSeenAt', 'endedAt', 'durationMs', 'ip', 'userAgent', 'rememberMe', 'endReason', 'userId'] as const)(
    'sorts by %s both ways',
    async (field) => {
      const asc = (await list(admin, `sortField=${field}&sortOrder=asc&limit=500`)).data;
      const desc = (await list(admin, `sortField=${field}&sortOrder=desc&limit=500`)).data;
      expect(new Set(asc.map((r) => r.id)).size).toBe(asc.length);
      expect(desc.map((r) => r.id).sort()).toEqual(asc.map((r) => r.id).sort());
      const nullable = field === 'endedAt' || field === 'endReason';
      // Empty values go last in both directions; the rest is one order reversed (ties broken by id).
      const present = (rows: UserSession[]) => rows.filter((r) => !nullable || r[field] !== null).map((r) => r.id);
      expect(present(desc)).toEqual(present(asc).reverse());
      if (nullable) expect(asc.at(-1)![field]).toBeNull();
      if (field === 'durationMs' || field === 'userId') {
        const keys = asc.map((r) => r[field]);
        expect(keys).toEqual([...keys].sort((x, y) => x - y));
      }
      if (field === 'startedAt' || field === 'lastSeenAt') {
        const keys = asc.map((r) => Date.parse(r[field]));
        expect(keys).toEqual([...keys].sort((x, y) => x - y));
      }
    },
  );

  it('refuses sorting by a column that is not on the screen (and never by the token hash)', async () => {
    for (const field of ['tokenHash', 'current', 'expiresAt']) {
      const res = await t.as(manager, { url: `/api/user-sessions?sortField=${field}` });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('sortField');
    }
  });
});

describe('GET /user-sessions/export/:format', () => {
  const header = [
    'Started',
    'Last seen',
    'Ended',
    'Duration',
    'End reason',
    'IP',
    'User agent',
    'Keep me logged in',
    'Current',
    'User ID',
    'Session ID',
  ];

  it('CSV holds exactly the rows of the list query (all pages, same order)', async () => {
    const query = 'sortField=ip&sortOrder=desc';
    const expected = await allListRows<UserSession>(t, admin, `/api/user-sessions?${query}`);
    const res = await t.as(admin, { url: `/api/user-sessions/export/csv?${query}&page=3&limit=1` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="user-sessions-\d{8}-\d{6}\.csv"$/);
    const [head, ...rows] = parseCsv(res.body);
    expect(head).toEqual(header);
    expect(rows.map((r) => r[10])).toEqual(expected.map((s) => s.id));
    expect(rows.map((r) => [r[3], r[4], r[5], r[6], r[7], r[8], Number(r[9])])).toEqual(
      expected.map((s) => [
        formatDuration(s.durationMs),
        s.endReason ?? '',
        s.ip ?? '',
        s.userAgent ?? '',
        s.rememberMe ? 'Yes' : 'No',
        s.current ? 'Yes' : 'No',
        s.userId,
      ]),
    );
    // the admin's own request session is the current one
    expect(rows.filter((r) => r[8] === 'Yes').map((r) => r[10])).toEqual([admin.sessionId]);
  });

  it("own sessions by default; another user's only with view-all", async () => {
    const own = await loginWithKeys(t, ['user-sessions.view', 'user-sessions.export']);
    const mine = parseCsv((await t.as(own, { url: '/api/user-sessions/export/csv' })).body).slice(1);
    expect(mine.map((r) => r[10])).toEqual([own.sessionId]);
    const denied = await t.as(own, { url: `/api/user-sessions/export/csv?userId=${manager.userId}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-disposition']).toBeUndefined();

    // view-all covers users within the holder's reach: role 2's users for a holder of role 2's
    // keys, never the super admin's.
    const managerKeys: string[] = (await t.as(admin, { url: '/api/role-permissions/2' })).json().data.rolePermissions;
    const allViewer = await loginWithKeys(t, [...new Set([...managerKeys, 'user-sessions.export', 'user-sessions.view-all'])]);
    const theirs = parseCsv(
      (await t.as(allViewer, { url: `/api/user-sessions/export/csv?userId=${manager.userId}&search=10.1.2` })).body,
    ).slice(1);
    expect(theirs.map((r) => r[5]).sort()).toEqual(['10.1.2.3', '10.1.2.4']);
    const everyone = parseCsv((await t.as(allViewer, { url: '/api/user-sessions/export/csv' })).body).slice(1);
    const expected = (await allListRows<UserSession>(t, admin, '/api/user-sessions')).filter((s) => s.userId !== admin.userId);
    expect(everyone.map((r) => r[10]).sort()).toEqual(expected.map((s) => s.id).sort());
    const weaker = await loginWithKeys(t, ['user-sessions.export', 'user-sessions.view-all']);
    expect((await t.as(weaker, { url: `/api/user-sessions/export/csv?userId=${manager.userId}` })).statusCode).toBe(403);
  });

  it('needs user-sessions.export: the view key alone is not enough', async () => {
    expect((await t.as(manager, { url: '/api/user-sessions' })).statusCode).toBe(200);
    expect((await t.as(manager, { url: '/api/user-sessions/export/csv' })).statusCode).toBe(403);
  });

  it('Excel and PDF carry the same rows; the export is audited', async () => {
    const expected = await allListRows<UserSession>(
      t,
      admin,
      `/api/user-sessions?userId=${manager.userId}&sortField=startedAt&sortOrder=asc`,
    );
    const xlsx = await t.as(admin, { url: `/api/user-sessions/export/excel?userId=${manager.userId}&sortField=startedAt&sortOrder=asc` });
    const sheet = await xlsxRows(xlsx.rawPayload);
    expect(sheet[0]).toEqual(header);
    expect(sheet.slice(1).map((r) => r[10])).toEqual(expected.map((s) => s.id));
    const pdf = await t.as(admin, { url: `/api/user-sessions/export/pdf?userId=${manager.userId}` });
    const text = pdfText(pdf.rawPayload);
    for (const ip of ['10.1.2.3', '10.1.2.4', '192.168.7.7']) expect(text).toContain(ip);
    expect(text).not.toContain('10.9.9.9');
    const [row] = await auditRows(t, 'export', 'user-session');
    expect(row).toMatchObject({ actorId: admin.userId, after: { format: 'pdf', query: { userId: manager.userId } } });
  });

  it('validates the format, the sortField and userId before sending anything', async () => {
    for (const url of [
      '/api/user-sessions/export/txt',
      '/api/user-sessions/export/csv?sortField=tokenHash',
      '/api/user-sessions/export/csv?userId=0',
    ]) {
      const res = await t.as(admin, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-disposition'], url).toBeUndefined();
    }
  });
});
