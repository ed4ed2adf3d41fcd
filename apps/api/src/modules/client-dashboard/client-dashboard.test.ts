import type { ClientDashboard } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploads, clients, companies, manageActions, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { loginWithKeys } from '../roles/testing.js';

let t: TestApp;
let admin: TestSession;
let companyId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Dashboard Co' }).returning();
  companyId = company!.id;
});
afterAll(() => t?.close());

const dashboard = async (s: TestSession = admin) => {
  const res = await t.as(s, { url: '/api/client-dashboard' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ClientDashboard }>().data;
};

let seq = 0;
const mediaRow = (clientId: number, kind: 'demo' | 'campaign', status: 'active' | 'inactive' = 'active') => ({
  kind,
  clientId,
  title: `Media ${++seq}`,
  status,
  mediaType: 'image' as const,
  file: `media/${seq}.png`,
  mimeType: 'image/png',
  size: 100,
  campaignName: kind === 'campaign' ? 'Spring' : null,
});

describe('GET /client-dashboard', () => {
  it('answers every key, zero included, with numbers', async () => {
    const d = await dashboard();
    expect(Object.keys(d).sort()).toEqual([
      'bulkUploads',
      'campaignMedia',
      'clientsByStatus',
      'clientsByType',
      'demoMedia',
      'manageActions',
    ]);
    expect(Object.keys(d.clientsByType).sort()).toEqual(['both', 'demo', 'live']);
    expect(Object.keys(d.bulkUploads).sort()).toEqual(['completed', 'failed', 'partially-failed', 'pending', 'processing']);
    expect(Object.keys(d.manageActions.byType)).toHaveLength(6);
    for (const n of Object.values(d.clientsByType)) expect(typeof n).toBe('number');
  });

  it('counts right after inserts: clients by type and status, media by kind and status, actions, upload outcomes', async () => {
    const before = await dashboard();
    const rows = await t.app.db
      .insert(clients)
      .values([
        { companyId, name: 'Dash A', type: 'demo' },
        { companyId, name: 'Dash B', type: 'live', status: 'inactive' },
        { companyId, name: 'Dash C', type: 'both' },
        { companyId, name: 'Dash D', type: 'both' },
      ])
      .returning({ id: clients.id });
    const clientId = rows[0]!.id;
    const inserted = await t.app.db
      .insert(media)
      .values([mediaRow(clientId, 'demo'), mediaRow(clientId, 'demo', 'inactive'), mediaRow(clientId, 'campaign')])
      .returning({ id: media.id });
    await t.app.db.insert(manageActions).values([
      { clientId, name: 'Open site', actionType: 'open-url', value: 'https://example.com' },
      { clientId, name: 'Show it', actionType: 'show-media', value: String(inserted[0]!.id), mediaId: inserted[0]!.id, status: 'inactive' },
    ]);
    await t.app.db.insert(bulkUploads).values([
      { kind: 'demo-media', clientId, fileName: 'a.zip', status: 'completed' },
      { kind: 'manage-actions', clientId, fileName: 'b.csv', status: 'partially-failed' },
      { kind: 'manage-actions', clientId, fileName: 'c.csv', status: 'partially-failed' },
      { kind: 'campaign-media', clientId, fileName: 'd.zip', status: 'failed' },
    ]);

    const after = await dashboard();
    expect(after.clientsByType).toEqual({
      demo: before.clientsByType.demo + 1,
      live: before.clientsByType.live + 1,
      both: before.clientsByType.both + 2,
    });
    expect(after.clientsByStatus).toEqual({ active: before.clientsByStatus.active + 3, inactive: before.clientsByStatus.inactive + 1 });
    expect(after.demoMedia).toEqual({
      total: before.demoMedia.total + 2,
      active: before.demoMedia.active + 1,
      inactive: before.demoMedia.inactive + 1,
    });
    expect(after.campaignMedia).toEqual({
      total: before.campaignMedia.total + 1,
      active: before.campaignMedia.active + 1,
      inactive: before.campaignMedia.inactive,
    });
    expect(after.manageActions).toMatchObject({
      total: before.manageActions.total + 2,
      active: before.manageActions.active + 1,
      inactive: before.manageActions.inactive + 1,
    });
    expect(after.manageActions.byType['open-url']).toBe(before.manageActions.byType['open-url'] + 1);
    expect(after.manageActions.byType['show-media']).toBe(before.manageActions.byType['show-media'] + 1);
    expect(after.manageActions.byType.sms).toBe(before.manageActions.byType.sms);
    expect(after.bulkUploads).toEqual({
      ...before.bulkUploads,
      completed: before.bulkUploads.completed + 1,
      'partially-failed': before.bulkUploads['partially-failed'] + 2,
      failed: before.bulkUploads.failed + 1,
    });

    // A status change shows on the next call (no cache between the write and the figures).
    await t.app.db.update(clients).set({ status: 'inactive' }).where(eq(clients.id, clientId));
    const later = await dashboard();
    expect(later.clientsByStatus).toEqual({ active: after.clientsByStatus.active - 1, inactive: after.clientsByStatus.inactive + 1 });
  });

  it('needs client-dashboard.view: 403 without it, 401 signed out', async () => {
    const without = await loginWithKeys(t, ['clients.view']);
    const denied = await t.as(without, { url: '/api/client-dashboard' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false });
    expect((await t.inject({ url: '/api/client-dashboard' })).statusCode).toBe(401);
    const holder = await loginWithKeys(t, ['client-dashboard.view']);
    expect((await dashboard(holder)).clientsByType).toBeDefined();
  });
});
