import type { DeviceRequestsResponse } from '@console/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, devices, manageActions, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { createRoleWithKeys, createUser } from '../roles/testing.js';
import { answer, createToneSetup, item, regenerateKey, sendBatch } from './user-requests.testing.js';
/** The API key of a new user whose role holds exactly `keys`. */
const apiKeyFor = async (app: TestApp, boss: TestSession, keys: readonly string[]) =>
  regenerateKey(app, boss, (await createUser(app, await createRoleWithKeys(app, keys))).id);

// Issue 14, finding 7: devices belong to the API key's owner, and ingestion answers only active content.

let t: TestApp;
let admin: TestSession;
let a: { userId: number; key: string };
let b: { userId: number; key: string };
let setup: Awaited<ReturnType<typeof createToneSetup>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  a = await apiKeyFor(t, admin, ['user-requests.ingest']);
  b = await apiKeyFor(t, admin, ['user-requests.ingest']);
  setup = await createToneSetup(t, 6);
});
afterAll(() => t?.close());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('devices are kept per API key owner', () => {
  it('another key reporting the same code keeps its own row; the details of the code span both', async () => {
    const code = setup.codes[0]!;
    const own = [
      item(code, { deviceCode: 'SHARED-1', deviceModel: 'Pixel 8', requestedAt: minutesAgo(30) }),
      item(code, { deviceCode: 'SHARED-1', deviceModel: 'Pixel 8', requestedAt: minutesAgo(20) }),
    ];
    expect(answer(await sendBatch(t, a.key, { requests: own })).accepted).toBe(2);
    const hostile = item(code, {
      deviceCode: 'SHARED-1',
      platform: 'web',
      deviceModel: '<img src=x onerror=alert(1)>',
      osVersion: 'evil',
      appVersion: '6.6.6',
      requestedAt: minutesAgo(10),
    });
    expect(answer(await sendBatch(t, b.key, { requests: [hostile] })).accepted).toBe(1);

    // The first owner's model survives the other key's report (before the fix, one row held only the last one).
    const models = (await t.app.db.execute(sql`select device_model from devices where device_code = 'SHARED-1' order by 1`)) as unknown as {
      rows: { device_model: string }[];
    };
    expect(models.rows.map((r) => r.device_model)).toEqual(['<img src=x onerror=alert(1)>', 'Pixel 8']);
    const rows = await t.app.db
      .select({ userId: devices.userId, requests: devices.requests, platform: devices.platform, model: devices.deviceModel })
      .from(devices)
      .where(eq(devices.deviceCode, 'SHARED-1'))
      .orderBy(asc(devices.userId));
    // Each owner's summary is its own.
    expect(rows).toEqual([
      { userId: a.userId, requests: 2, platform: 'android', model: 'Pixel 8' },
      { userId: b.userId, requests: 1, platform: 'web', model: '<img src=x onerror=alert(1)>' },
    ]);

    const details = (await t.as(admin, { url: '/api/user-request/device-code?deviceCode=SHARED-1' })).json<DeviceRequestsResponse>();
    expect(details.total).toBe(3);
    expect(details.device).toEqual({
      deviceCode: 'SHARED-1',
      firstSeen: own[0]!.requestedAt,
      lastSeen: hostile.requestedAt,
      requests: 3,
      platform: 'web',
      deviceModel: '<img src=x onerror=alert(1)>',
      osVersion: 'evil',
      appVersion: '6.6.6',
    });

    // The first owner reports again, newest: its own row moves on and the details follow it.
    const again = item(code, { deviceCode: 'SHARED-1', deviceModel: 'Pixel 9', requestedAt: minutesAgo(1) });
    expect(answer(await sendBatch(t, a.key, { requests: [again] })).accepted).toBe(1);
    const after = (await t.as(admin, { url: '/api/user-request/device-code?deviceCode=SHARED-1' })).json<DeviceRequestsResponse>();
    expect(after.device).toMatchObject({ requests: 4, platform: 'android', deviceModel: 'Pixel 9', lastSeen: again.requestedAt });
    const [hostileRow] = await t.app.db.select().from(devices).where(eq(devices.userId, b.userId));
    expect(hostileRow).toMatchObject({ requests: 1, deviceModel: '<img src=x onerror=alert(1)>' });
  });
});

describe('ingestion answers only active content', () => {
  let company: number;
  beforeAll(async () => {
    [{ id: company }] = await t.app.db.insert(companies).values({ name: 'Scope Co' }).returning({ id: companies.id });
  });
  const client = async (name: string, status: 'active' | 'inactive') =>
    (await t.app.db.insert(clients).values({ name, companyId: company, status, type: 'both' }).returning({ id: clients.id }))[0]!.id;
  const contentOf = async (codes: string[]) => {
    const requests = codes.map((c) => item(c));
    return answer(await sendBatch(t, a.key, { requests })).data.map((d) => d.content);
  };

  it("an inactive client's action and media, and an inactive action, are not delivered; reactivated, they are", async () => {
    const [offAction, offMedia, inactiveAction] = setup.codes.slice(1, 4) as [string, string, string];
    const off = await client('Scope off', 'inactive');
    const on = await client('Scope on', 'active');
    await t.app.db.insert(manageActions).values([
      { clientId: off, name: 'Off client', actionType: 'open-url', value: 'https://off.example', toneCode: offAction },
      {
        clientId: on,
        name: 'Off action',
        actionType: 'open-url',
        value: 'https://on.example',
        toneCode: inactiveAction,
        status: 'inactive',
      },
    ]);
    await t.app.db.insert(media).values({
      kind: 'demo',
      clientId: off,
      title: 'Off poster',
      mediaType: 'image',
      file: 'media/off.png',
      mimeType: 'image/png',
      size: 1,
      toneCode: offMedia,
    });
    expect(await contentOf([offAction, offMedia, inactiveAction])).toEqual([null, null, null]);

    await t.app.db.update(clients).set({ status: 'active' }).where(eq(clients.id, off));
    expect(await contentOf([offAction, offMedia])).toEqual([
      expect.objectContaining({ kind: 'manage-action', name: 'Off client', value: 'https://off.example' }),
      expect.objectContaining({ kind: 'demo-media', title: 'Off poster' }),
    ]);
  });

  it('a stored link today’s rules refuse (javascript:, data:) is not delivered', async () => {
    const [jsCode, dataCode] = setup.codes.slice(4, 6) as [string, string];
    const on = await client('Scope legacy', 'active');
    // Written straight to the table, as rows stored before the deep-link rule were.
    await t.app.db.insert(manageActions).values([
      { clientId: on, name: 'Legacy js', actionType: 'deep-link', value: 'javascript://%0aalert(document.cookie)', toneCode: jsCode },
      { clientId: on, name: 'Legacy data', actionType: 'deep-link', value: 'data://text/html,<script>x</script>', toneCode: dataCode },
      { clientId: on, name: 'Legacy url', actionType: 'open-url', value: 'javascript:alert(1)', toneCode: dataCode },
    ]);
    expect(await contentOf([jsCode, dataCode])).toEqual([null, null]);
  });
});
