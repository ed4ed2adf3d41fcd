import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type BulkUploadFile, type BulkUploadKind, bulkUploadPaths } from '@console/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { crashServer, sleep } from '../../test/crash-server.js';
import { csv, zipOf } from './bulk-uploads.testing.js';

// The exactly-once promise against the real thing: the server process (apps/api/src/server.ts) on
// a PGlite data dir takes a 10,000-row manage-actions sheet and a 200-image ZIP, is killed with
// SIGKILL at several points of the jobs (while receiving, mid-sheet, mid-archive), restarted on
// the same data dir, and in the end the database holds exactly 10,000 actions and 200 media, each
// item once. ~20 s on a quiet 2-core machine; BULK_CRASH_ROWS / BULK_CRASH_FILES change the size.
// Where each kill landed is printed (the jobs are fast: a kill meant for mid-sheet may find it done).

const ROWS = Number(process.env.BULK_CRASH_ROWS ?? 10_000);
const FILES = Number(process.env.BULK_CRASH_FILES ?? 200);

// PGlite only: on PostgreSQL a job cut off by a kill waits for its expiry (crash-server.ts).
const server = crashServer('bulk-crash-', { embedded: true });
const { dir, start, kill, login, api, withDatabase } = server;

async function row(kind: BulkUploadKind, id: number): Promise<BulkUploadFile | undefined> {
  for (const url of [bulkUploadPaths(kind).pendingFailed, bulkUploadPaths(kind).completed]) {
    const page = await api<{ data: BulkUploadFile[] }>('GET', `${url}?limit=100`);
    const hit = page.data.find((r) => r.id === id);
    if (hit) return hit;
  }
  return undefined;
}

/** Waits (through the API) until `check` holds for the two rows. */
async function until(what: string, check: (sheet: BulkUploadFile, zip: BulkUploadFile) => boolean, deadlineMs = 240_000) {
  // Polled tightly: a sheet is imported in batches of 1000 at thousands of rows a second.
  for (const end = Date.now() + deadlineMs; Date.now() < end; await sleep(20)) {
    const [s, z] = [await row('manage-actions', ids.sheet), await row('demo-media', ids.zip)];
    if (s && z && check(s, z)) return { s, z };
  }
  throw new Error(`gave up waiting for ${what}`);
}

const ids = { sheet: 0, zip: 0 };

afterAll(() => server.remove());

describe('bulk uploads across SIGKILL', () => {
  it(`imports ${ROWS} actions and ${FILES} media exactly once however often the server is killed`, async () => {
    await start();
    await login();
    const company = await api<{ data: { id: number } }>('POST', '/companies/add', { name: 'Crash Co' });
    const client = await api<{ data: { id: number } }>('POST', '/client/add', {
      name: 'Crash client',
      companyId: company.data.id,
      type: 'demo',
    });
    const clientId = String(client.data.id);

    const rows: string[][] = [['name', 'actionType', 'value', 'toneCode', 'status']];
    for (let i = 1; i <= ROWS; i++) rows.push([`Action ${i}`, 'open-url', `https://example.com/a/${i}`, '', 'active']);
    const images = await Promise.all(
      Array.from({ length: FILES }, (_, i) =>
        sharp({ create: { width: 8, height: 8, channels: 3, background: { r: i % 256, g: (i * 7) % 256, b: 90 } } })
          .png()
          .toBuffer(),
      ),
    );
    const zip = await zipOf(images.map((data, i) => ({ name: `img/${String(i).padStart(3, '0')}.png`, data })));

    const sheetForm = new FormData();
    sheetForm.set('clientId', clientId);
    sheetForm.append('files', new Blob([new Uint8Array(csv(rows))]), 'actions.csv');
    const zipForm = new FormData();
    zipForm.set('clientId', clientId);
    zipForm.append('files', new Blob([new Uint8Array(zip)]), 'images.zip');
    ids.sheet = (await api<{ data: BulkUploadFile[] }>('POST', bulkUploadPaths('manage-actions').upload, sheetForm)).data[0]!.id;
    ids.zip = (await api<{ data: BulkUploadFile[] }>('POST', bulkUploadPaths('demo-media').upload, zipForm)).data[0]!.id;

    const landed: string[] = [];
    const note = (at: string, sheet?: BulkUploadFile, zip?: BulkUploadFile) =>
      landed.push(
        `${at}: sheet ${sheet?.status ?? '?'} ${sheet?.done ?? '?'}/${ROWS}, zip ${zip?.status ?? '?'} ${zip?.done ?? '?'}/${FILES}`,
      );
    // Kill 1: while the parts are being received and read (or just after).
    await sleep(300);
    await kill();
    note('kill 1 (receiving)');
    // Kill 2: mid-sheet, once some of its batches are settled.
    await start();
    await login();
    const mid = await until('the sheet under way', (s) => s.done > 0 || s.status === 'completed');
    await kill();
    note('kill 2 (sheet)', mid.s, mid.z);
    // Kill 3: mid-archive.
    await start();
    await login();
    const seen = await until('the archive under way', (_s, z) => z.done > 0 || z.status === 'completed');
    await kill();
    note('kill 3 (archive)', seen.s, seen.z);
    // The last run finishes both.
    await start();
    await login();
    const done = await until('both completed', (s, z) => s.status === 'completed' && z.status === 'completed');
    expect(done.s).toMatchObject({ total: ROWS, done: ROWS, failed: 0, errors: [] });
    expect(done.z).toMatchObject({ total: FILES, done: FILES, failed: 0, errors: [] });
    expect(seen.s.done + seen.z.done).toBeGreaterThan(0);
    await kill();
    console.log(`bulk crash test, ${ROWS} rows and ${FILES} files:\n  ${landed.join('\n  ')}`);

    // The server is gone: this process may open its database (PGlite admits one process).
    await withDatabase(async (query) => {
      const q = async (text: string) => (await query(text))[0];
      expect(
        await q(
          `select count(*)::int as n, count(distinct upload_item)::int as items, count(distinct lower(name))::int as names from manage_actions where upload_id = ${ids.sheet}`,
        ),
      ).toEqual({ n: ROWS, items: ROWS, names: ROWS });
      expect(
        await q(`select count(*)::int as n, count(distinct upload_item)::int as items from media where upload_id = ${ids.zip}`),
      ).toEqual({ n: FILES, items: FILES });
      expect(
        await q(`select count(*)::int as n from bulk_upload_items where upload_id in (${ids.sheet}, ${ids.zip}) and status <> 'done'`),
      ).toEqual({ n: 0 });
    });
    // Each media file is stored once (file + thumbnail): replays overwrote, nothing leaked.
    const stored = readdirSync(path.join(dir, 'storage', 'media', 'bulk', String(ids.zip)));
    expect(stored.length).toBe(FILES * 2);
  }, 900_000);
});
