import { BULK_UPLOAD_MESSAGES, type BulkUploadFile } from '@console/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploadItems, bulkUploads, clients, companies, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { png } from '../users/users.testing.js';
import { runUpload } from './bulk-uploads.job.js';
import { csv, filePart, listedRow, uploadParts, waitFinished, zipOf } from './bulk-uploads.testing.js';

// Issue 15 items 2 and 3: files a manifest names but the upload lacks, campaign media without a
// manifest row, and a part refused whole counting as one failed item.

let t: TestApp;
let admin: TestSession;
let demoClient: number;
let liveClient: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Manifest Co' }).returning();
  const rows = await t.app.db
    .insert(clients)
    .values([
      { name: 'Demo m', companyId: company!.id, type: 'demo' },
      { name: 'Live m', companyId: company!.id, type: 'live' },
    ])
    .returning();
  demoClient = rows[0]!.id;
  liveClient = rows[1]!.id;
});
afterAll(() => t?.close());

type Accepted = { data: BulkUploadFile[] };
const missing = BULK_UPLOAD_MESSAGES.notInUpload;

describe('a manifest row naming a file the upload lacks', () => {
  it('is an item error of one part of the request, once, even when the jobs run again; files in other parts are not missing', async () => {
    const manifest = csv([
      ['fileName', 'title', 'description', 'toneCode', 'status'],
      ['a.png', 'Alpha', '', '', 'active'], // the first part
      ['b.png', 'Bravo', '', '', 'active'], // an entry of the archive (by its base name)
      ['ghost.png', 'Ghost', '', '', 'active'],
      ['dir/gone.png', 'Gone', '', '', 'active'],
    ]);
    const zip = await zipOf([{ name: 'dir/b.png', data: await png(9, 9) }]);
    const res = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [
      filePart('a.png', await png(8, 8)),
      filePart('pack.zip', zip),
      filePart('manifest.csv', manifest, 'manifest'),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const ids = res.json<Accepted>().data.map((r) => r.id);
    const errors = [
      { item: 'ghost.png', message: missing },
      { item: 'dir/gone.png', message: missing },
    ];
    // The part read last reports (the jobs run side by side): whichever it is, the row the user
    // sees settles once, with the missing files among its errors; the other part is untouched.
    const outcome = async () => {
      const rows = [];
      for (const id of ids) {
        const row = await waitFinished(t, id);
        const listed = await listedRow(t, admin, 'demo-media', id);
        rows.push({ status: row.status, total: row.total, done: row.done, failed: row.failed, errors: listed?.errors });
      }
      return rows.sort((x, y) => x.total - y.total);
    };
    const expected = [
      { status: 'completed', total: 1, done: 1, failed: 0, errors: [] },
      { status: 'partially-failed', total: 3, done: 1, failed: 2, errors },
    ];
    expect(await outcome()).toEqual(expected);

    // A replay of both jobs (a crash after the fact, pg-boss running them again) adds nothing.
    await t.app.db.update(bulkUploads).set({ status: 'processing' }).where(inArray(bulkUploads.id, ids));
    for (const id of ids) await runUpload(t.app, id);
    expect(await outcome()).toEqual(expected);
    expect(await t.app.db.$count(bulkUploadItems, inArray(bulkUploadItems.uploadId, ids))).toBe(4);
    expect(await t.app.db.$count(media, inArray(media.uploadId, ids))).toBe(2);

    // Retry cannot bring a file that was never sent: it says so at once (409), and nothing changes.
    const [reporter] = await t.app.db
      .select({ id: bulkUploadItems.uploadId })
      .from(bulkUploadItems)
      .where(eq(bulkUploadItems.item, 'ghost.png'));
    const retry = await t.as(admin, { method: 'POST', url: `/api/demo-media/bulk-upload/${reporter!.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(409);
    expect(retry.json()).toMatchObject({ success: false, code: 'CONFLICT', message: BULK_UPLOAD_MESSAGES.nothingRetryable });
    expect(await outcome()).toEqual(expected);
    expect(await t.app.db.$count(media, inArray(media.uploadId, ids))).toBe(2);
  });
});

describe('campaign media without a manifest row', () => {
  it('takes the defaults: title and campaign name from the file name, no dates; a broken file is one failed item', async () => {
    const res = await uploadParts(t, admin, 'campaign-media', { clientId: liveClient }, [
      filePart('Spring promo.png', await png(10, 10)),
      filePart('summer.png', await png(11, 11)),
      filePart('broken.png', Buffer.from('not an image at all')),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const [spring, summer, broken] = res.json<Accepted>().data;
    for (const row of [spring, summer])
      expect(await waitFinished(t, row!.id)).toMatchObject({ status: 'completed', total: 1, done: 1, failed: 0 });
    const made = await t.app.db
      .select()
      .from(media)
      .where(inArray(media.uploadId, [spring!.id, summer!.id]))
      .orderBy(media.uploadId);
    expect(made.map((m) => [m.kind, m.title, m.campaignName, m.startDate, m.endDate])).toEqual([
      ['campaign', 'Spring promo', 'Spring promo', null, null],
      ['campaign', 'summer', 'summer', null, null],
    ]);
    expect(await waitFinished(t, broken!.id)).toMatchObject({
      status: 'failed',
      error: BULK_UPLOAD_MESSAGES.wrongMediaType,
      total: 1,
      done: 0,
      failed: 1,
    });
    expect((await listedRow(t, admin, 'campaign-media', broken!.id))?.errors).toEqual([
      { item: 'broken.png', message: BULK_UPLOAD_MESSAGES.wrongMediaType },
    ]);
  });

  it('an archive entry the manifest does not describe gets the archive’s name as its campaign', async () => {
    const zip = await zipOf([
      { name: 'listed.png', data: await png(12, 12) },
      { name: 'unlisted.png', data: await png(12, 12) },
    ]);
    const manifest = csv([
      ['fileName', 'title', 'description', 'toneCode', 'status', 'campaignName', 'startDate', 'endDate'],
      ['listed.png', 'Listed', '', '', 'active', 'Spring sale', '2026-03-01', '2026-04-30'],
    ]);
    const res = await uploadParts(t, admin, 'campaign-media', { clientId: liveClient }, [
      filePart('Autumn drive.zip', zip),
      filePart('manifest.csv', manifest, 'manifest'),
    ]);
    const [row] = res.json<Accepted>().data;
    expect(await waitFinished(t, row!.id)).toMatchObject({ status: 'completed', total: 2, done: 2, failed: 0 });
    const made = await t.app.db.select().from(media).where(eq(media.uploadId, row!.id)).orderBy(media.id);
    expect(made.map((m) => [m.uploadItem, m.title, m.campaignName, m.startDate])).toEqual([
      ['listed.png', 'Listed', 'Spring sale', '2026-03-01'],
      ['unlisted.png', 'unlisted', 'Autumn drive', null],
    ]);
  });
});

describe('a part refused whole', () => {
  it('an archive refused whole (too many entries) is one failed item, and so is it again after a retry', async () => {
    const entries = Array.from({ length: 1001 }, (_, i) => ({ name: `e${i}.png`, data: Buffer.from([i % 256]) }));
    const res = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [filePart('huge.zip', await zipOf(entries))]);
    const [row] = res.json<Accepted>().data;
    const refused = { status: 'failed', error: 'The archive has more than 1000 entries', total: 1, done: 0, failed: 1 };
    expect(await waitFinished(t, row!.id)).toMatchObject(refused);
    const retry = await t.as(admin, { method: 'POST', url: `/api/demo-media/bulk-upload/${row!.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(await waitFinished(t, row!.id)).toMatchObject(refused);
  });
});
