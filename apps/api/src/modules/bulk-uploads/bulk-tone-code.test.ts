import type { BulkUploadFile } from '@console/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, companies, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { png, storedFiles } from '../users/users.testing.js';
import { csv, filePart, listedRow, uploadParts, waitFinished, zipOf } from './bulk-uploads.testing.js';

// Issue 15, item 9: a bulk item that would give a client a second active media with one tone code
// fails as an item with the rule's message (the database's partial unique index refuses it).

let t: TestApp;
let admin: TestSession;
let clientId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Tone Bulk Co' }).returning();
  const [client] = await t.app.db.insert(clients).values({ name: 'Tone both', companyId: company!.id, type: 'both' }).returning();
  clientId = client!.id;
});
afterAll(() => t?.close());

describe('bulk media and the one-active-media-per-tone-code rule', () => {
  it('the second active item with a code fails with the message, writes nothing; inactive ones may share it', async () => {
    const zip = await zipOf([
      { name: 'a.png', data: await png(20, 20) },
      { name: 'b.png', data: await png(21, 21) },
      { name: 'c.png', data: await png(22, 22) },
    ]);
    const manifest = csv([
      ['fileName', 'title', 'description', 'toneCode', 'status'],
      ['a.png', 'First', '', 'BULK-1', 'active'],
      ['b.png', 'Second', '', 'bulk-1', 'active'],
      ['c.png', 'Spare', '', 'BULK-1', 'inactive'],
    ]);
    const res = await uploadParts(t, admin, 'demo-media', { clientId }, [
      filePart('pack.zip', zip),
      filePart('manifest.csv', manifest, 'manifest'),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const [pack] = res.json<{ data: BulkUploadFile[] }>().data;
    expect(await waitFinished(t, pack!.id)).toMatchObject({ status: 'partially-failed', total: 3, done: 2, failed: 1 });
    const listed = await listedRow(t, admin, 'demo-media', pack!.id);
    expect(listed?.errors).toEqual([
      {
        item: 'b.png',
        message:
          'Another active media of this client already uses this tone code. Use another code, or make the other media inactive first.',
      },
    ]);
    const rows = await t.app.db.select().from(media).where(eq(media.uploadId, pack!.id)).orderBy(media.id);
    expect(rows.map((m) => [m.uploadItem, m.toneCode, m.status])).toEqual([
      ['a.png', 'BULK-1', 'active'],
      ['c.png', 'BULK-1', 'inactive'],
    ]);
    // The refused item's files were removed again.
    expect((await storedFiles(t)).filter((f) => f.startsWith(`media/bulk/${pack!.id}/`))).toHaveLength(4);
  });
});
