// The anti-escalation rule on the users screen (access/role-scope.ts): a caller who is not the super
// admin acts only on users whose role's keys are all keys of their own role, and assigns only such
// roles. Every refusal is checked in the error shape and against the database: nothing changed.
import { ROLE_MESSAGES, type User, type UserListItem } from '@console/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRole, createUser, png, storedFiles, TEST_PASSWORD, userForms, userRow } from './users.testing.js';

let t: TestApp;
let admin: TestSession;
/** users.* plus clients.view. */
let actor: TestSession & { email: string };
let ownRole: number;
/** A subset of the actor's keys. */
let weaker: number;
/** The actor's keys plus permissions.manage (the example: a role with the key to grant anything). */
let stronger: number;

const USER_KEYS = ['users.view', 'users.create', 'users.update', 'users.delete', 'users.regenerate-key', 'clients.view'];
const { fields, add, update, editFields } = userForms(() => t);
const REFUSAL = { success: false, code: 'FORBIDDEN', message: ROLE_MESSAGES.beyondOwnRole };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ownRole = await createRole(t, 'User admin', USER_KEYS);
  const u = await createUser(t, ownRole);
  actor = { ...(await t.login({ email: u.email, password: u.password })), email: u.email };
  weaker = await createRole(t, 'Weaker', ['users.view', 'clients.view']);
  stronger = await createRole(t, 'Stronger', [...USER_KEYS, 'permissions.manage', 'permissions.view', 'roles.update']);
});
afterAll(() => t?.close());

/** A user of the role, as the API shows it. */
async function userOf(roleId: number): Promise<User> {
  const { id } = await createUser(t, roleId);
  const res = await t.as(admin, { url: `/api/users?search=${encodeURIComponent((await userRow(t, id))!.email)}` });
  return res.json<{ data: User[] }>().data[0]!;
}
const openSessions = async (userId: number) =>
  (await t.app.db.select().from(sessions).where(eq(sessions.userId, userId))).filter((s) => !s.endedAt);
const denials = (userId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'permission-denied'), eq(auditLog.actorId, userId)))
    .orderBy(desc(auditLog.id));

describe('refused: acting beyond the own role', () => {
  it('creating a user in a stronger role (or role 1): 403 on roleId, nobody created, no file kept', async () => {
    const files = await storedFiles(t);
    for (const roleId of [stronger, 2, 1]) {
      const f = fields({ roleId: String(roleId) });
      const res = await add(actor, f, await png());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ...REFUSAL, fieldErrors: { roleId: ROLE_MESSAGES.beyondOwnRole } });
      expect(await t.app.db.select().from(users).where(eq(users.email, f.email))).toEqual([]);
    }
    expect(await storedFiles(t)).toEqual(files);
    const [row] = await denials(actor.userId);
    expect(row).toMatchObject({
      entity: 'user',
      after: { reason: ROLE_MESSAGES.beyondOwnRole, fieldErrors: { roleId: ROLE_MESSAGES.beyondOwnRole } },
    });
  });

  it('moving a user into a stronger role: 403 on roleId, the row unchanged', async () => {
    const victim = await userOf(weaker);
    const before = await userRow(t, victim.id);
    const res = await update(actor, victim.id, editFields(victim, { roleId: String(stronger), firstname: 'Promoted' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ...REFUSAL, fieldErrors: { roleId: ROLE_MESSAGES.beyondOwnRole } });
    expect(await userRow(t, victim.id)).toEqual(before);
  });

  it('a stronger user: password, e-mail, status, any field, delete and re-key are all refused; nothing changes', async () => {
    const victim = await userOf(stronger);
    const session = await t.login({ email: victim.email, password: TEST_PASSWORD });
    const before = await userRow(t, victim.id);
    const attempts = {
      password: () => update(actor, victim.id, editFields(victim, { password: 'Taken-Over-Pass-9' })),
      email: () => update(actor, victim.id, editFields(victim, { email: 'attacker@example.com' })),
      status: () => update(actor, victim.id, editFields(victim, { status: 'inactive' })),
      demote: () => update(actor, victim.id, editFields(victim, { roleId: String(weaker) })),
      name: () => update(actor, victim.id, editFields(victim, { firstname: 'Renamed' })),
      delete: () => t.as(actor, { method: 'DELETE', url: `/api/users/delete/${victim.id}` }),
      regenerate: () => t.as(actor, { method: 'PATCH', url: `/api/users/${victim.id}/regenerate-api-key` }),
    };
    for (const [name, attempt] of Object.entries(attempts)) {
      const res = await attempt();
      expect([name, res.statusCode]).toEqual([name, 403]);
      expect(res.json()).toEqual(REFUSAL);
    }
    expect(await userRow(t, victim.id)).toEqual(before);
    expect(await openSessions(victim.id)).toHaveLength(1);
    expect((await t.as(session, { url: '/api/modules' })).statusCode).toBe(200);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.email, password: 'Taken-Over-Pass-9' },
    });
    expect(login.statusCode).toBe(400);
    const rows = (await denials(actor.userId)).filter((r) => r.entityId === String(victim.id));
    expect(rows).toHaveLength(Object.keys(attempts).length);
    expect(rows.every((r) => r.entity === 'user')).toBe(true);
  });

  it('a super admin is beyond everyone else, whatever keys they hold', async () => {
    const everything = await createRole(
      t,
      'Every key',
      (await t.as(admin, { url: '/api/role-permissions/1' })).json().data.rolePermissions,
    );
    const u = await createUser(t, everything);
    const s = await t.login({ email: u.email, password: u.password });
    const superUser = await userOf(1);
    const res = await update(s, superUser.id, editFields(superUser, { firstname: 'Hacked' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(REFUSAL);
    expect((await add(s, fields({ roleId: '1' }))).statusCode).toBe(403);
    // ...but every other role is within their reach.
    expect((await add(s, fields({ roleId: String(stronger) }))).statusCode).toBe(200);
  });

  it('nobody changes their own role, not even to a weaker one; their other fields they may', async () => {
    const me = (await t.as(admin, { url: `/api/users?search=${encodeURIComponent(actor.email)}` })).json<{ data: User[] }>().data[0]!;
    const before = await userRow(t, me.id);
    const res = await update(actor, me.id, editFields(me, { roleId: String(weaker) }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'FORBIDDEN',
      message: 'You cannot change your own role or status here',
      fieldErrors: { roleId: 'You cannot change your own role or status here' },
    });
    expect(await userRow(t, me.id)).toEqual(before);
    const renamed = await update(actor, me.id, editFields(me, { lastname: 'Self-edited' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ lastname: 'Self-edited', roleId: ownRole });
  });
});

describe('allowed: roles within the own keys', () => {
  it('creates users in a weaker role and in the own role (equal keys are a subset)', async () => {
    for (const roleId of [weaker, ownRole]) {
      const res = await add(actor, fields({ roleId: String(roleId) }));
      expect(res.statusCode).toBe(200);
      expect(res.json().data.roleId).toBe(roleId);
    }
  });

  it('edits, moves, disables, re-keys and deletes users of such roles', async () => {
    const victim = await userOf(weaker);
    const moved = await update(
      actor,
      victim.id,
      editFields(victim, { roleId: String(ownRole), email: `moved.${victim.id}@example.com`, password: 'Moved-User-Pass-3' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ roleId: ownRole, email: `moved.${victim.id}@example.com` });
    const disabled = await update(actor, victim.id, editFields(moved.json().data, { status: 'inactive' }));
    expect(disabled.json().data.status).toBe('inactive');
    expect((await t.as(actor, { method: 'PATCH', url: `/api/users/${victim.id}/regenerate-api-key` })).statusCode).toBe(200);
    expect((await t.as(actor, { method: 'DELETE', url: `/api/users/delete/${victim.id}` })).statusCode).toBe(200);
    expect(await userRow(t, victim.id)).toBeUndefined();
  });

  it("a role with no keys is within everyone's reach", async () => {
    const empty = await createRole(t, 'No keys', []);
    expect((await add(actor, fields({ roleId: String(empty) }))).statusCode).toBe(200);
  });
});

describe('GET /users and GET /roles say what the caller may act on', () => {
  it('rows carry manageable: true within reach, false beyond it; all true for the super admin', async () => {
    const [weak, strong] = [await userOf(weaker), await userOf(stronger)];
    const list = async (s: TestSession) => (await t.as(s, { url: '/api/users?limit=500' })).json<{ data: UserListItem[] }>().data;
    const mine = new Map((await list(actor)).map((u) => [u.id, u.manageable]));
    expect(mine.get(weak.id)).toBe(true);
    expect(mine.get(strong.id)).toBe(false);
    expect(mine.get(admin.userId)).toBe(false);
    expect(mine.get(actor.userId)).toBe(true);
    expect((await list(admin)).every((u) => u.manageable)).toBe(true);

    const roles = (await t.as(actor, { url: '/api/roles?limit=500' })).json<{ data: { id: number; manageable: boolean }[] }>().data;
    const byId = new Map(roles.map((r) => [r.id, r.manageable]));
    expect([byId.get(1), byId.get(2), byId.get(stronger), byId.get(weaker), byId.get(ownRole)]).toEqual([false, false, false, true, true]);
  });
});

describe('bulk actions', () => {
  it('a bulk delete (one request per user, all at once) deletes those within reach and refuses each other one', async () => {
    const victims = [await userOf(weaker), await userOf(stronger), await userOf(weaker), await userOf(2), await userOf(1)];
    const results = await Promise.all(victims.map((v) => t.as(actor, { method: 'DELETE', url: `/api/users/delete/${v.id}` })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 403, 200, 403, 403]);
    for (const r of results.filter((x) => x.statusCode === 403)) expect(r.json()).toEqual(REFUSAL);
    const left = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.id,
          victims.map((v) => v.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([victims[1]!.id, victims[3]!.id, victims[4]!.id].sort());
  });
});

describe('concurrent requests', () => {
  // The edit form sends the whole row, role included. Without the write lock an edit that read the
  // user in a weaker role would write that role back over a concurrent move into a stronger one
  // (and set the password of a user who is by then beyond reach). With it, either the edit comes
  // first and the move wins, or the move comes first and the edit is refused.
  it('an edit racing a move of the same user into a stronger role never undoes the move', async () => {
    for (let round = 0; round < 6; round++) {
      const victim = await userOf(weaker);
      // Both set a password, so both spend the same time hashing before they reach the database.
      const [edit, move] = await Promise.all([
        update(actor, victim.id, editFields(victim, { password: 'Raced-Pass-44', firstname: 'Edited' })),
        update(admin, victim.id, editFields(victim, { roleId: String(stronger), password: 'Moved-Pass-55' })),
      ]);
      expect(move.statusCode, move.body).toBe(200);
      expect([200, 403], edit.body).toContain(edit.statusCode);
      if (edit.statusCode === 403) expect(edit.json()).toEqual(REFUSAL);
      expect((await userRow(t, victim.id))!.roleId).toBe(stronger);
    }
  });
});
