import { BULK_UPLOAD_MESSAGES, type BulkUploadFile, bulkUploadPaths, mediaManifestRowSchema } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploadItems, bulkUploads, clients, companies, media } from '../../db/schema/index.js';
import { bulkItemKey, thumbnailKeyFor } from '../../lib/storage/index.js';
import { readSheet } from '../../lib/bulk/sheet-reader.js';
import { compressible, rawZip, wav } from '../../lib/bulk/testing.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { png, storedFiles } from '../users/users.testing.js';
import { encodedVideo } from '../../lib/media/testing.js';
import { csv, filePart, listedRow, uploadParts, waitFinished, zipOf } from './bulk-uploads.testing.js';

// Media bulk uploads (demo and campaign) end to end: plain files, ZIPs with hostile entries, manifests.

let t: TestApp;
let admin: TestSession;
let demoClient: number;
let liveClient: number;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Media Bulk Co' }).returning();
  const rows = await t.app.db
    .insert(clients)
    .values([
      { name: 'Demo one', companyId: company!.id, type: 'demo' },
      { name: 'Live one', companyId: company!.id, type: 'live' },
    ])
    .returning();
  demoClient = rows[0]!.id;
  liveClient = rows[1]!.id;
  jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#143f6f' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t?.close());

type Accepted = { data: BulkUploadFile[] };
const filesUnder = async (prefix: string) => (await storedFiles(t)).filter((f) => f.startsWith(prefix));

describe('POST /demo-media/bulk-upload', () => {
  it('stores plain files and archive entries as media; hostile or wrong entries fail as items and write nothing', async () => {
    const zip = await zipOf(
      [
        { name: 'a.png', data: await png(40, 30) },
        { name: 'dir/b.jpg', data: jpeg },
        { name: 'zz/evil.png', data: await png(8, 8) },
        { name: 'link.png', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
        { name: 'notes.png', data: Buffer.from('just some text, not an image') },
        // 101 MB of zeros deflate to ~100 kB: refused for its declared size before a byte is inflated.
        { name: 'big.png', data: Buffer.alloc(101 * 1024 * 1024), compress: true },
        // 5 MB of zeros: a compression ratio no media file has.
        { name: 'bomb.png', data: Buffer.alloc(5 * 1024 * 1024), compress: true },
        { name: 'c.png', data: await png(10, 10) },
      ],
      [['zz/evil.png', '../evil.png']],
    );
    const manifest = csv([
      ['fileName', 'title', 'description', 'toneCode', 'status'],
      ['a.png', 'Alpha', 'First one', 'ab-12', 'inactive'],
      ['b.jpg', 'Bravo', '', 'x', 'active'],
    ]);
    const res = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [
      filePart('Solo shot.png', await png(20, 20)),
      filePart('pack.zip', zip),
      filePart('report.pdf', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')),
      filePart('manifest.csv', manifest, 'manifest'),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const [solo, pack, pdf] = res.json<Accepted>().data;
    expect(res.json<Accepted>().data.map((r) => [r.fileName, r.status])).toEqual([
      ['Solo shot.png', 'pending'],
      ['pack.zip', 'pending'],
      ['report.pdf', 'pending'],
    ]);

    expect(await waitFinished(t, solo!.id)).toMatchObject({ status: 'completed', total: 1, done: 1, failed: 0 });
    const [soloMedia] = await t.app.db.select().from(media).where(eq(media.uploadId, solo!.id));
    // Not in the manifest: the title is the file name without its extension.
    expect(soloMedia).toMatchObject({
      kind: 'demo',
      clientId: demoClient,
      title: 'Solo shot',
      mediaType: 'image',
      mimeType: 'image/png',
      width: 20,
      height: 20,
    });

    expect(await waitFinished(t, pack!.id)).toMatchObject({ status: 'partially-failed', total: 8, done: 2, failed: 6 });
    const listed = await listedRow(t, admin, 'demo-media', pack!.id);
    expect(Object.fromEntries(listed!.errors.map((e) => [e.item, e.message]))).toEqual({
      'dir/b.jpg': expect.stringMatching(/^Manifest row 3: A tone code is 4 to 16 /),
      '../evil.png': expect.stringMatching(/^Unsafe path in the archive/),
      'link.png': 'Links are not accepted in archives',
      'notes.png': expect.stringMatching(/^Not an accepted file type/),
      'big.png': expect.stringMatching(/^File is larger than/),
      'bomb.png': expect.stringMatching(/^Suspicious compression ratio/),
    });
    const packMedia = await t.app.db.select().from(media).where(eq(media.uploadId, pack!.id)).orderBy(media.id);
    expect(packMedia.map((m) => [m.uploadItem, m.title, m.description, m.toneCode, m.status])).toEqual([
      ['a.png', 'Alpha', 'First one', 'AB-12', 'inactive'],
      ['c.png', 'c', null, null, 'active'],
    ]);
    // Only what was accepted reached storage, under keys fixed by (upload part, position) yet
    // unguessable (bulkItemKey); no temp files.
    const [packRow] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, pack!.id));
    const keyOf = (position: number) => bulkItemKey(packRow!, position, 'png');
    expect(keyOf(1)).toMatch(new RegExp(`^media/bulk/${pack!.id}/[0-9a-f]{32}\\.png$`));
    expect((await filesUnder(`media/bulk/${pack!.id}/`)).sort()).toEqual(
      [keyOf(1), thumbnailKeyFor(keyOf(1)), keyOf(8), thumbnailKeyFor(keyOf(8))].sort(),
    );
    expect(await filesUnder('tmp:')).toEqual([]);
    expect(packMedia.map((m) => m.file)).toEqual([keyOf(1), keyOf(8)]);
    // A retry runs again only what was over a limit (an operator may have raised it): the entries
    // wrong in themselves, and the bad manifest row, are left as they are.
    const attempts = async () =>
      Object.fromEntries(
        (
          await t.app.db
            .select({ item: bulkUploadItems.item, attempts: bulkUploadItems.attempts })
            .from(bulkUploadItems)
            .where(and(eq(bulkUploadItems.uploadId, pack!.id), eq(bulkUploadItems.status, 'failed')))
        ).map((i) => [i.item, i.attempts]),
      );
    const before = await attempts();
    const retry = await t.as(admin, { method: 'POST', url: `/api/demo-media/bulk-upload/${pack!.id}/retry` });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(await waitFinished(t, pack!.id)).toMatchObject({ status: 'partially-failed', total: 8, done: 2, failed: 6 });
    expect(await attempts()).toEqual({ ...before, 'big.png': before['big.png']! + 1, 'bomb.png': before['bomb.png']! + 1 });

    expect(await waitFinished(t, pdf!.id)).toMatchObject({
      status: 'failed',
      error: 'Not a media file (image, video or audio) or a ZIP archive',
      // Refused whole: one failed item (issue 15).
      total: 1,
      failed: 1,
    });
    expect(await filesUnder(`media/bulk/${pdf!.id}/`)).toEqual([]);
    // Not media: a retry would refuse it again.
    const pdfRetry = await t.as(admin, { method: 'POST', url: `/api/demo-media/bulk-upload/${pdf!.id}/retry` });
    expect([pdfRetry.statusCode, pdfRetry.json().message]).toEqual([409, BULK_UPLOAD_MESSAGES.fileNotRetryable]);
  });

  it('a video in an archive gets its duration and a poster frame as thumbnail', async () => {
    const zip = await zipOf([{ name: 'clips/launch.webm', data: encodedVideo('webm', 2, 320, 240) }]);
    const res = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [filePart('clips.zip', zip)]);
    const [row] = res.json<Accepted>().data;
    expect(await waitFinished(t, row!.id)).toMatchObject({ status: 'completed', done: 1 });
    const [clip] = await t.app.db.select().from(media).where(eq(media.uploadId, row!.id));
    expect(clip).toMatchObject({ title: 'launch', mediaType: 'video', mimeType: 'video/webm', width: 320, height: 240 });
    expect(clip!.durationSeconds).toBeCloseTo(2, 1);
    const [upload] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, row!.id));
    const file = bulkItemKey(upload!, 1, 'webm');
    expect(clip).toMatchObject({ file, thumbnail: thumbnailKeyFor(file) });
    expect((await filesUnder(`media/bulk/${row!.id}/`)).sort()).toEqual([file, thumbnailKeyFor(file)].sort());
  });

  it('refuses a client of the wrong type (live for demo media) with 400 fieldErrors.clientId and keeps nothing', async () => {
    const before = await storedFiles(t);
    const res = await uploadParts(t, admin, 'demo-media', { clientId: liveClient }, [filePart('x.png', await png(5, 5))]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { clientId: 'Choose a client of type demo or both' } });
    const two = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [
      filePart('x.png', await png(5, 5)),
      filePart('m1.csv', csv([['fileName']]), 'manifest'),
      filePart('m2.csv', csv([['fileName']]), 'manifest'),
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ fieldErrors: { manifest: 'Only one manifest is accepted' } });
    expect(await storedFiles(t)).toEqual(before);
  });

  it('a manifest that is not a sheet fails every part of its request with the reason', async () => {
    const res = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [
      filePart('y.png', await png(6, 6)),
      filePart('m.csv', await png(6, 6), 'manifest'),
    ]);
    const [row] = res.json<Accepted>().data;
    expect(await waitFinished(t, row!.id)).toMatchObject({
      status: 'failed',
      error: 'Manifest: Not a spreadsheet (XLSX, or CSV in UTF-8)',
    });
    expect(await t.app.db.select().from(media).where(eq(media.uploadId, row!.id))).toEqual([]);
  });
});

describe('POST /campaign-media/bulk-upload', () => {
  it('takes campaign fields from the manifest; a file the manifest does not describe takes the defaults', async () => {
    const zip = await zipOf([
      { name: 'spring.png', data: await png(12, 12) },
      { name: 'unlisted.png', data: await png(12, 12) },
    ]);
    const manifest = csv([
      ['fileName', 'title', 'description', 'toneCode', 'status', 'campaignName', 'startDate', 'endDate'],
      ['spring.png', 'Spring', '', '', 'active', 'Spring sale', '2026-03-01', '2026-04-30'],
    ]);
    const res = await uploadParts(t, admin, 'campaign-media', { clientId: liveClient }, [
      filePart('campaign.zip', zip),
      filePart('manifest.csv', manifest, 'manifest'),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const [row] = res.json<Accepted>().data;
    expect(await waitFinished(t, row!.id)).toMatchObject({ status: 'completed', done: 2, failed: 0 });
    const [m, unlisted] = await t.app.db.select().from(media).where(eq(media.uploadId, row!.id)).orderBy(media.id);
    expect(m).toMatchObject({
      kind: 'campaign',
      title: 'Spring',
      campaignName: 'Spring sale',
      startDate: '2026-03-01',
      endDate: '2026-04-30',
    });
    // Issue 15: the title from the file name, the campaign from the uploaded archive's name, no dates.
    expect(unlisted).toMatchObject({ title: 'unlisted', campaignName: 'campaign', startDate: null, endDate: null });
    const demo = await uploadParts(t, admin, 'campaign-media', { clientId: demoClient }, [filePart('x.png', await png(5, 5))]);
    expect(demo.json()).toMatchObject({ fieldErrors: { clientId: 'Choose a client of type live or both' } });
  });

  it('the manifest templates parse back into valid manifest rows', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'media-template-'));
    try {
      for (const kind of ['demo-media', 'campaign-media'] as const) {
        for (const format of ['csv', 'excel'] as const) {
          const res = await t.as(admin, { url: `/api${bulkUploadPaths(kind).template(format)}` });
          expect(res.statusCode).toBe(200);
          const file = path.join(dir, `${kind}.${format}`);
          writeFileSync(file, res.rawPayload);
          const rows = [];
          for await (const r of readSheet(file, { format: format === 'csv' ? 'csv' : 'xlsx', schema: mediaManifestRowSchema(kind) }))
            rows.push(r);
          expect(rows, `${kind} ${format}`).toMatchObject([{ row: 2, ok: true }]);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what a media ZIP may unpack to (issue 14 s.4)', () => {
  it('bytes past 20 times the archive’s size fail their items; what came before is stored, nothing of the failed ones', async () => {
    // Three 1 MB WAVs that deflate ~45:1 each: under the per-entry ratio limit, ~45 times the archive in all.
    const size = 1024 * 1024;
    const zip = rawZip([1, 2, 3].map((i) => ({ name: `${i}.wav`, data: compressible(wav(size).subarray(0, 44), size, i), deflate: true })));
    const cap = 20 * zip.length;
    expect(size).toBeLessThan(cap);
    const res = await uploadParts(t, admin, 'demo-media', { clientId: demoClient }, [filePart('dense.zip', zip)]);
    const [row] = res.json<Accepted>().data;
    expect(await waitFinished(t, row!.id)).toMatchObject({ status: 'partially-failed', total: 3, done: 1, failed: 2 });
    const message = `The archive unpacks to more than ${cap} bytes (20 times its size)`;
    expect((await listedRow(t, admin, 'demo-media', row!.id))?.errors).toEqual([
      { item: '2.wav', message },
      { item: '3.wav', message },
    ]);
    const stored = await t.app.db.select().from(media).where(eq(media.uploadId, row!.id));
    expect(stored.map((m) => [m.uploadItem, m.mimeType, m.size])).toEqual([['1.wav', 'audio/wav', size]]);
    expect(await filesUnder(`media/bulk/${row!.id}/`)).toEqual([stored[0]!.file]); // the one stored WAV, no thumbnail
    expect(await filesUnder('tmp:')).toEqual([]);
  });
});
