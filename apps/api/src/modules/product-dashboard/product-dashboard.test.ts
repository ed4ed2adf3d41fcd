import { randomUUID } from 'node:crypto';
import type { ProductDashboard } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, sessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { loginWithKeys } from '../roles/testing.js';
import { createUser } from '../users/users.testing.js';

let t: TestApp;
let admin: TestSession;
const DAY = 86_400_000;

/** The calendar day of an instant in a time zone, as yyyy-MM-dd. */
const dayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

async function insertSession(startedAt: Date, extra: Partial<typeof sessions.$inferInsert> = {}) {
  const id = randomUUID();
  await t.app.db.insert(sessions).values({
    id,
    userId: admin.userId,
    tokenHash: randomUUID().replace(/-/g, '').padEnd(64, '0'),
    startedAt,
    lastSeenAt: startedAt,
    expiresAt: new Date(startedAt.getTime() + 12 * 3_600_000),
    endedAt: new Date(startedAt.getTime() + 60_000),
    endReason: 'logout',
    ...extra,
  });
  return id;
}

const dashboard = async (s: TestSession = admin, qs = '') => {
  const res = await t.as(s, { url: `/api/product-dashboard${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ProductDashboard }>().data;
};

beforeAll(async () => {
  t = await createTestApp({ idleTimeoutMs: 600_000 });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

describe('GET /product-dashboard', () => {
  it('counts companies, users, active users and roles of the seed', async () => {
    const d = await dashboard();
    expect(d).toMatchObject({ companies: 3, users: 4, activeUsers: 4, roles: 4 });
    await t.app.db.update(users).set({ status: 'inactive' }).where(eq(users.email, 'guest@example.com'));
    try {
      await t.app.db.insert(companies).values({ name: 'Dashboard Co' });
      expect(await dashboard()).toMatchObject({ companies: 4, users: 4, activeUsers: 3 });
    } finally {
      await t.app.db.update(users).set({ status: 'active' }).where(eq(users.email, 'guest@example.com'));
    }
  });

  it('counts live sessions only: not ended, not past their idle or absolute limit', async () => {
    const before = (await dashboard()).activeSessions;
    const a = await t.login('manager');
    await t.login('manager');
    expect((await dashboard()).activeSessions).toBe(before + 2);
    await t.as(a, { method: 'POST', url: '/api/auth/logout' });
    expect((await dashboard()).activeSessions).toBe(before + 1);
    const now = t.clock.now();
    // idle for 11 minutes (limit 10), but never marked ended: still not live
    await insertSession(new Date(now.getTime() - 11 * 60_000), { endedAt: null, endReason: null });
    // "keep me logged in" idle 11 minutes: live (its idle limit is days)
    await insertSession(new Date(now.getTime() - 11 * 60_000), {
      endedAt: null,
      endReason: null,
      rememberMe: true,
      expiresAt: new Date(now.getTime() + DAY),
    });
    // past its absolute expiry
    await insertSession(new Date(now.getTime() - 60_000), { endedAt: null, endReason: null, expiresAt: new Date(now.getTime() - 1000) });
    expect((await dashboard()).activeSessions).toBe(before + 2);
  });

  it('sign-ins per day: the last 14 days including today and zero days, from real sign-ins', async () => {
    const tz = 'UTC';
    const now = t.clock.now();
    const first = await dashboard();
    expect(first.signInsPerDay).toHaveLength(14);
    expect(first.signInsPerDay.at(-1)!.date).toBe(dayIn(now, tz));
    expect(first.signInsPerDay[0]!.date).toBe(dayIn(new Date(now.getTime() - 13 * DAY), tz));
    const todayBefore = first.signInsPerDay.at(-1)!.count;

    await t.login('manager');
    await t.login('guest');
    await t.login('admin');
    await insertSession(new Date(now.getTime() - 3 * DAY));
    await insertSession(new Date(now.getTime() - 3 * DAY - 1000));
    await insertSession(new Date(now.getTime() - 13 * DAY));
    await insertSession(new Date(now.getTime() - 15 * DAY)); // outside the window

    const d = await dashboard();
    const byDate = Object.fromEntries(d.signInsPerDay.map((x) => [x.date, x.count]));
    expect(byDate[dayIn(now, tz)]).toBe(todayBefore + 3);
    // the two sessions three days ago may straddle midnight only if now is within a second of it
    expect(
      (byDate[dayIn(new Date(now.getTime() - 3 * DAY), tz)] ?? 0) + (byDate[dayIn(new Date(now.getTime() - 3 * DAY - 1000), tz)] ?? 0),
    ).toBeGreaterThanOrEqual(2);
    expect(byDate[dayIn(new Date(now.getTime() - 13 * DAY), tz)]).toBeGreaterThanOrEqual(1);
    expect(d.signInsPerDay.filter((x) => x.count === 0).length).toBeGreaterThan(0);
    // dates are consecutive
    for (let i = 1; i < d.signInsPerDay.length; i++) {
      expect(Date.parse(d.signInsPerDay[i]!.date) - Date.parse(d.signInsPerDay[i - 1]!.date)).toBe(DAY);
    }
  });

  it('counts days in the time zone the browser asks for', async () => {
    // Late evening UTC is already tomorrow in Kiritimati (UTC+14) and still today in Honolulu (UTC-10).
    const now = t.clock.now();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 5, 22, 30));
    const before = await dashboard(admin, '?timeZone=Pacific/Kiritimati');
    await insertSession(at);
    const after = await dashboard(admin, '?timeZone=Pacific/Kiritimati');
    const diff = after.signInsPerDay
      .map((x, i) => ({ date: x.date, delta: x.count - before.signInsPerDay[i]!.count }))
      .filter((x) => x.delta);
    expect(diff).toEqual([{ date: dayIn(at, 'Pacific/Kiritimati'), delta: 1 }]);
    expect(dayIn(at, 'Pacific/Kiritimati')).not.toBe(dayIn(at, 'UTC'));
    expect(after.signInsPerDay.at(-1)!.date).toBe(dayIn(now, 'Pacific/Kiritimati'));
  });

  it('the 10 most recent changes with the actor name; denials and exports are not changes', async () => {
    for (let i = 0; i < 11; i++) await t.as(admin, { method: 'POST', url: '/api/roles/add', payload: { name: `Dash role ${i}` } });
    const last = await t.as(admin, { method: 'POST', url: '/api/roles/add', payload: { name: 'Dash role last' } });
    const id = last.json().data.id as number;
    await t.as(admin, { method: 'PATCH', url: `/api/roles/update/${id}`, payload: { name: 'Dash role final' } });
    const guest = await t.login('guest');
    await t.as(guest, { url: '/api/roles' }); // permission-denied
    await t.as(admin, { url: '/api/roles/export/csv' }); // export
    const d = await dashboard();
    expect(d.recentChanges).toHaveLength(10);
    expect(d.recentChanges[0]).toEqual({
      id: expect.any(Number),
      action: 'update',
      entity: 'role',
      entityId: String(id),
      targetName: 'Dash role final',
      actorName: 'Super Admin',
      createdAt: expect.any(String),
    });
    expect(d.recentChanges[1]).toMatchObject({ action: 'create', entity: 'role', entityId: String(id) });
    expect(d.recentChanges.every((c) => !['permission-denied', 'export'].includes(c.action))).toBe(true);
    const ids = d.recentChanges.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("names what changed: from the entry's snapshot (even once deleted), else the entity as it is now", async () => {
    const company = (await t.as(admin, { method: 'POST', url: '/api/companies/add', payload: { name: 'Feed Co' } })).json().data as {
      id: number;
    };
    const { id: userId } = await createUser(t, 3, { firstname: 'Nina', lastname: 'Named' });
    // A key regeneration's entry keeps no name: the user's current name is shown.
    expect((await t.as(admin, { method: 'PATCH', url: `/api/users/${userId}/regenerate-api-key` })).statusCode).toBe(200);
    await t.as(admin, { method: 'PATCH', url: `/api/companies/update/${company.id}`, payload: { name: 'Feed Co' } });
    await t.as(admin, { method: 'DELETE', url: `/api/companies/delete/${company.id}` });
    const d = await dashboard();
    const byEntity = (entity: string, action: string, entityId: number) =>
      d.recentChanges.find((c) => c.entity === entity && c.action === action && c.entityId === String(entityId));
    expect(byEntity('company', 'delete', company.id)?.targetName).toBe('Feed Co');
    expect(byEntity('company', 'create', company.id)?.targetName).toBe('Feed Co');
    expect(byEntity('user', 'regenerate-api-key', userId)?.targetName).toBe('Nina Named');
    expect(d.recentChanges.filter((c) => c.entity === 'user' && c.entityId).every((c) => !/^User #/.test(c.targetName ?? ''))).toBe(true);
  });

  it('a change by a user who was deleted since shows no actor name', async () => {
    const actor = await loginWithKeys(t, ['roles.create']);
    await t.as(actor, { method: 'POST', url: '/api/roles/add', payload: { name: 'Orphaned change' } });
    await t.app.db.delete(users).where(eq(users.id, actor.userId));
    const d = await dashboard();
    expect(d.recentChanges[0]).toMatchObject({ action: 'create', actorName: null });
  });

  it('refuses an unknown time zone', async () => {
    const res = await t.as(admin, { url: '/api/product-dashboard?timeZone=Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ timeZone: 'Unknown time zone' });
  });

  it('needs platform-dashboard.view', async () => {
    const without = await loginWithKeys(t, ['companies.view']);
    expect((await t.as(without, { url: '/api/product-dashboard' })).statusCode).toBe(403);
    const holder = await loginWithKeys(t, ['platform-dashboard.view']);
    const d = await dashboard(holder);
    expect(d.users).toBeGreaterThan(4);
  });
});
