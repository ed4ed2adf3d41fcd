import { COOKIE_NAMES } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploads, clients, companies, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession, type USERS } from '../../test/test-app.js';
import { csv, filePart, uploadParts, waitFinished, zipOf } from '../bulk-uploads/bulk-uploads.testing.js';
import { auditRows, multipart, png } from '../users/users.testing.js';

// Issue 14 s.1: a stored file is served only to a caller who may see the row that owns it. Every
// kind of stored file, for every demo role, by bearer token and by the userDetails cookie alone.

type Role = keyof typeof USERS;
const ROLES: Role[] = ['admin', 'manager', 'agent', 'guest'];

let t: TestApp;
const sessions = {} as Record<Role, TestSession>;
/** Each stored file, with the roles that may read it (seed: manager holds clients.* and demo-media.*). */
const files: { name: string; key: string; thumb: boolean; readers: Role[] }[] = [];
let bulkUploadIds: number[] = [];

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) sessions[role] = await t.login(role);
  const { admin, manager } = sessions;

  const company = await t.as(admin, {
    method: 'POST',
    url: '/api/companies/add',
    ...multipart({ name: 'Owner Walk Co' }, [{ name: 'logo', filename: 'co.png', content: await png(20, 20) }]),
  });
  ok(company);
  const companyId = company.json().data.id as number;
  const clientWith = async (name: string, type: string) => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/client/add',
      ...multipart({ name, companyId, type }, [{ name: 'logo', filename: 'logo.png', content: await png(16, 16) }]),
    });
    ok(res);
    return res.json() as { data: { id: number }; logo: string };
  };
  const demo = await clientWith('Walk demo', 'demo');
  const live = await clientWith('Walk live', 'live');

  const single = async (base: string, clientId: number, extra: Record<string, string> = {}) => {
    const res = await t.as(admin, {
      method: 'POST',
      url: `/api/${base}/add`,
      ...multipart({ clientId, title: `${base} single`, status: 'active', ...extra }, [
        { name: 'file', filename: 'pic.png', content: await png(30, 20) },
      ]),
    });
    ok(res);
    return res.json().data as { file: string; thumbnail: string };
  };
  const demoOne = await single('demo-media', demo.data.id);
  const campaignOne = await single('campaign-media', live.data.id, { campaignName: 'Walk campaign' });

  // Bulk: a ZIP for demo media; a plain file with its manifest for campaign media.
  const demoBulk = await uploadParts(t, admin, 'demo-media', { clientId: demo.data.id }, [
    filePart('walk.zip', await zipOf([{ name: 'one.png', data: await png(12, 12) }])),
  ]);
  const campaignBulk = await uploadParts(t, admin, 'campaign-media', { clientId: live.data.id }, [
    filePart('two.png', await png(14, 14)),
    filePart(
      'manifest.csv',
      csv([
        ['fileName', 'title', 'campaignName'],
        ['two.png', 'Two', 'Walk campaign'],
      ]),
      'manifest',
    ),
  ]);
  bulkUploadIds = [...demoBulk.json().data, ...campaignBulk.json().data].map((r: { id: number }) => r.id);
  for (const id of bulkUploadIds) expect((await waitFinished(t, id)).status).toBe('completed');
  const bulkRow = async (id: number) => (await t.app.db.select().from(media).where(eq(media.uploadId, id)))[0]!;
  const demoBulkRow = await bulkRow(bulkUploadIds[0]!);
  const campaignBulkRow = await bulkRow(bulkUploadIds[1]!);

  const avatar = async (who: TestSession, firstname: string) => {
    const res = await t.as(who, {
      method: 'PATCH',
      url: `/api/about/update/${who.userId}`,
      ...multipart({ firstname, lastname: 'Walker', primaryColor: '#143f6f', secondaryColor: '#0d97fd' }, [
        { name: 'profile', filename: 'me.png', content: await png() },
      ]),
    });
    ok(res);
    return res.json().data.profile as string;
  };

  files.push(
    { name: 'company logo', key: company.json().logo, thumb: true, readers: ['admin'] },
    { name: 'demo client logo', key: demo.logo, thumb: true, readers: ['admin', 'manager'] },
    { name: 'live client logo', key: live.logo, thumb: true, readers: ['admin', 'manager'] },
    { name: 'demo media', key: demoOne.file, thumb: true, readers: ['admin', 'manager'] },
    { name: 'demo media thumbnail by its key', key: demoOne.thumbnail, thumb: false, readers: ['admin', 'manager'] },
    { name: 'campaign media', key: campaignOne.file, thumb: true, readers: ['admin'] },
    { name: 'campaign media thumbnail by its key', key: campaignOne.thumbnail, thumb: false, readers: ['admin'] },
    { name: 'bulk demo media', key: demoBulkRow.file, thumb: true, readers: ['admin', 'manager'] },
    { name: 'bulk campaign media', key: campaignBulkRow.file, thumb: true, readers: ['admin'] },
    { name: "the manager's avatar (self)", key: await avatar(manager, 'Maria'), thumb: true, readers: ['admin', 'manager'] },
    { name: "the admin's avatar", key: await avatar(admin, 'Ada'), thumb: true, readers: ['admin'] },
  );
});
afterAll(() => t?.close());

const cookieOnly = (s: TestSession) => ({
  cookie: `${COOKIE_NAMES.userDetails}=${encodeURIComponent(JSON.stringify({ accessToken: s.token }))}`,
});

describe('GET /files by owner', () => {
  it('serves each stored file, its thumbnail and HEAD only to the roles that may see its row; 404 to the others', async () => {
    const seen: string[] = [];
    for (const f of files) {
      for (const role of ROLES) {
        const s = sessions[role];
        const want = f.readers.includes(role) ? 200 : 404;
        const urls = [`/api/files/${f.key}`, ...(f.thumb ? [`/api/files/${f.key}?thumb=1`] : [])];
        for (const url of urls) {
          for (const method of ['GET', 'HEAD'] as const) {
            seen.push(
              `${f.name} ${role} ${method} ${url.endsWith('thumb=1') ? 'thumb' : 'file'}: ${(await t.as(s, { method, url })).statusCode}`,
            );
            const viaCookie = await t.inject({ method, url, headers: cookieOnly(s) });
            seen.push(`${f.name} ${role} ${method} cookie: ${viaCookie.statusCode}`);
          }
        }
        expect(seen.filter((line) => line.startsWith(`${f.name} ${role} `) && !line.endsWith(`: ${want}`))).toEqual([]);
      }
    }
  });

  it('audits a refused read of an owned file; an unowned key is a plain 404', async () => {
    const campaign = files.find((f) => f.name === 'campaign media')!;
    expect((await t.as(sessions.guest, { url: `/api/files/${campaign.key}` })).statusCode).toBe(404);
    const audit = await auditRows(t, 'permission-denied', 'file');
    expect(audit.some((a) => a.entityId === campaign.key)).toBe(true);
    expect((await t.as(sessions.admin, { url: '/api/files/media/2025/01/0b0f0e1c-0000-4000-8000-000000000000.png' })).statusCode).toBe(404);
  });

  it('stores bulk items under unguessable keys, and never serves bulk-upload parts through /files', async () => {
    const bulkKeys = files.filter((f) => f.name.startsWith('bulk')).map((f) => f.key);
    for (const key of bulkKeys) expect(key).toMatch(/^media\/bulk\/\d+\/[0-9a-f]{32}\.png$/);
    // The old sequential name of the first item is not a file.
    const [, , uploadId] = bulkKeys[0]!.split('/');
    expect((await t.as(sessions.admin, { url: `/api/files/media/bulk/${uploadId}/1.png?thumb=1` })).statusCode).toBe(404);
    for (const id of bulkUploadIds) {
      const [row] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
      expect(row?.storageKey).toMatch(/^bulk-uploads\//);
      for (const role of ROLES) expect((await t.as(sessions[role], { url: `/api/files/${row!.storageKey}` })).statusCode).toBe(404);
    }
  });

  it('serves the error sheets of bulk uploads behind the kind view key only', async () => {
    const expected: Record<string, Role[]> = { 'demo-media': ['admin', 'manager'], 'campaign-media': ['admin'] };
    for (const [i, kind] of ['demo-media', 'campaign-media'].entries()) {
      for (const role of ROLES) {
        const res = await t.as(sessions[role], { url: `/api/${kind}/bulk-upload/${bulkUploadIds[i]}/errors/csv` });
        expect(res.statusCode, `${kind} ${role}`).toBe(expected[kind]!.includes(role) ? 200 : 403);
      }
    }
  });

  it('follows the owner: a logo replaced or a client deleted is no longer served', async () => {
    const logo = files.find((f) => f.name === 'live client logo')!;
    const [client] = await t.app.db.select().from(clients).where(eq(clients.logo, logo.key));
    await t.app.db.update(clients).set({ logo: null }).where(eq(clients.id, client!.id));
    expect((await t.as(sessions.admin, { url: `/api/files/${logo.key}` })).statusCode).toBe(404);
    const companyLogo = files.find((f) => f.name === 'company logo')!;
    const [co] = await t.app.db.select().from(companies).where(eq(companies.logo, companyLogo.key));
    expect(co).toBeDefined();
  });
});
