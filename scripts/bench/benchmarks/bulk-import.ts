// Bulk import throughput: a manage-actions sheet of ROWS rows imported by the bulk-upload job
// (read the CSV, validate every row with the contract schema, write the ledger, insert the
// actions in batches with their done marks) vs PostgreSQL's own COPY FROM of the same rows into
// manage_actions, in the same run on the same database (PGlite, as `npm start` runs it).
// COPY writes the columns the import sets besides the sheet's (upload id, row number): the same
// rows, the same foreign-key checks. Both run once untimed first (JIT and PGlite's WASM tier up on first use), then ROUNDS times
// each, alternating; the medians are compared. Goal: the import reaches at least 0.7 of COPY's
// rows per second (issue 17; it was half before).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../apps/api/src/app';
import { bulkUploads, clients, companies } from '../../../apps/api/src/db/schema/index';
import { runUpload } from '../../../apps/api/src/modules/bulk-uploads/bulk-uploads.job';
import { newStorageKey } from '../../../apps/api/src/lib/storage/index';
import { median, round } from '../lib/stats';
import type { Benchmark } from '../lib/types';
import { sized } from '../lib/short';

const ROWS = Number(process.env.BENCH_BULK_ROWS ?? sized(20_000, 300));
/** Rows of the untimed first round: both paths run once before they are timed (JIT and WASM tier-up). */
const WARM_UP_ROWS = sized(2_000, 50);
/** Timed rounds, alternating import and COPY; the medians are compared. */
const ROUNDS = sized(3, 1);

function sheet(prefix: string, rows = ROWS): string {
  const lines = ['name,actionType,value,toneCode,status'];
  for (let i = 1; i <= rows; i++) lines.push(`${prefix} ${i},open-url,https://example.com/${prefix}/${i},TC-${i % 1000},active`);
  return `${lines.join('\n')}\n`;
}

export const bulkImportBenchmark: Benchmark = {
  name: 'bulk-import',
  description: `manage-actions sheet import (${ROWS} rows, the bulk job) vs COPY FROM of the same rows, median of ${ROUNDS}`,
  async run() {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-bulk-'));
    const app = await buildApp({
      dataDir,
      pgliteDataDir: path.join(dataDir, 'pglite'),
      logLevel: 'silent',
      adminPassword: 'Bench-Admin-Pass-3307',
      seedDemo: false,
      databaseUrl: undefined,
    });
    try {
      await app.ready();
      const [company] = await app.db.insert(companies).values({ name: 'Bench bulk' }).returning();
      type Pg = { query<R>(text: string, params?: unknown[], options?: { blob?: Blob }): Promise<{ rows: R[] }> };
      const pg = (app.dbHandle.db as unknown as { $client: Pg }).$client;
      let clientNo = 0;
      const newClient = async () => {
        const [client] = await app.db
          .insert(clients)
          .values({ name: `Bench ${++clientNo}`, companyId: company!.id })
          .returning();
        return client!.id;
      };

      // The job, timed from a stored part to a completed row (what runs after the 202).
      const importRound = async (rows: number) => {
        const clientId = await newClient();
        const key = newStorageKey('bulk-uploads', 'bin');
        await app.storage.put(key, Buffer.from(sheet(`Import-${clientId}`, rows)), { contentType: 'application/octet-stream' });
        const [upload] = await app.db
          .insert(bulkUploads)
          .values({ kind: 'manage-actions', clientId, fileName: 'bench.csv', storageKey: key })
          .returning();
        const t0 = performance.now();
        await runUpload(app, upload!.id);
        const ms = performance.now() - t0;
        const [done] = (
          await pg.query<{ status: string; done: number; failed: number; error: string | null }>(
            'SELECT status, done, failed, error FROM bulk_uploads WHERE id = $1',
            [upload!.id],
          )
        ).rows;
        if (done?.status !== 'completed' || done.done !== rows)
          throw new Error(`import ended ${done?.status}: ${done?.done} done, ${done?.failed} failed (${done?.error})`);
        return ms;
      };

      // COPY of the same rows as the import stores them (another client, so names do not clash):
      // with their upload and row number, so COPY checks the same foreign keys the import's rows do.
      const copyRound = async (rows: number) => {
        const clientId = await newClient();
        const [upload] = await app.db
          .insert(bulkUploads)
          .values({ kind: 'manage-actions', clientId, fileName: 'copy.csv', storageKey: null })
          .returning();
        const copyCsv = sheet(`Copy-${clientId}`, rows)
          .split('\n')
          .slice(1)
          .filter(Boolean)
          .map((l, i) => `${clientId},${upload!.id},${i + 2},${l}`)
          .join('\n');
        const t1 = performance.now();
        await pg.query(
          `COPY manage_actions (client_id, upload_id, upload_item, name, action_type, value, tone_code, status) FROM '/dev/blob' WITH (FORMAT csv)`,
          [],
          {
            blob: new Blob([copyCsv]),
          },
        );
        const ms = performance.now() - t1;
        const [copied] = (await pg.query<{ n: number }>('SELECT count(*)::int AS n FROM manage_actions WHERE client_id = $1', [clientId]))
          .rows;
        if (copied?.n !== rows) throw new Error(`COPY wrote ${copied?.n} rows`);
        return ms;
      };

      await importRound(WARM_UP_ROWS);
      await copyRound(WARM_UP_ROWS);
      const importTimes: number[] = [];
      const copyTimes: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        importTimes.push(await importRound(ROWS));
        copyTimes.push(await copyRound(ROWS));
      }
      const importMs = median(importTimes);
      const copyMs = median(copyTimes);
      const importRate = ROWS / (importMs / 1000);
      const copyRate = ROWS / (copyMs / 1000);
      return [
        {
          id: 'bulk.import-rate',
          label: `bulk job import (${ROWS} rows)`,
          value: round(importRate, 0),
          unit: 'rows/s',
          details: { ms: round(importMs, 0) },
        },
        {
          id: 'bulk.copy-rate',
          label: `COPY FROM, same rows`,
          value: round(copyRate, 0),
          unit: 'rows/s',
          details: { ms: round(copyMs, 0) },
        },
        {
          id: 'bulk.import-vs-copy',
          label: 'import / COPY rows per second',
          value: round(importRate / copyRate, 3),
          unit: 'x',
          goal: { op: '>=', value: 0.7 },
        },
      ];
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
