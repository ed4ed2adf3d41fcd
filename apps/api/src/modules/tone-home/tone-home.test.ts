import {
  toneAnalyticsResponseSchema,
  toneDashboardResponseSchema,
  toneHomeResponseSchema,
  toneRecentsResponseSchema,
} from '@console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRoleWithKeys, createUser, loginWithKeys } from '../roles/testing.js';
import { answer, createToneSetup, item, regenerateKey, sendBatch } from '../user-requests/user-requests.testing.js';

/** The API key of a new user whose role holds exactly `keys`. */
const apiKeyFor = async (app: TestApp, boss: TestSession, keys: readonly string[]) =>
  regenerateKey(app, boss, (await createUser(app, await createRoleWithKeys(app, keys))).id);

let t: TestApp;
let admin: TestSession;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  ({ key } = await apiKeyFor(t, admin, ['user-requests.ingest']));
});
afterAll(() => t?.close());

const get = async <T>(url: string, schema: { parse(v: unknown): T }, who = admin) => {
  const res = await t.as(who, { url });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return schema.parse(res.json());
};
const today = () => new Date().toISOString().slice(0, 10);

describe('tones dashboards', () => {
  it('answer their shapes, and a batch shows in every figure at once', async () => {
    const s = await createToneSetup(t, 2);
    const before = {
      dashboard: (await get('/api/dashboard', toneDashboardResponseSchema)).data,
      home: (await get('/api/home', toneHomeResponseSchema)).data,
      analytics: (await get('/api/home/analytics?days=7', toneAnalyticsResponseSchema)).data,
    };
    expect(before.dashboard.requestsPerDay).toHaveLength(30);
    expect(before.dashboard.requestsPerDay.at(-1)?.date).toBe(today());
    expect(before.analytics.requestsPerDay).toHaveLength(7);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const batch = [
      item(s.codes[0]!, { deviceCode: 'DASH-NEW-1', platform: 'web' }),
      item(s.codes[0]!, { deviceCode: 'DASH-NEW-1', platform: 'web' }),
      item(s.codes[1]!, { deviceCode: 'DASH-NEW-2', platform: 'ios', requestedAt: yesterday }),
    ];
    expect(answer(await sendBatch(t, key, { requests: batch })).accepted).toBe(3);

    const dashboard = (await get('/api/dashboard', toneDashboardResponseSchema)).data;
    expect(dashboard.totalUserRequests).toBe(before.dashboard.totalUserRequests + 3);
    expect(dashboard.locations).toBe(before.dashboard.locations);
    expect(dashboard.totalToneSequences).toBe(before.dashboard.totalToneSequences);
    expect(dashboard.requestsPerDay.at(-1)!.count).toBe(before.dashboard.requestsPerDay.at(-1)!.count + 2);
    expect(dashboard.topLocations.length).toBeGreaterThan(0);
    expect(dashboard.topLocations.find((l) => l.id === s.locationId)?.requests).toBe(3);

    const home = (await get('/api/home', toneHomeResponseSchema)).data;
    expect(home).toMatchObject({
      userRequests: before.home.userRequests + 3,
      devices: before.home.devices + 2,
      requestsToday: before.home.requestsToday + 2,
    });

    const analytics = (await get('/api/home/analytics?days=7', toneAnalyticsResponseSchema)).data;
    const count = (list: { platform: string; count: number }[], p: string) => list.find((x) => x.platform === p)?.count ?? 0;
    expect(count(analytics.byPlatform, 'web')).toBe(count(before.analytics.byPlatform, 'web') + 2);
    expect(count(analytics.byPlatform, 'ios')).toBe(count(before.analytics.byPlatform, 'ios') + 1);
    expect(analytics.byLocation.find((l) => l.id === s.locationId)?.count).toBe(3);
    expect(analytics.requestsPerDay.reduce((a, d) => a + d.count, 0)).toBe(
      before.analytics.requestsPerDay.reduce((a, d) => a + d.count, 0) + 3,
    );

    const recents = (await get('/api/home/recents?limit=2', toneRecentsResponseSchema)).data;
    expect(recents).toHaveLength(2);
    expect(recents.map((r) => r.deviceCode)).toEqual(['DASH-NEW-1', 'DASH-NEW-1']);
    expect(recents[0]!.requestedAt >= recents[1]!.requestedAt).toBe(true);
  });

  it('need tone-home.view; bad query values answer 400', async () => {
    const outsider = await loginWithKeys(t, ['locations.view']);
    for (const url of ['/api/dashboard', '/api/home', '/api/home/analytics', '/api/home/recents']) {
      expect((await t.as(outsider, { url })).statusCode, url).toBe(403);
      expect((await t.inject({ url })).statusCode, url).toBe(401);
    }
    const viewer = await loginWithKeys(t, ['tone-home.view']);
    await get('/api/home/recents', toneRecentsResponseSchema, viewer);
    expect((await t.as(admin, { url: '/api/home/analytics?days=0' })).statusCode).toBe(400);
    expect((await t.as(admin, { url: '/api/home/recents?limit=51' })).statusCode).toBe(400);
  });
});
