import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('audit log', () => {
  it('records a permission denial with the actor, session, route and required key', async () => {
    const guest = await t.login('guest');
    const res = await t.as(guest, { url: '/api/menus/list/platform' });
    expect(res.statusCode).toBe(403);
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'permission-denied'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({
      actorId: guest.userId,
      sessionId: guest.sessionId,
      entity: 'route',
      entityId: 'GET /api/menus/list/:slug',
      after: { required: ['permissions.view'] },
    });
  });

  it('never stores secrets given in before/after', async () => {
    const request = { auth: null, ip: '127.0.0.1', log: t.app.log } as never;
    await t.app.audit.record(request, {
      action: 'update',
      entity: 'user',
      entityId: 7,
      before: { email: 'a@b.co', passwordHash: 'x' },
      after: { email: 'a@b.co', password: 'secret1', nested: { apiKey: 'k', ok: 1 } },
    });
    const [row] = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, '7'));
    expect(row.before).toEqual({ email: 'a@b.co' });
    expect(row.after).toEqual({ email: 'a@b.co', nested: { ok: 1 } });
  });
});
