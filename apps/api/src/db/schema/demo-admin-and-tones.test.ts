import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.js';
import { type DatabaseHandle, openDatabase } from '../client.js';
import { runMigrations } from '../migrate.js';
import {
  bulkUploadItems,
  bulkUploads,
  clients,
  companies,
  locations,
  manageActions,
  media,
  roles,
  toneSequences,
  users,
  userRequests,
} from './index.js';

// The constraints the demo-admin and tones services lean on, checked on the real database
// (PGlite, or PostgreSQL with DATABASE_URL): they settle races the services' checks cannot.
let handle: DatabaseHandle;
let drop: () => Promise<void>;
let companyId: number;
// ON DELETE RESTRICT: PostgreSQL 15 answers foreign_key_violation (23503), PostgreSQL 18 (PGlite)
// restrict_violation (23001). A repository maps both to the in-use 409.
const RESTRICTED = expect.stringMatching(/^(23503|23001)$/);

/** The SQLSTATE of a failed query, whichever driver (and drizzle wrapper) raised it. */
async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return err.cause?.code ?? err.code;
  }
}

const mediaRow = (clientId: number, extra: Partial<typeof media.$inferInsert> = {}) => ({
  kind: 'demo' as const,
  clientId,
  title: 'Intro',
  mediaType: 'image' as const,
  file: `media/${randomUUID()}.png`,
  mimeType: 'image/png',
  size: 10,
  ...extra,
});

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  handle = await openDatabase({ databaseUrl: database.overrides.databaseUrl, pgliteDataDir: 'memory://' });
  await runMigrations(handle);
  [{ id: companyId }] = await handle.db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe('demo-admin schema', () => {
  it('keeps client names unique per company whatever their case, and allows the name in another company', async () => {
    const db = handle.db;
    await db.insert(clients).values({ companyId, name: 'Nova' });
    expect(await sqlState(db.insert(clients).values({ companyId, name: 'NOVA' }))).toBe('23505');
    const [{ id: other }] = await db.insert(companies).values({ name: 'Other' }).returning({ id: companies.id });
    await db.insert(clients).values({ companyId: other, name: 'nova' });
  });

  it('refuses to delete a client that media or actions use (the in-use 409), and a company with clients', async () => {
    const db = handle.db;
    const [c] = await db.insert(clients).values({ companyId, name: 'Used' }).returning();
    const [m] = await db.insert(media).values(mediaRow(c.id)).returning();
    expect(await sqlState(db.delete(clients).where(eq(clients.id, c.id)))).toEqual(RESTRICTED);
    expect(await sqlState(db.delete(companies).where(eq(companies.id, companyId)))).toEqual(RESTRICTED);
    await db.insert(manageActions).values({ clientId: c.id, name: 'Show', actionType: 'show-media', value: String(m.id), mediaId: m.id });
    expect(await sqlState(db.delete(media).where(eq(media.id, m.id)))).toEqual(RESTRICTED);
  });

  it('checks campaign fields and show-media actions', async () => {
    const db = handle.db;
    const [c] = await db.insert(clients).values({ companyId, name: 'Checks', type: 'both' }).returning();
    expect(await sqlState(db.insert(media).values(mediaRow(c.id, { kind: 'campaign' })))).toBe('23514');
    expect(await sqlState(db.insert(media).values(mediaRow(c.id, { campaignName: 'Spring' })))).toBe('23514');
    const badDates = mediaRow(c.id, { kind: 'campaign', campaignName: 'Spring', startDate: '2026-05-02', endDate: '2026-05-01' });
    expect(await sqlState(db.insert(media).values(badDates))).toBe('23514');
    await db
      .insert(media)
      .values(mediaRow(c.id, { kind: 'campaign', campaignName: 'Spring', startDate: '2026-05-01', endDate: '2026-05-01' }));
    expect(
      await sqlState(db.insert(manageActions).values({ clientId: c.id, name: 'No media', actionType: 'show-media', value: '1' })),
    ).toBe('23514');
    await db.insert(manageActions).values({ clientId: c.id, name: 'Site', actionType: 'open-url', value: 'https://example.com' });
    expect(
      await sqlState(db.insert(manageActions).values({ clientId: c.id, name: 'SITE', actionType: 'call', value: '+3212345678' })),
    ).toBe('23505');
  });

  it('lets an upload item create at most one entity, and keeps entities when the upload row goes', async () => {
    const db = handle.db;
    const [c] = await db.insert(clients).values({ companyId, name: 'Bulk' }).returning();
    const [u] = await db.insert(bulkUploads).values({ kind: 'manage-actions', clientId: c.id, fileName: 'a.csv' }).returning();
    await db.insert(bulkUploadItems).values({ uploadId: u.id, item: 'row 2', position: 2 });
    expect(await sqlState(db.insert(bulkUploadItems).values({ uploadId: u.id, item: 'row 2', position: 2 }))).toBe('23505');
    const action = { clientId: c.id, actionType: 'call' as const, value: '+3212345678', uploadId: u.id, uploadItem: 'row 2' };
    await db.insert(manageActions).values({ ...action, name: 'First' });
    // A replay after a crash: same item, so nothing new (even under another name).
    const replay = await db
      .insert(manageActions)
      .values({ ...action, name: 'Again' })
      .onConflictDoNothing()
      .returning();
    expect(replay).toEqual([]);
    await db.delete(bulkUploads).where(eq(bulkUploads.id, u.id));
    const kept = await db.select().from(manageActions).where(eq(manageActions.name, 'First'));
    expect(kept).toMatchObject([{ uploadId: null }]);
    expect((await db.select({ n: count() }).from(bulkUploadItems).where(eq(bulkUploadItems.uploadId, u.id)))[0].n).toBe(0);
  });
});

describe('tones schema', () => {
  it('stores an event once per key owner, keeps tone codes unique, and guards locations in use', async () => {
    const db = handle.db;
    const [loc] = await db.insert(locations).values({ name: 'Hall', country: 'BE', latitude: 50.8, longitude: 4.35 }).returning();
    expect(await sqlState(db.insert(locations).values({ name: 'hall' }))).toBe('23505');
    expect(await sqlState(db.insert(locations).values({ name: 'North', latitude: 91 }))).toBe('23514');
    const [seq] = await db.insert(toneSequences).values({ name: 'Entry', code: 'AB-12', locationId: loc.id }).returning();
    expect(await sqlState(db.insert(toneSequences).values({ name: 'Other', code: 'AB-12', locationId: loc.id }))).toBe('23505');
    const [role] = await db.insert(roles).values({ name: 'Devices' }).returning();
    const owners = await db
      .insert(users)
      .values([1, 2].map((i) => ({ roleId: role.id, firstname: `Owner ${i}`, email: `owner${i}@example.test`, passwordHash: 'x' })))
      .returning({ id: users.id });
    const eventId = randomUUID();
    const row = {
      eventId,
      deviceCode: 'dev-1',
      toneSequenceId: seq.id,
      locationId: loc.id,
      toneCode: 'AB-12',
      platform: 'ios' as const,
      requestedAt: new Date(),
    };
    const insert = (userId: number) =>
      db
        .insert(userRequests)
        .values({ ...row, userId })
        .onConflictDoNothing()
        .returning({ id: userRequests.id });
    expect(await insert(owners[0].id)).toHaveLength(1);
    // The same event id again from the same key owner is a duplicate; from another owner it is new.
    expect(await insert(owners[0].id)).toHaveLength(0);
    expect(await insert(owners[1].id)).toHaveLength(1);
    expect(await sqlState(db.delete(toneSequences).where(eq(toneSequences.id, seq.id)))).toEqual(RESTRICTED);
    expect(await sqlState(db.delete(locations).where(eq(locations.id, loc.id)))).toEqual(RESTRICTED);
    const n = await db.execute(sql`SELECT count(*)::int AS n FROM user_requests`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0].n).toBe(2);
  });
});
