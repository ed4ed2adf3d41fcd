import { readdirSync } from 'node:fs';
import {
  BULK_PREVIEW_MESSAGES,
  BULK_PREVIEW_ROWS,
  type BulkPreview,
  bulkPreviewRoutes,
  BULK_UPLOAD_MESSAGES,
  PERMISSION_KEYS,
} from '@console/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploads, clients, companies, manageActions, media } from '../../db/schema/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { png, sessionWithKeys } from '../users/users.testing.js';
import { MANAGE_ACTION_MESSAGES } from '../manage-actions/index.js';
import { csv, filePart, previewParts, uploadParts, waitFinished } from './bulk-uploads.testing.js';

// The import preview (issue 18 part 2): the sheet read as the import reads it, nothing stored.

let t: TestApp;
let admin: TestSession;
let clientId: number;
let otherMediaId: number;
const HEADER = ['name', 'actionType', 'value', 'toneCode', 'status'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Preview Co' }).returning();
  const rows = await t.app.db
    .insert(clients)
    .values([
      { name: 'Preview client', companyId: company!.id, type: 'demo' },
      { name: 'Preview other', companyId: company!.id, type: 'demo' },
    ])
    .returning();
  clientId = rows[0]!.id;
  const [m] = await t.app.db
    .insert(media)
    .values({
      kind: 'demo',
      clientId: rows[1]!.id,
      title: 'other',
      mediaType: 'image',
      file: 'media/x.png',
      mimeType: 'image/png',
      size: 1,
    })
    .returning();
  otherMediaId = m!.id;
  await t.app.db.insert(manageActions).values({ clientId, name: 'Taken Name', actionType: 'call', value: '+3225550100' });
});
afterAll(() => t?.close());

async function preview(
  rows: (string | number)[][],
  fields: Record<string, string | number | undefined> = {},
  kind = 'manage-actions' as const,
) {
  const res = await previewParts(t, admin, kind, { clientId, ...fields }, [filePart('sheet.csv', csv(rows), 'file')]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: BulkPreview }>().data;
}

const stored = async () => ({
  actions: (await t.app.db.select({ n: count() }).from(manageActions))[0]!.n,
  uploads: (await t.app.db.select({ n: count() }).from(bulkUploads))[0]!.n,
  temp: readdirSync(t.app.uploadTempDir).length,
});

describe('POST /manage-actions/bulk-upload/preview', () => {
  it('shows the columns, the rows as they would be stored, every failing row with the import’s message, and the counts; stores nothing', async () => {
    const before = await stored();
    const data = await preview([
      HEADER,
      ['  Open shop ', 'OPEN-URL', 'https://example.com/shop', 'shop-01', ''],
      ['Call us', 'call', '+3225550111', '', 'inactive'],
      ['Bad type', 'teleport', 'x', '', ''],
      ['taken name', 'call', '+3225550112', '', ''],
      ['Open shop', 'call', '+3225550113', '', ''],
      ['Foreign media', 'show-media', String(otherMediaId), '', ''],
    ]);
    expect(data.columns).toEqual(HEADER);
    expect(data.mapping).toEqual(Object.fromEntries(HEADER.map((h) => [h, h])));
    expect(data.fields.map((f) => [f.key, f.required])).toEqual([
      ['name', true],
      ['actionType', true],
      ['value', true],
      ['toneCode', false],
      ['status', false],
    ]);
    expect(data.sheetError).toBeNull();
    // As stored: trimmed, the type lower-cased, the tone code upper-cased, the default status.
    expect(data.rows).toEqual([
      {
        row: 2,
        data: { name: 'Open shop', actionType: 'open-url', value: 'https://example.com/shop', toneCode: 'SHOP-01', status: 'active' },
      },
      { row: 3, data: { name: 'Call us', actionType: 'call', value: '+3225550111', status: 'inactive' } },
    ]);
    expect(data.failures.map((f) => f.row)).toEqual([4, 5, 6, 7]);
    expect(data.failures[0]!.message).toMatch(/action type/i);
    expect(data.failures[1]!.message).toBe(MANAGE_ACTION_MESSAGES.nameTaken); // taken by the client, whatever the case
    expect(data.failures[2]!.message).toBe(MANAGE_ACTION_MESSAGES.nameTaken); // earlier in the sheet
    expect(data.failures[3]!.message).toBe(MANAGE_ACTION_MESSAGES.mediaOfClient);
    expect(data.counts).toEqual({ rows: 6, wouldAdd: 2, wouldFail: 4 });
    expect(await stored()).toEqual(before);
  });

  it('the import of the same sheet adds exactly what the preview said it would', async () => {
    const rows = [
      HEADER,
      ['Twin A', 'call', '+3225550121', '', ''],
      ['twin a', 'call', '+3225550122', '', ''],
      ['No value', 'call', '', '', ''],
    ];
    const data = await preview(rows);
    const res = await uploadParts(t, admin, 'manage-actions', { clientId }, [filePart('same.csv', csv(rows))]);
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitFinished(t, res.json<{ data: { id: number }[] }>().data[0]!.id);
    expect({ done: done.done, failed: done.failed }).toEqual({ done: data.counts.wouldAdd, failed: data.counts.wouldFail });
  });

  it('maps other headers to the fields; the upload with that mapping imports through it', async () => {
    const header = ['Action Name', 'Kind', 'Target', 'Notes'];
    const rows = [header, ['Mapped one', 'call', '+3225550131', 'ignored'], ['Mapped two', 'open-url', 'https://example.com/2', '']];
    const unmapped = await preview(rows);
    expect(unmapped.columns).toEqual(header);
    expect(unmapped.sheetError).toMatch(/Missing columns: name, actionType, value/);
    expect(unmapped.mapping).toMatchObject({ name: null, actionType: null, value: null });
    expect(unmapped.counts).toEqual({ rows: 0, wouldAdd: 0, wouldFail: 0 });

    const mapping = JSON.stringify({ name: 'Action Name', actionType: 'kind', value: 'TARGET', toneCode: null });
    const mapped = await preview(rows, { mapping });
    expect(mapped.sheetError).toBeNull();
    expect(mapped.mapping).toEqual({ name: 'Action Name', actionType: 'Kind', value: 'Target', toneCode: null, status: null });
    expect(mapped.counts).toEqual({ rows: 2, wouldAdd: 2, wouldFail: 0 });

    const res = await uploadParts(t, admin, 'manage-actions', { clientId, mapping }, [filePart('mapped.csv', csv(rows))]);
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitFinished(t, res.json<{ data: { id: number }[] }>().data[0]!.id);
    expect({ status: done.status, done: done.done, mapping: done.mapping }).toEqual({
      status: 'completed',
      done: 2,
      mapping: JSON.parse(mapping),
    });
    const names = await t.app.db.select({ name: manageActions.name }).from(manageActions).where(eq(manageActions.uploadId, done.id));
    expect(names.map((n) => n.name).sort()).toEqual(['Mapped one', 'Mapped two']);
  });

  it('a mapping naming a column the file lacks, or one column twice, makes the sheet unusable as mapped', async () => {
    const rows = [HEADER, ['A', 'call', '+3225550141', '', '']];
    expect((await preview(rows, { mapping: JSON.stringify({ value: 'Phone' }) })).sheetError).toBe(
      BULK_PREVIEW_MESSAGES.noSuchColumn('Phone'),
    );
    // null leaves a field unread even where the file has its column.
    const unread = await preview([HEADER, ['B', 'call', '+3225550142', 'ab-1', 'inactive']], {
      mapping: JSON.stringify({ toneCode: null, status: null }),
    });
    expect(unread.rows).toEqual([{ row: 2, data: { name: 'B', actionType: 'call', value: '+3225550142', status: 'active' } }]);
    expect(unread.mapping).toMatchObject({ toneCode: null, status: null, name: 'name' });
    expect((await preview(rows, { mapping: JSON.stringify({ name: 'value', value: 'value' }) })).sheetError).toBe(
      BULK_PREVIEW_MESSAGES.columnTwice('value'),
    );
  });

  it('refuses a bad mapping, a missing file, a second file and a non-sheet with clear 400s; the upload refuses a bad mapping too', async () => {
    const sheet = filePart('a.csv', csv([HEADER, ['A', 'call', '+3225550151', '', '']]), 'file');
    const bad = await previewParts(t, admin, 'manage-actions', { clientId, mapping: JSON.stringify({ colour: 'x' }) }, [sheet]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.mapping).toBe('Not a field of this upload: colour');
    const notJson = await previewParts(t, admin, 'manage-actions', { clientId, mapping: '{' }, [sheet]);
    expect(notJson.json().fieldErrors.mapping).toBe(BULK_PREVIEW_MESSAGES.badMapping);
    const none = await previewParts(t, admin, 'manage-actions', { clientId }, []);
    expect([none.statusCode, none.json().fieldErrors.file]).toEqual([400, BULK_PREVIEW_MESSAGES.noFile]);
    const two = await previewParts(t, admin, 'manage-actions', { clientId }, [sheet, sheet]);
    expect([two.statusCode, two.json().fieldErrors.file]).toEqual([400, BULK_PREVIEW_MESSAGES.oneFile]);
    const png = await previewParts(t, admin, 'manage-actions', { clientId }, [
      filePart('x.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), 'file'),
    ]);
    expect([png.statusCode, png.json().message]).toEqual([400, BULK_UPLOAD_MESSAGES.wrongSheetType]);
    const upload = await uploadParts(t, admin, 'manage-actions', { clientId, mapping: JSON.stringify({ name: 5 }) }, [
      filePart('a.csv', csv([HEADER])),
    ]);
    expect(upload.statusCode).toBe(400);
    expect(upload.json().fieldErrors.mapping).toBeTruthy();
    expect(readdirSync(t.app.uploadTempDir)).toEqual([]);
  });

  it('counts a long sheet exactly and lists the first 50 rows and at most 1000 failures', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 3000; i++) rows.push([`Long ${i}`, i % 2 === 0 ? 'call' : 'nope', '+3225550100', '', '']);
    const data = await preview(rows);
    expect(data.counts).toEqual({ rows: 3000, wouldAdd: 1500, wouldFail: 1500 });
    expect(data.rows).toHaveLength(BULK_PREVIEW_ROWS);
    expect(data.rows[0]!.row).toBe(3);
    expect(data.failures).toHaveLength(1000);
  });
});

describe('media manifests', () => {
  it('previews a manifest as the media job reads it: a bad status fails, a second row for a file is not the one used', async () => {
    const manifest = csv([
      ['File', 'title', 'status'],
      ['a.png', 'First', 'active'],
      ['b.png', 'Bad', 'sometimes'],
      ['a.png', 'Again', 'active'],
    ]);
    const previewManifest = async (mapping?: string) => {
      const res = await previewParts(t, admin, 'demo-media', { clientId, mapping }, [filePart('manifest.csv', manifest, 'file')]);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: BulkPreview }>().data;
    };
    // "File" is not a field name: mapped by the user it fills fileName.
    const unmapped = await previewManifest();
    expect(unmapped.sheetError).toMatch(/Missing column: fileName/);
    const data = await previewManifest(JSON.stringify({ fileName: 'File' }));
    expect(data.rows).toEqual([{ row: 2, data: { fileName: 'a.png', title: 'First', status: 'active' } }]);
    expect(data.failures.map((f) => [f.row, f.message])).toEqual([
      [3, 'Choose active or inactive'],
      [4, BULK_PREVIEW_MESSAGES.manifestFileTwice],
    ]);
  });
});

describe('a media upload with a mapping', () => {
  it('reads its manifest through the mapping: the titles come from the mapped column', async () => {
    const manifest = csv([
      ['File', 'Caption', 'title'],
      ['m.png', 'Mapped caption', 'Ignored title'],
    ]);
    const mapping = JSON.stringify({ fileName: 'File', title: 'Caption' });
    const res = await uploadParts(t, admin, 'demo-media', { clientId, mapping }, [
      filePart('m.png', await png(8, 8)),
      filePart('manifest.csv', manifest, 'manifest'),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const done = await waitFinished(t, res.json<{ data: { id: number }[] }>().data[0]!.id);
    expect(done.status).toBe('completed');
    const [row] = await t.app.db.select({ title: media.title }).from(media).where(eq(media.uploadId, done.id));
    expect(row?.title).toBe('Mapped caption');
  });
});

describe('saved mappings', () => {
  it('are kept per user and kind, validated, and need the kind’s bulk-upload key', async () => {
    const url = `/api${bulkPreviewRoutes('manage-actions').mapping}`;
    const get = async (s: TestSession, path = url) => (await t.as(s, { url: path })).json<{ data: { mapping: unknown } }>().data.mapping;
    expect(await get(admin)).toBeNull();
    const mapping = { name: 'Action Name', toneCode: null };
    const put = await t.as(admin, { method: 'PUT', url, payload: { mapping } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await get(admin)).toEqual(mapping);
    const again = await t.as(admin, { method: 'PUT', url, payload: { mapping: { name: 'Title' } } });
    expect(again.statusCode).toBe(200);
    expect(await get(admin)).toEqual({ name: 'Title' });
    expect(await get(admin, `/api${bulkPreviewRoutes('demo-media').mapping}`)).toBeNull();
    const bad = await t.as(admin, { method: 'PUT', url, payload: { mapping: { colour: 'x' } } });
    expect(bad.statusCode).toBe(400);

    const uploader = await sessionWithKeys(t, [PERMISSION_KEYS.manageActions.bulkUpload, PERMISSION_KEYS.manageActions.view], 'Mapper');
    expect(await get(uploader)).toBeNull();
    const viewer = await sessionWithKeys(t, [PERMISSION_KEYS.manageActions.view], 'Viewer');
    expect((await t.as(viewer, { url })).statusCode).toBe(403);
    const denied = await previewParts(t, viewer, 'manage-actions', { clientId }, [filePart('a.csv', csv([HEADER]), 'file')]);
    expect(denied.statusCode).toBe(403);
  });
});
