import { BULK_UPLOAD_MESSAGES, buildModuleCatalogue, bulkUploadPaths, PERMISSION_CATALOGUE } from '@console/contract';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  bulkUploadItems,
  bulkUploads,
  clients,
  companies,
  locations,
  manageActions,
  media,
  menus,
  modules,
  roles,
  subModules,
  toneSequences,
  users,
} from '../schema/index.js';
import { seedBulkUsers } from './bulk-users.js';
import { seedDatabase, seedDemoContentWithStorage } from './index.js';

let t: TestApp;
beforeAll(async () => {
  // An empty database, not the run's seed image: this file tests the seed itself.
  t = await createTestApp({}, { seedImage: false });
});
afterAll(() => t?.close());

const countOf = async (table: typeof users | typeof roles | typeof modules | typeof menus | typeof subModules | typeof companies) =>
  (await t.app.db.select({ n: count() }).from(table))[0]?.n;

describe('seed', () => {
  it('creates the catalogue, roles 1-4, the super admin and the demo data on an empty database', async () => {
    expect(await countOf(modules)).toBe(5);
    expect(await countOf(menus)).toBe(buildModuleCatalogue({ slug: 'p', name: 'P' }).flatMap((m) => m.menus).length);
    expect(await countOf(subModules)).toBe(PERMISSION_CATALOGUE.flatMap((p) => p.subModules).length);
    const roleRows = await t.app.db.select({ id: roles.id, name: roles.name, isSystem: roles.isSystem }).from(roles).orderBy(roles.id);
    expect(roleRows).toEqual([
      { id: 1, name: 'Super Admin', isSystem: true },
      { id: 2, name: 'Content Manager', isSystem: false },
      { id: 3, name: 'Support Agent', isSystem: false },
      { id: 4, name: 'Guest', isSystem: false },
    ]);
    const people = await t.app.db
      .select({ email: users.email, roleId: users.roleId, twoFactor: users.twoFactorEnabled })
      .from(users)
      .orderBy(users.roleId);
    expect(people).toEqual([
      { email: 'admin@example.com', roleId: 1, twoFactor: false },
      { email: 'manager@example.com', roleId: 2, twoFactor: false },
      { email: 'agent@example.com', roleId: 3, twoFactor: true },
      { email: 'guest@example.com', roleId: 4, twoFactor: false },
    ]);
    expect(await countOf(companies)).toBeGreaterThanOrEqual(3);
    expect(t.app.seedResult).toEqual({ demoSeeded: true, generatedAdminPassword: undefined, generatedDemoPassword: undefined });
  });

  it('is idempotent: a second run adds nothing, keeps edited roles, and applies catalogue changes', async () => {
    await t.app.db.update(roles).set({ description: 'edited by an admin' }).where(eq(roles.id, 2));
    const result = await seedDatabase(t.app.db, { ...t.app.config, productSlug: 'acme', productName: 'Acme', adminPassword: undefined });
    expect(result).toEqual({ demoSeeded: false, generatedAdminPassword: undefined, generatedDemoPassword: undefined });
    expect(await countOf(users)).toBe(4);
    expect(await countOf(roles)).toBe(4);
    expect(await countOf(modules)).toBe(5);
    expect(await countOf(companies)).toBe(3);
    const [product] = await t.app.db.select().from(modules).where(eq(modules.id, 5));
    expect(product).toMatchObject({ slug: 'acme', name: 'Acme' });
    const [role2] = await t.app.db.select().from(roles).where(eq(roles.id, 2));
    expect(role2?.description).toBe('edited by an admin');
  });

  it('keeps sequences past the seeded ids (new rows never collide with the catalogue)', async () => {
    const [role] = await t.app.db.insert(roles).values({ name: 'Later role' }).returning({ id: roles.id });
    expect(role?.id).toBe(5);
    const [mod] = await t.app.db.insert(modules).values({ name: 'Later', slug: 'later' }).returning({ id: modules.id });
    expect(mod?.id).toBeGreaterThanOrEqual(1000);
  });

  it('bulk users (--scale) are made in time order, in the past, and signed in after they were made, never later than now', async () => {
    await seedBulkUsers(t.app.db, 3000, { chunk: 1000 });
    const pg = (t.app.db as unknown as { $client: { query(q: string): Promise<{ rows: Record<string, number>[] }> } }).$client;
    const [shape] = (
      await pg.query(`select count(*)::int as n, count(last_login_at)::int as signed_in,
        count(*) filter (where created_at > now() or last_login_at > now())::int as future,
        count(*) filter (where last_login_at < created_at)::int as before_made,
        count(*) filter (where created_at < now() - interval '730 days')::int as too_old,
        (corr(id, extract(epoch from created_at)) > 0.99)::int as in_order
        from users where email like '%@scale.example'`)
    ).rows;
    expect(shape).toEqual({ n: 3000, signed_in: 2000, future: 0, before_made: 0, too_old: 0, in_order: 1 });
  });
});

describe('demo content (SEED_DEMO)', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ seedDemoContent: true });
  });
  afterAll(() => c?.close());

  const counts = async () => {
    const db = c.app.db;
    const n = async (
      table:
        | typeof clients
        | typeof media
        | typeof manageActions
        | typeof locations
        | typeof toneSequences
        | typeof bulkUploads
        | typeof bulkUploadItems,
    ) => (await db.select({ n: count() }).from(table))[0]?.n;
    return {
      clients: await n(clients),
      media: await n(media),
      actions: await n(manageActions),
      locations: await n(locations),
      sequences: await n(toneSequences),
      uploads: await n(bulkUploads),
      items: await n(bulkUploadItems),
    };
  };

  it('clients of every type with stored logos, media with stored files and thumbnails', async () => {
    const rows = await c.app.db.select().from(clients);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['demo', 'live', 'both']));
    for (const type of ['demo', 'live', 'both']) expect(rows.filter((r) => r.type === type).length).toBeGreaterThanOrEqual(2);
    for (const r of rows) {
      expect(r.logo).toMatch(/^clients\//);
      expect(await c.app.storage.exists(r.logo as string)).toBe(true);
    }
    const files = await c.app.db.select().from(media);
    // DESIGN s.4b: demo media only on demo or both clients, campaign media only on live or both ones.
    const fits = { demo: ['demo', 'both'], campaign: ['live', 'both'] };
    for (const r of rows) {
      const own = files.filter((m) => m.clientId === r.id);
      for (const m of own) expect(fits[m.kind], `${m.kind} media "${m.title}" on a ${r.type} client`).toContain(r.type);
      if (r.type !== 'live') expect(own.some((m) => m.kind === 'demo')).toBe(true);
      if (r.type !== 'demo') expect(own.some((m) => m.kind === 'campaign' && m.campaignName)).toBe(true);
    }
    // At most one active media per (client, tone code).
    const active = files.filter((m) => m.status === 'active' && m.toneCode).map((m) => `${m.clientId}/${m.toneCode}`);
    expect(new Set(active).size).toBe(active.length);
    for (const m of files) {
      expect(await c.app.storage.exists(m.file)).toBe(true);
      expect(await c.app.storage.exists(m.thumbnail as string)).toBe(true);
      const stored = await c.app.storage.get(m.file);
      stored?.stream.destroy();
      expect(stored?.size).toBe(m.size);
    }
  });

  it("actions of every type; show-media points at that client's media; tone sequences use media codes", async () => {
    const actions = await c.app.db.select().from(manageActions);
    expect(new Set(actions.map((a) => a.actionType))).toEqual(new Set(['open-url', 'deep-link', 'show-media', 'call', 'email', 'sms']));
    const shows = actions.filter((a) => a.actionType === 'show-media');
    const shown = await c.app.db
      .select()
      .from(media)
      .where(
        inArray(
          media.id,
          shows.map((a) => a.mediaId as number),
        ),
      );
    for (const a of shows) {
      const target = shown.find((m) => m.id === a.mediaId);
      expect(target?.clientId).toBe(a.clientId);
      expect(a.value).toBe(String(a.mediaId));
    }
    const sequences = await c.app.db.select().from(toneSequences);
    expect(sequences.length).toBeGreaterThanOrEqual(2);
    const mediaCodes = new Set((await c.app.db.select({ code: media.toneCode }).from(media)).map((m) => m.code));
    for (const s of sequences) expect(mediaCodes.has(s.code)).toBe(true);
  });

  it('bulk uploads: a completed one and a partially failed one whose items carry their errors', async () => {
    const uploads = await c.app.db.select().from(bulkUploads);
    expect(uploads.map((u) => u.status).sort()).toEqual(['completed', 'partially-failed']);
    for (const u of uploads) {
      const items = await c.app.db.select().from(bulkUploadItems).where(eq(bulkUploadItems.uploadId, u.id));
      // Media: every item is in the ledger. A sheet: only its failed rows (done rows are recorded by their actions).
      const sheet = u.kind === 'manage-actions';
      expect(items).toHaveLength(sheet ? u.failed : u.total);
      expect(items.filter((i) => i.status === 'failed')).toHaveLength(u.failed);
      expect(items.filter((i) => i.status === 'done')).toHaveLength(sheet ? 0 : u.done);
      for (const i of items.filter((x) => x.status === 'failed')) expect(i.message).toBeTruthy();
    }
    // Its failed rows are wrong in the sheet itself (it has no stored part either): Retry says what to do.
    const partial = uploads.find((u) => u.status === 'partially-failed');
    const retry = await c.as(await c.login('admin'), {
      method: 'POST',
      url: `/api${bulkUploadPaths('manage-actions').retry(partial!.id)}`,
    });
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ message: BULK_UPLOAD_MESSAGES.nothingRetryable });
  });

  it('user requests look alive: spread over the last 30 days and several platforms, devices and locations', async () => {
    const pg = (c.app.db as unknown as { $client: { query(q: string): Promise<{ rows: Record<string, number>[] }> } }).$client;
    const [spread] = (
      await pg.query(`select count(*)::int as n, count(distinct (requested_at at time zone 'UTC')::date)::int as days,
        count(distinct requested_at)::int as times, count(distinct platform)::int as platforms,
        count(distinct device_code)::int as devices, count(distinct location_id)::int as locations,
        (max(requested_at) <= now())::int as past, (min(requested_at) >= now() - interval '30 days')::int as recent
        from user_requests`)
    ).rows;
    expect(spread).toMatchObject({ n: 400, platforms: 3, devices: 25, locations: 3, past: 1, recent: 1 });
    expect(spread?.days).toBeGreaterThanOrEqual(20);
    expect(spread?.times).toBe(400);
  });

  it('the client dashboard shows the seeded figures', async () => {
    const admin = await c.login('admin');
    const res = await c.as(admin, { url: '/api/client-dashboard' });
    const before = await counts();
    const data = res.json<{ data: { clientsByType: Record<string, number>; bulkUploads: Record<string, number> } }>().data;
    expect(Object.values(data.clientsByType).reduce((a, b) => a + b, 0)).toBe(before.clients);
    expect(data.bulkUploads).toMatchObject({ completed: 1, 'partially-failed': 1 });
  });

  it('is idempotent: running it again, or the whole seed, adds nothing', async () => {
    const before = await counts();
    expect(before).toMatchObject({ locations: 3, uploads: 2, items: 4 });
    await seedDemoContentWithStorage(c.app.db, c.app.config);
    await seedDatabase(c.app.db, c.app.config);
    expect(await counts()).toEqual(before);
  });
});
