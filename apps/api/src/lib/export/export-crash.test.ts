import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type BulkUploadFile, bulkUploadPaths } from '@console/contract';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { crashServer, sleep } from '../../test/crash-server.js';
import { CSV_FAILED_LINE, type ExportFormat } from './index.js';

// Issue 17: kill -9 during an export. The server streams a 3,000-action list as CSV, then XLSX,
// then PDF, and is killed, for each, right after the export's 2nd keyset batch query answered (of
// four: the same point on every run, crash-hook.fixture.mjs). The client must see a cut download
// (no response, or a 200 whose chunked body never ends: fetch fails reading it), never a body that
// ends as if complete. After a restart nothing is left behind (no temp file, every killed export
// audited once) and the same exports are whole: every action once, in the list's order.

const ROWS = 3000;
const FORMATS: ExportFormat[] = ['csv', 'excel', 'pdf'];
/** The export's keyset batch query (list-query.ts rows(): the sort key read as text, then the row id). */
const BATCH_QUERY = { channel: 'sql', at: '\\)::text, "manage_actions"\\."id" from "manage_actions"', nth: 2, when: 'after' } as const;
// Its own temp dir, to see that nothing is left in it.
const server = crashServer('export-crash-', { ownTmp: true });
const { dir, start, login, api, request, withDatabase } = server;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'export-crash-files-'));

afterAll(async () => {
  await server.remove();
  rmSync(scratch, { recursive: true, force: true });
});

/** Reads an export to the end: its status and bytes, or how it failed and what came before. */
async function download(url: string) {
  let res: Response;
  try {
    res = await request('GET', url);
  } catch (err) {
    return { outcome: 'no response' as const, error: String(err) };
  }
  const chunks: Buffer[] = [];
  const reader = res.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
    }
  } catch (err) {
    return {
      outcome: 'cut' as const,
      status: res.status,
      headers: res.headers,
      received: Buffer.concat(chunks).length,
      error: String(err),
    };
  }
  return { outcome: 'complete' as const, status: res.status, headers: res.headers, body: Buffer.concat(chunks) };
}

/** The action names as each format holds them, header and title lines left out. */
async function names(format: ExportFormat, body: Buffer): Promise<string[]> {
  if (format === 'csv') {
    const lines = body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines).not.toContain(CSV_FAILED_LINE);
    expect(lines.pop()).toBe(''); // the file ends with its last record's line break
    const nameAt = lines[0]!.split(',').indexOf('Name');
    return lines.slice(1).map((l) => l.split(',')[nameAt]!);
  }
  if (format === 'excel') {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const nameAt = header.indexOf('Name');
    const out: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) out.push(String(row.getCell(nameAt).value));
    });
    return out;
  }
  const file = path.join(scratch, 'export.pdf');
  writeFileSync(file, body);
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return [...stdout.matchAll(/\bAction \d+\b/g)].map((m) => m[0]);
}

describe('an export across SIGKILL', () => {
  it('is cut off visibly when the server dies mid-stream, leaves nothing behind, and is whole after a restart', async () => {
    await start(BATCH_QUERY);
    await login();
    const company = await api<{ data: { id: number } }>('POST', '/companies/add', { name: 'Export Crash Co' });
    const client = await api<{ data: { id: number } }>('POST', '/client/add', {
      name: 'Export crash',
      companyId: company.data.id,
      type: 'demo',
    });
    const clientId = client.data.id;
    // Plain cells, nothing to quote (lib/ imports no module, so no bulk-uploads testing helper).
    const sheet = [['name', 'actionType', 'value', 'toneCode', 'status']];
    for (let i = 1; i <= ROWS; i++) sheet.push([`Action ${i}`, 'open-url', `https://e.x/${i}`, '', 'active']);
    const form = new FormData();
    form.set('clientId', String(clientId));
    form.append('files', new Blob([sheet.map((r) => r.join(',')).join('\r\n')]), 'actions.csv');
    const paths = bulkUploadPaths('manage-actions');
    const [upload] = (await api<{ data: BulkUploadFile[] }>('POST', paths.upload, form)).data;
    for (let row: BulkUploadFile | undefined; row?.status !== 'completed'; await sleep(200)) {
      row = (await api<{ data: BulkUploadFile[] }>('GET', `${paths.completed}?limit=100`)).data.find((r) => r.id === upload!.id);
    }
    const exportUrl = (format: ExportFormat) => `/manage-actions/export/${format}?clientId=${clientId}`;

    // Each format killed at the same point of its stream; the server started again each time.
    const cut: string[] = [];
    for (const [i, format] of FORMATS.entries()) {
      if (i > 0) {
        await start(BATCH_QUERY);
        await login();
      }
      const got = await download(exportUrl(format));
      expect(got.outcome, `${format}: ${got.outcome === 'complete' ? `${got.body.length} bytes` : got.error}`).not.toBe('complete');
      if (got.outcome === 'cut') {
        expect(got.status).toBe(200);
        // Chunked, no length: the missing closing chunk is what tells the client the file is cut.
        expect(got.headers.get('content-length')).toBeNull();
        expect(got.headers.get('transfer-encoding')).toBe('chunked');
      }
      cut.push(`${format}: ${got.outcome === 'cut' ? `200, ${got.received} bytes, then ${got.error}` : got.error}`);
      await server.exited();
    }
    console.log(`export crash test, ${ROWS} rows, killed after the 2nd batch query:\n  ${cut.join('\n  ')}`);

    const expected = await withDatabase(async (q) => {
      // The killed exports were audited once each, when they started.
      expect(await q(`select count(*)::int as n from audit_log where action = 'export' and entity = 'manage-action'`)).toEqual([{ n: 3 }]);
      const rows = await q('select name from manage_actions where client_id = $1 order by created_at desc, id desc', [clientId]);
      return rows.map((r) => r.name as string);
    });
    expect(new Set(expected).size).toBe(ROWS);

    await start();
    await login();
    for (const format of FORMATS) {
      const got = await download(exportUrl(format));
      expect(got.outcome).toBe('complete');
      if (got.outcome !== 'complete') continue;
      expect(got.status).toBe(200);
      expect(await names(format, got.body), format).toEqual(expected);
    }
    // No temp file of the killed exports (nor of anything else) was left in the server's temp dir
    // (tsx keeps its compile cache there).
    const left = readdirSync(path.join(dir, 'tmp'), { recursive: true, withFileTypes: true });
    expect(left.filter((e) => e.isFile() && !path.relative(dir, e.parentPath).startsWith(path.join('tmp', 'tsx-')))).toEqual([]);
  }, 600_000);
});
