// Peak RSS growth of a streamed export, for `npm run bench` (issue 3: CSV export of 100k rows,
// goal < 100 MB). Importable, or run directly:
//   node --expose-gc --import tsx apps/api/src/lib/export/measure-memory.ts csv 100000
import { pathToFileURL } from 'node:url';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportRows, keysetRows, type ExportFormat } from './index.js';

export interface ExportMemoryResult {
  format: ExportFormat;
  rows: number;
  bytes: number;
  peakRssGrowthBytes: number;
  ms: number;
}

/** Exports `rows` synthetic user rows (paged by keyset, 1000 at a time) into a null sink. */
export async function measureExportMemory(format: ExportFormat, rows: number): Promise<ExportMemoryResult> {
  const fetchPage = async (after: number | null, limit: number) => {
    const page = [];
    for (let id = (after ?? 0) + 1; id <= Math.min((after ?? 0) + limit, rows); id++) {
      page.push({
        id,
        name: `User number ${id}`,
        email: `user${id}@example.com`,
        role: id % 5,
        createdAt: new Date(1_700_000_000_000 + id * 1000),
        note: '=cmd|calc',
      });
    }
    return page;
  };
  const columns = ['id', 'name', 'email', 'role', 'createdAt', 'note'].map((key) => ({ key, header: key }));
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let bytes = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = Date.now();
  try {
    const sink = new Writable({
      write(chunk: Buffer, _enc, cb) {
        bytes += chunk.length;
        cb();
      },
    });
    await pipeline(exportRows({ format, columns, rows: keysetRows(fetchPage, 1000), title: 'Users' }), sink);
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { format, rows, bytes, peakRssGrowthBytes: peak - before, ms: Date.now() - started };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const format = (process.argv[2] ?? 'csv') as ExportFormat;
  const rows = Number(process.argv[3] ?? 100_000);
  const r = await measureExportMemory(format, rows);
  console.log(
    `${r.format} ${r.rows} rows: ${(r.bytes / 1048576).toFixed(1)} MB written, peak RSS +${(r.peakRssGrowthBytes / 1048576).toFixed(1)} MB, ${r.ms} ms`,
  );
}
