import { SERVER_MESSAGES, type UserActivity } from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type ActivityList = { data: UserActivity[]; total: number; totalPages: number };
const entry = (slug: string, screenName: string) => ({
  request: { path: slug },
  screenName,
  eventName: 'page-view',
  slug,
  description: `Visited ${screenName}`,
});

describe('user activity', () => {
  it('records the user, the session and the IP', async () => {
    const s = await t.login('manager');
    const res = await t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: entry('/demo-admin/clients', 'Clients') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: SERVER_MESSAGES.activityRecorded });
    const list = (await t.as(s, { url: '/api/user-activity' })).json<ActivityList>();
    expect(list.data[0]).toMatchObject({
      userId: s.userId,
      sessionId: s.sessionId,
      ip: '127.0.0.1',
      slug: '/demo-admin/clients',
      screenName: 'Clients',
      eventName: 'page-view',
      description: 'Visited Clients',
      request: { path: '/demo-admin/clients' },
    });
    expect(Date.parse(list.data[0]!.createdAt)).not.toBeNaN();
  });

  it('any signed-in user may record activity (even without grants), the slug is required', async () => {
    const guest = await t.login('guest');
    expect((await t.as(guest, { method: 'POST', url: '/api/auth/user-activity/add', payload: entry('/home', 'Home') })).statusCode).toBe(
      200,
    );
    const bad = await t.as(guest, { method: 'POST', url: '/api/auth/user-activity/add', payload: { screenName: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty('slug');
  });

  it('lists with paging, search and sorting', async () => {
    const s = await t.login('manager');
    for (const [slug, name] of [
      ['/profile/about', 'About'],
      ['/profile/user-activity', 'User Activity'],
      ['/demo-admin/demo-media', 'Demo Media'],
    ]) {
      await t.as(s, { method: 'POST', url: '/api/auth/user-activity/add', payload: entry(slug!, name!) });
    }
    const page = (await t.as(s, { url: '/api/user-activity?page=1&limit=2' })).json<ActivityList>();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.totalPages).toBe(Math.ceil(page.total / 2));
    const found = (await t.as(s, { url: '/api/user-activity?search=demo%20media' })).json<ActivityList>();
    expect(found.data.map((r) => r.screenName)).toEqual(['Demo Media']);
    const sorted = (await t.as(s, { url: '/api/user-activity?sortField=screenName:asc&sortOrder=asc&limit=100' })).json<ActivityList>();
    const names = sorted.data.map((r) => r.screenName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("a user cannot read another user's activity by changing userId; the super admin can", async () => {
    const manager = await t.login('manager');
    const agentLike = await t.login('guest');
    await t.as(agentLike, { method: 'POST', url: '/api/auth/user-activity/add', payload: entry('/home', 'Home') });
    const denied = await t.as(manager, { url: `/api/user-activity?userId=${agentLike.userId}` });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: SERVER_MESSAGES.forbidden });
    const own = (await t.as(manager, { url: '/api/user-activity?limit=100' })).json<ActivityList>();
    expect(own.data.every((r) => r.userId === manager.userId)).toBe(true);

    const admin = await t.login('admin');
    const theirs = (await t.as(admin, { url: `/api/user-activity?userId=${agentLike.userId}` })).json<ActivityList>();
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((r) => r.userId === agentLike.userId)).toBe(true);
  });

  it('reading the list needs user-activity.view (403 for the guest role)', async () => {
    const guest = await t.login('guest');
    const res = await t.as(guest, { url: '/api/user-activity' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, code: 'FORBIDDEN', message: SERVER_MESSAGES.forbidden });
  });
});
