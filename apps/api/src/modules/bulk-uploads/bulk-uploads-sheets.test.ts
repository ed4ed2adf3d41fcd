import {
  BULK_SHEET_MAX_ROWS,
  BULK_UPLOAD_MESSAGES,
  type BulkUploadFile,
  bulkUploadPaths,
  manageActionSheetRowSchema,
  PERMISSION_KEYS,
} from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkUploadItems, bulkUploads, clients, companies, manageActions, media } from '../../db/schema/index.js';
import { readSheet } from '../../lib/bulk/sheet-reader.js';
import { PART_ORDERS, workbookParts, zipOfParts } from '../../lib/bulk/testing.js';
import { newStorageKey } from '../../lib/storage/index.js';
import { createTestApp, type TestApp, type TestSession } from '../../test/test-app.js';
import { parseCsv, sessionWithKeys, storedFiles } from '../users/users.testing.js';
import { runUpload } from './bulk-uploads.job.js';
import { csv, filePart, listedRow, uploadParts, waitFinished } from './bulk-uploads.testing.js';

// Manage-actions bulk uploads end to end on the real database: the request, the job, the ledger.

let t: TestApp;
let admin: TestSession;
let clientId: number;
let otherClientId: number;
let ownMediaId: number;
let otherMediaId: number;
const paths = bulkUploadPaths('manage-actions');
const HEADER = ['name', 'actionType', 'value', 'toneCode', 'status'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const [company] = await t.app.db.insert(companies).values({ name: 'Bulk Co' }).returning();
  const rows = await t.app.db
    .insert(clients)
    .values([
      { name: 'Bulk client', companyId: company!.id, type: 'demo' },
      { name: 'Other client', companyId: company!.id, type: 'live' },
    ])
    .returning();
  clientId = rows[0]!.id;
  otherClientId = rows[1]!.id;
  const mediaRow = (cid: number, title: string) => ({
    kind: 'demo' as const,
    clientId: cid,
    title,
    mediaType: 'image' as const,
    file: `media/2026/01/${title}.png`,
    mimeType: 'image/png',
    size: 10,
  });
  const m = await t.app.db
    .insert(media)
    .values([mediaRow(clientId, 'own'), mediaRow(otherClientId, 'other')])
    .returning();
  ownMediaId = m[0]!.id;
  otherMediaId = m[1]!.id;
  await t.app.db.insert(manageActions).values({ clientId, name: 'Taken name', actionType: 'call', value: '+3225550100' });
});
afterAll(() => t?.close());

type Accepted = { success: boolean; message: string; data: BulkUploadFile[] };

/** An upload row over a stored sheet, as the route leaves it, with no job queued: the test runs the job itself. */
async function storedSheet(rows: (string | number)[][]) {
  const key = newStorageKey('bulk-uploads', 'bin');
  await t.app.storage.put(key, csv(rows), { contentType: 'application/octet-stream' });
  const [upload] = await t.app.db
    .insert(bulkUploads)
    .values({ kind: 'manage-actions', clientId, fileName: 'stored.csv', storageKey: key })
    .returning({ id: bulkUploads.id });
  return upload!.id;
}

async function uploadSheet(rows: (string | number)[][], fileName = 'actions.csv', cid: number = clientId) {
  const res = await uploadParts(t, admin, 'manage-actions', { clientId: cid }, [filePart(fileName, csv(rows))]);
  expect(res.statusCode, res.body).toBe(202);
  const body = res.json<Accepted>();
  return { body, id: body.data[0]!.id };
}

describe('POST /manage-actions/bulk-upload', () => {
  it('answers 202 with one pending row per part at once; the job imports the good rows and fails the rest with reasons', async () => {
    const { body, id } = await uploadSheet([
      HEADER,
      ['Open shop', 'open-url', 'https://example.com/shop', 'shop-01', 'active'],
      ['Show own', 'show-media', String(ownMediaId), '', 'inactive'],
      ['Show other', 'show-media', String(otherMediaId), '', 'active'],
      ['Bad url', 'open-url', 'not a url', '', 'active'],
      ['Taken name', 'sms', '+32 2 555 01 01', '', 'active'],
      ['', 'call', '+3225550101', '', 'active'],
    ]);
    expect(body).toMatchObject({ success: true, message: '1 file received; processing has started' });
    expect(body.data[0]).toMatchObject({
      kind: 'manage-actions',
      clientId,
      fileName: 'actions.csv',
      status: 'pending',
      uploadedBy: { id: admin.userId, email: 'admin@example.com' },
      startedAt: null,
      finishedAt: null,
    });
    const row = await waitFinished(t, id);
    expect(row).toMatchObject({ status: 'partially-failed', total: 6, done: 2, failed: 4 });
    const listed = await listedRow(t, admin, 'manage-actions', id);
    expect(listed?.errors).toEqual([
      { item: '4', message: 'Choose a media item of this client' },
      { item: '5', message: 'Enter a web address starting with http:// or https://' },
      { item: '6', message: 'This client already has an action with this name' },
      { item: '7', message: 'Action name is required' },
    ]);
    expect(listed?.startedAt).not.toBeNull();
    expect(listed?.finishedAt).not.toBeNull();
    const created = await t.app.db.select().from(manageActions).where(eq(manageActions.uploadId, id)).orderBy(manageActions.id);
    expect(created.map((a) => [a.name, a.actionType, a.value, a.mediaId, a.toneCode, a.status, a.uploadItem])).toEqual([
      ['Open shop', 'open-url', 'https://example.com/shop', null, 'SHOP-01', 'active', '2'],
      ['Show own', 'show-media', String(ownMediaId), ownMediaId, null, 'inactive', '3'],
    ]);
    // The stored part stays for retries; nothing is left in the temp dir.
    expect((await storedFiles(t)).filter((f) => f.startsWith('tmp:'))).toEqual([]);
  });

  it('lists the row under pending-failed, not completed; search on fileName; clientId filter', async () => {
    const { id } = await uploadSheet([HEADER, ['x', 'open-url', 'nope', '', 'active']], 'zebra-list.csv');
    await waitFinished(t, id);
    const pending = await t.as(admin, { url: `/api${paths.pendingFailed}?search=zebra` });
    expect(pending.json()).toMatchObject({ total: 1, totalPages: 1, data: [{ id, status: 'failed', fileName: 'zebra-list.csv' }] });
    const completed = await t.as(admin, { url: `/api${paths.completed}?search=zebra` });
    expect(completed.json()).toMatchObject({ total: 0, data: [] });
    const otherClient = await t.as(admin, { url: `/api${paths.pendingFailed}?search=zebra&clientId=${otherClientId}` });
    expect(otherClient.json()).toMatchObject({ total: 0 });
    const bad = await t.as(admin, { url: `/api${paths.pendingFailed}?sortField=nope` });
    expect(bad.statusCode).toBe(400);
  });

  it('a completed sheet is listed as completed; retry answers 409 (nothing to retry)', async () => {
    const { id } = await uploadSheet([HEADER, ['Completed one', 'email', 'a@b.example', '', 'active']]);
    expect(await waitFinished(t, id)).toMatchObject({ status: 'completed', total: 1, done: 1, failed: 0 });
    const completed = await t.as(admin, { url: `/api${paths.completed}?limit=500` });
    expect(completed.json<{ data: BulkUploadFile[] }>().data.map((r) => r.id)).toContain(id);
    const retry = await t.as(admin, { method: 'POST', url: `/api${paths.retry(id)}` });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'There is nothing to retry: no item of this upload failed',
    });
  });

  it('retry re-queues only the failed items: a fixed conflict succeeds, done rows are not redone, a replay duplicates nothing', async () => {
    const [blocker] = await t.app.db
      .insert(manageActions)
      .values({ clientId, name: 'Retry me', actionType: 'call', value: '+3225550199' })
      .returning();
    const { id } = await uploadSheet([
      HEADER,
      ['Retry me', 'call', '+3225550123', '', 'active'],
      ['Fine row', 'call', '+3225550124', '', 'active'],
    ]);
    expect(await waitFinished(t, id)).toMatchObject({ status: 'partially-failed', done: 1, failed: 1 });
    await t.app.db.delete(manageActions).where(eq(manageActions.id, blocker!.id));
    const retry = await t.as(admin, { method: 'POST', url: `/api${paths.retry(id)}` });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ success: true, message: 'The failed items are queued again', data: { id, status: 'pending' } });
    expect(await waitFinished(t, id)).toMatchObject({ status: 'completed', total: 2, done: 2, failed: 0 });
    // The job run again (as after a crash) finds nothing to do and inserts nothing.
    await t.app.db.update(bulkUploads).set({ status: 'processing' }).where(eq(bulkUploads.id, id));
    await runUpload(t.app, id);
    const actions = await t.app.db.select().from(manageActions).where(eq(manageActions.uploadId, id));
    expect(actions.map((a) => a.name).sort()).toEqual(['Fine row', 'Retry me']);
    // The ledger keeps the row that failed, now done with its action; a row done at once has no ledger entry.
    const items = await t.app.db.select().from(bulkUploadItems).where(eq(bulkUploadItems.uploadId, id));
    const retried = actions.find((a) => a.uploadItem === '2');
    expect(items.map((i) => [i.item, i.status, i.entityId])).toEqual([['2', 'done', retried?.id]]);
  });

  it('retry leaves the rows that are wrong in the sheet itself; with only those left, it answers 409 with what to do', async () => {
    const [blocker] = await t.app.db
      .insert(manageActions)
      .values({ clientId, name: 'Taken for now', actionType: 'call', value: '+3225550199' })
      .returning();
    const { id } = await uploadSheet([
      HEADER,
      ['Taken for now', 'call', '+3225550123', '', 'active'],
      ['Bad address', 'open-url', 'not a web address', '', 'active'],
    ]);
    expect(await waitFinished(t, id)).toMatchObject({ status: 'failed', done: 0, failed: 2 });
    const ledger = () =>
      t.app.db
        .select({ item: bulkUploadItems.item, status: bulkUploadItems.status, attempts: bulkUploadItems.attempts })
        .from(bulkUploadItems)
        .where(eq(bulkUploadItems.uploadId, id))
        .orderBy(bulkUploadItems.item);
    // The name is free again: the row that took it can go in; the bad address cannot.
    await t.app.db.delete(manageActions).where(eq(manageActions.id, blocker!.id));
    const retry = await t.as(admin, { method: 'POST', url: `/api${paths.retry(id)}` });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(await waitFinished(t, id)).toMatchObject({ status: 'partially-failed', total: 2, done: 1, failed: 1 });
    expect((await listedRow(t, admin, 'manage-actions', id))?.errors).toEqual([
      { item: '3', message: 'Enter a web address starting with http:// or https://' },
    ]);
    // Row 3 was not read again (one attempt), row 2 was.
    expect(await ledger()).toEqual([
      { item: '2', status: 'done', attempts: 2 },
      { item: '3', status: 'failed', attempts: 1 },
    ]);
    const again = await t.as(admin, { method: 'POST', url: `/api${paths.retry(id)}` });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ success: false, code: 'CONFLICT', message: BULK_UPLOAD_MESSAGES.nothingRetryable });
    expect(await waitFinished(t, id)).toMatchObject({ status: 'partially-failed', done: 1, failed: 1 });
  });

  it('a sheet over several batches: a name twice in the sheet fails once, the rest goes in exactly once, counts exact', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 2_345; i++) rows.push([`Batch row ${i}`, 'call', `+32255${String(i).padStart(5, '0')}`, '', 'active']);
    rows.splice(1500, 0, ['batch ROW 7', 'sms', '+3225550777', '', 'active']); // sheet row 1501: row 8's name in other case
    const { id } = await uploadSheet(rows);
    expect(await waitFinished(t, id)).toMatchObject({
      status: 'partially-failed',
      total: 2_346,
      done: 2_345,
      failed: 1,
      readComplete: true,
    });
    expect((await listedRow(t, admin, 'manage-actions', id))?.errors).toEqual([
      { item: '1501', message: 'This client already has an action with this name' },
    ]);
    const created = await t.app.db.select().from(manageActions).where(eq(manageActions.uploadId, id));
    expect(created).toHaveLength(2_345);
    expect(new Set(created.map((a) => a.uploadItem)).size).toBe(2_345);
  });

  it('resumes where a cut-off run stopped: settled batches are not redone, the batch in flight is written once', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 2_500; i++) rows.push([`Resume row ${i}`, 'email', `r${i}@example.com`, '', 'active']);
    const id = await storedSheet(rows);
    // The run dies inside the second batch (a trigger refuses sheet row 1600), as a crash would cut it.
    await t.app.db.execute(sql`
      create function cut_off_run() returns trigger language plpgsql as $$
      begin if new.upload_id = ${sql.raw(String(id))} and new.upload_item = '1600' then raise exception 'cut off'; end if; return new; end $$`);
    await t.app.db.execute(sql`create trigger cut_off_run before insert on manage_actions for each row execute function cut_off_run()`);
    try {
      await expect(runUpload(t.app, id)).rejects.toThrow();
    } finally {
      await t.app.db.execute(sql`drop trigger cut_off_run on manage_actions`);
      await t.app.db.execute(sql`drop function cut_off_run()`);
    }
    const [cut] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
    expect(cut).toMatchObject({ status: 'processing', readPosition: 1001, done: 1000, failed: 0, total: 2_500, readComplete: false });
    expect(await t.app.db.$count(manageActions, eq(manageActions.uploadId, id))).toBe(1000);
    // The next run (pg-boss retries the job) starts after row 1001.
    await runUpload(t.app, id);
    const [finished] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
    expect(finished).toMatchObject({ status: 'completed', total: 2_500, done: 2_500, failed: 0, readPosition: 2_501 });
    const created = await t.app.db.select({ item: manageActions.uploadItem }).from(manageActions).where(eq(manageActions.uploadId, id));
    expect(created).toHaveLength(2_500);
    expect(new Set(created.map((a) => a.item)).size).toBe(2_500);
  });

  it('two runs of one upload at once (a job expired while still running): one writes each batch, the other stops', async () => {
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= 2_200; i++) rows.push([`Twin row ${i}`, 'deep-link', `myapp://item/${i}`, '', 'active']);
    const id = await storedSheet(rows);
    await Promise.all([runUpload(t.app, id), runUpload(t.app, id)]);
    const [finished] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
    expect(finished).toMatchObject({ status: 'completed', total: 2_200, done: 2_200, failed: 0 });
    const created = await t.app.db.select({ item: manageActions.uploadItem }).from(manageActions).where(eq(manageActions.uploadId, id));
    expect(created).toHaveLength(2_200);
    expect(new Set(created.map((a) => a.item)).size).toBe(2_200);
  });

  it('a sheet with a header and no rows, or more rows than an import takes, fails as a whole before a row is written', async () => {
    const empty = await uploadSheet([HEADER], 'header-only.csv');
    expect(await waitFinished(t, empty.id)).toMatchObject({
      status: 'failed',
      error: 'The sheet has no rows under its header',
      total: 1,
      failed: 1,
    });
    const rows: (string | number)[][] = [HEADER];
    for (let i = 1; i <= BULK_SHEET_MAX_ROWS + 1; i++) rows.push([`Too many ${i}`, 'call', '+3225550100', '', 'active']);
    const big = await uploadSheet(rows, 'too-long.csv');
    expect(await waitFinished(t, big.id)).toMatchObject({
      status: 'failed',
      error: `The sheet has more than ${BULK_SHEET_MAX_ROWS} rows`,
      done: 0,
    });
    expect(await t.app.db.$count(manageActions, eq(manageActions.uploadId, big.id))).toBe(0);
  });

  it('a file that is not a usable sheet fails as a whole, with its reason, and the other parts of the request still run', async () => {
    const res = await uploadParts(t, admin, 'manage-actions', { clientId }, [
      filePart('photo.csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])),
      filePart(
        'no-value.csv',
        csv([
          ['name', 'actionType'],
          ['a', 'call'],
        ]),
      ),
      filePart('good.csv', csv([HEADER, ['From a good part', 'deep-link', 'myapp://x', '', 'active']])),
    ]);
    expect(res.statusCode).toBe(202);
    const [png, header, good] = res.json<Accepted>().data.map((r) => r.id);
    expect(await waitFinished(t, png!)).toMatchObject({
      status: 'failed',
      error: 'Not a spreadsheet (XLSX, or CSV in UTF-8)',
      total: 1,
      failed: 1,
    });
    expect(await waitFinished(t, header!)).toMatchObject({ status: 'failed', error: 'Missing column: value' });
    expect(await waitFinished(t, good!)).toMatchObject({ status: 'completed', done: 1 });
    expect((await listedRow(t, admin, 'manage-actions', png!))?.errors).toEqual([
      { item: 'photo.csv', message: 'Not a spreadsheet (XLSX, or CSV in UTF-8)' },
    ]);
    // Wrong in itself: a retry would read the same bytes and fail the same way, so it is refused
    // with what to do, and nothing is queued.
    for (const id of [png!, header!]) {
      const retry = await t.as(admin, { method: 'POST', url: `/api${paths.retry(id)}` });
      expect([retry.statusCode, retry.json().message]).toEqual([409, BULK_UPLOAD_MESSAGES.fileNotRetryable]);
      expect(await listedRow(t, admin, 'manage-actions', id)).toMatchObject({ status: 'failed', total: 1, failed: 1 });
    }
    // A whole failure that is not the file's own (storage out of reach, say) is read again: here
    // the reading finds the same fault, and marks it the file's own.
    await t.app.db.update(bulkUploads).set({ errorFinal: false }).where(eq(bulkUploads.id, header!));
    const again = await t.as(admin, { method: 'POST', url: `/api${paths.retry(header!)}` });
    expect(again.statusCode, again.body).toBe(202);
    expect(await waitFinished(t, header!)).toMatchObject({ status: 'failed', error: 'Missing column: value', total: 1, failed: 1 });
    const [reread] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, header!));
    expect(reread!.errorFinal).toBe(true);
  });

  it('refuses a bad request with 400 field errors and keeps none of its files', async () => {
    const before = await storedFiles(t);
    const cases: [Record<string, string | number>, ReturnType<typeof filePart>[], Record<string, string>][] = [
      [{}, [filePart('a.csv', csv([HEADER]))], { clientId: 'Choose a client' }],
      [{ clientId: 999_999 }, [filePart('a.csv', csv([HEADER]))], { clientId: 'Client not found' }],
      [{ clientId: 'abc' }, [filePart('a.csv', csv([HEADER]))], { clientId: 'Choose a client' }],
      [{ clientId }, [], { files: 'Choose at least one file' }],
      [{ clientId }, [filePart('m.csv', csv([HEADER]), 'manifest')], { manifest: 'Manage-actions uploads take no manifest' }],
      [{ clientId }, [filePart('a.csv', csv([HEADER]), 'other')], { other: 'Unexpected file part' }],
    ];
    for (const [fields, files, fieldErrors] of cases) {
      const res = await uploadParts(t, admin, 'manage-actions', fields, files);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toMatchObject({ success: false, code: 'VALIDATION', fieldErrors });
    }
    const json = await t.as(admin, { method: 'POST', url: `/api${paths.upload}`, payload: { clientId } });
    expect(json.statusCode).toBe(400);
    expect(await storedFiles(t)).toEqual(before);
  });

  it('needs the bulk-upload key to upload and the view key to list', async () => {
    const viewer = await sessionWithKeys(t, [PERMISSION_KEYS.manageActions.view], 'Bulk viewer');
    const up = await uploadParts(t, viewer, 'manage-actions', { clientId }, [filePart('a.csv', csv([HEADER]))]);
    expect(up.statusCode).toBe(403);
    expect((await t.as(viewer, { url: `/api${paths.completed}` })).statusCode).toBe(200);
    expect((await t.as(viewer, { url: `/api${paths.template('csv')}` })).statusCode).toBe(403);
  });
});

describe('DELETE /manage-actions/bulk-upload/{id}', () => {
  it('409 while processing; then removes the row and its stored file (the actions stay); a second delete is 404', async () => {
    const { id } = await uploadSheet([HEADER, ['Kept after delete', 'call', '+3225550111', '', 'active']]);
    const finished = await waitFinished(t, id);
    await t.app.db.update(bulkUploads).set({ status: 'processing' }).where(eq(bulkUploads.id, id));
    const busy = await t.as(admin, { method: 'DELETE', url: `/api${paths.remove(id)}` });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'CONFLICT', message: 'This upload is being processed; try again once it has finished' });
    await t.app.db.update(bulkUploads).set({ status: 'completed' }).where(eq(bulkUploads.id, id));
    expect(await storedFiles(t)).toContain(finished.storageKey);
    const res = await t.as(admin, { method: 'DELETE', url: `/api${paths.remove(id)}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Upload removed' });
    expect(await storedFiles(t)).not.toContain(finished.storageKey);
    const [kept] = await t.app.db.select().from(manageActions).where(eq(manageActions.name, 'Kept after delete'));
    expect(kept).toMatchObject({ uploadId: null });
    expect((await t.as(admin, { method: 'DELETE', url: `/api${paths.remove(id)}` })).statusCode).toBe(404);
    // Another kind's path does not reach this kind's rows.
    expect((await t.as(admin, { method: 'POST', url: `/api${bulkUploadPaths('demo-media').retry(id)}` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'POST', url: `/api${paths.retry(2_000_000_000)}` })).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'POST', url: `/api${paths.retry(0)}` })).statusCode).toBe(400);
  });
});

describe('errors CSV and templates', () => {
  it('GET /errors/csv lists every failed item with its message; 404 for an unknown upload', async () => {
    const { id } = await uploadSheet([
      HEADER,
      ['ok', 'call', '+3225550177', '', 'active'],
      ['bad', 'call', 'x', '', 'active'],
      ['', 'sms', 'y', '', 'active'],
    ]);
    await waitFinished(t, id);
    const res = await t.as(admin, { url: `/api${paths.errorsCsv(id)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain(`upload-${id}-errors.csv`);
    expect(parseCsv(res.body)).toEqual([
      ['item', 'message'],
      ['3', 'Enter a phone number: 7 to 15 digits, optionally starting with +'],
      // An empty cell is absent: the contract's sentence says so, and the value rule waits for a complete row.
      ['4', 'Action name is required'],
    ]);
    expect((await t.as(admin, { url: `/api${paths.errorsCsv(2_000_000_000)}` })).statusCode).toBe(404);
  });

  it('GET /template/{csv|excel} gives the columns and one example row that the import accepts', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bulk-template-'));
    try {
      for (const format of ['csv', 'excel'] as const) {
        const res = await t.as(admin, { url: `/api${paths.template(format)}` });
        expect(res.statusCode, format).toBe(200);
        const file = path.join(dir, `t.${format}`);
        writeFileSync(file, res.rawPayload);
        const rows = [];
        for await (const r of readSheet(file, { format: format === 'csv' ? 'csv' : 'xlsx', schema: manageActionSheetRowSchema }))
          rows.push(r);
        expect(rows, format).toEqual([{ row: 2, ok: true, data: expect.objectContaining({ name: 'Open shop', actionType: 'open-url' }) }]);
      }
      expect((await t.as(admin, { url: `/api${paths.template('pdf' as 'csv')}` })).statusCode).toBe(400);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('XLSX parts in the order office suites write them (issue 15 s.1, through the checked copy of issue 14 s.2)', () => {
  it.each(Object.entries(PART_ORDERS))('a workbook in %s order imports its rows', async (order, parts) => {
    const rows = [
      HEADER,
      ...[1, 2].map((i) => [`${order} action ${i}`, 'open-url', `https://example.com/${order}/${i}`, 'AB-12', 'active']),
    ];
    const res = await uploadParts(t, admin, 'manage-actions', { clientId }, [
      filePart(`${order}.xlsx`, await zipOfParts(workbookParts(rows, parts))),
    ]);
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json<Accepted>().data[0]!.id;
    expect(await waitFinished(t, id)).toMatchObject({ status: 'completed', total: 2, done: 2, failed: 0 });
    const created = await t.app.db.select().from(manageActions).where(eq(manageActions.uploadId, id)).orderBy(manageActions.name);
    expect(created.map((a) => [a.name, a.value, a.toneCode])).toEqual([
      [`${order} action 1`, `https://example.com/${order}/1`, 'AB-12'],
      [`${order} action 2`, `https://example.com/${order}/2`, 'AB-12'],
    ]);
    expect((await storedFiles(t)).filter((f) => f.startsWith('tmp:'))).toEqual([]);
  });
});
