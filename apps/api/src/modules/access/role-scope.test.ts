// The anti-escalation rule (role-scope.ts) beyond the users screen: other users' sessions and
// activity for view-all / revoke-any holders, and the roles screen. The users screen and grants
// have their own files (users.scope.test.ts, grants.test.ts).
import { ROLE_MESSAGES, type UserActivity, type UserSession } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, sessions } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRoleWithKeys, createUser, loginWithKeys } from '../roles/testing.js';

let t: TestApp;
let admin: TestSession;
let manager: TestSession;
let guest: TestSession;
/** Every sessions and activity key, view-all and revoke-any included: weaker than role 2 and role 1. */
let auditor: TestSession;

const REFUSAL = { success: false, code: 'FORBIDDEN', message: ROLE_MESSAGES.beyondOwnRole };
const AUDIT_KEYS = [
  'user-sessions.view',
  'user-sessions.view-all',
  'user-sessions.export',
  'user-sessions.revoke',
  'user-sessions.revoke-any',
  'user-activity.view',
  'user-activity.view-all',
  'user-activity.export',
];

beforeAll(async () => {
  t = await createTestApp();
  [admin, manager, guest] = [await t.login('admin'), await t.login('manager'), await t.login('guest')];
  auditor = await loginWithKeys(t, AUDIT_KEYS);
  for (const s of [admin, manager, guest, auditor]) {
    const res = await t.as(s, {
      method: 'POST',
      url: '/api/auth/user-activity/add',
      payload: { request: {}, screenName: 'Home', eventName: 'view', slug: '/home', description: `by ${s.userId}` },
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(() => t?.close());

const denialsOf = (actorId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'permission-denied'), eq(auditLog.actorId, actorId)));
const isOpen = async (sessionId: string) => (await t.app.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]?.endedAt === null;

describe.each([
  ['user-sessions', (r: UserSession) => r.userId],
  ['user-activity', (r: UserActivity) => r.userId],
] as const)('GET /%s with view-all', (list, userOf) => {
  it("refuses a super admin's and a stronger role's rows, in the list and the export (403, nothing sent, audited)", async () => {
    for (const target of [admin, manager]) {
      const res = await t.as(auditor, { url: `/api/${list}?userId=${target.userId}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSAL);
      const file = await t.as(auditor, { url: `/api/${list}/export/csv?userId=${target.userId}` });
      expect(file.statusCode).toBe(403);
      expect(file.headers['content-disposition']).toBeUndefined();
    }
    const denied = (await denialsOf(auditor.userId)).filter((d) => d.entity === 'user' && d.entityId === String(admin.userId));
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });

  it('shows the rows of users within reach; "everyone" means everyone within reach', async () => {
    const theirs = await t.as(auditor, { url: `/api/${list}?userId=${guest.userId}` });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.length).toBeGreaterThan(0);

    const all = (await t.as(auditor, { url: `/api/${list}?limit=500` })).json<{ data: Parameters<typeof userOf>[0][] }>().data;
    const owners = new Set(all.map((r) => userOf(r as never)));
    expect(owners.has(guest.userId)).toBe(true);
    expect(owners.has(auditor.userId)).toBe(true);
    expect(owners.has(admin.userId)).toBe(false);
    expect(owners.has(manager.userId)).toBe(false);

    // The super admin sees everyone's.
    const everyone = (await t.as(admin, { url: `/api/${list}?limit=500` })).json<{ data: Parameters<typeof userOf>[0][] }>().data;
    const allOwners = new Set(everyone.map((r) => userOf(r as never)));
    for (const s of [admin, manager, guest, auditor]) expect(allOwners.has(s.userId)).toBe(true);
  });
});

describe('POST /user-sessions/:id/end with revoke-any', () => {
  it("refuses to end a super admin's or a stronger role's session: 403, the session still works", async () => {
    for (const target of [admin, manager]) {
      const res = await t.as(auditor, { method: 'POST', url: `/api/user-sessions/${target.sessionId}/end` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(REFUSAL);
      expect(await isOpen(target.sessionId)).toBe(true);
      expect((await t.as(target, { url: '/api/modules' })).statusCode).toBe(200);
    }
    expect((await denialsOf(auditor.userId)).some((d) => d.entity === 'user-session' && d.entityId === admin.sessionId)).toBe(true);
  });

  it('ends the session of a user within reach', async () => {
    const victim = await t.login('guest');
    expect((await t.as(auditor, { method: 'POST', url: `/api/user-sessions/${victim.sessionId}/end` })).statusCode).toBe(200);
    expect((await t.as(victim, { url: '/api/modules' })).statusCode).toBe(401);
  });
});

describe('roles screen', () => {
  const KEYS = ['roles.view', 'roles.update', 'roles.delete', 'users.view'];
  const roleRow = async (id: number) => (await t.app.db.select().from(roles).where(eq(roles.id, id)))[0];

  it('refuses to rename, re-describe or delete a stronger role (or role 1); nothing changes', async () => {
    const editor = await loginWithKeys(t, KEYS);
    const stronger = await createRoleWithKeys(t, [...KEYS, 'users.delete']);
    for (const id of [stronger, 2, 1]) {
      const before = await roleRow(id);
      const renamed = await t.as(editor, {
        method: 'PATCH',
        url: `/api/roles/update/${id}`,
        payload: { name: `Taken ${id}`, description: 'mine now' },
      });
      expect(renamed.statusCode).toBe(403);
      expect(renamed.json()).toEqual(REFUSAL);
      const deleted = await t.as(editor, { method: 'DELETE', url: `/api/roles/delete/${id}` });
      expect(deleted.statusCode).toBe(403);
      expect(deleted.json()).toEqual(REFUSAL);
      expect(await roleRow(id)).toEqual(before);
    }
    expect((await denialsOf(editor.userId)).filter((d) => d.entity === 'role')).toHaveLength(6);
  });

  it('renames and deletes roles within reach (its own keys or fewer)', async () => {
    const editor = await loginWithKeys(t, KEYS);
    const weaker = await createRoleWithKeys(t, ['roles.view']);
    const renamed = await t.as(editor, { method: 'PATCH', url: `/api/roles/update/${weaker}`, payload: { name: `Weaker ${weaker}` } });
    expect(renamed.statusCode).toBe(200);
    expect((await t.as(editor, { method: 'DELETE', url: `/api/roles/delete/${weaker}` })).statusCode).toBe(200);
    expect(await roleRow(weaker)).toBeUndefined();
    // A role held by users is still refused with its own 409.
    const held = await createRoleWithKeys(t, []);
    await createUser(t, held);
    expect((await t.as(editor, { method: 'DELETE', url: `/api/roles/delete/${held}` })).statusCode).toBe(409);
  });
});
