import { type BulkUploadFile, type BulkUploadKind, bulkPreviewRoutes, bulkUploadPaths } from '@console/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import { bulkUploads } from '../../db/schema/index.js';
import type { TestApp, TestSession } from '../../test/test-app.js';

// Builders and waits shared by the bulk-upload tests (not a test file itself).

type FilePart = { name: string; filename: string; content: Buffer };

/** A multipart/form-data body for app.inject. */
function multipart(fields: Record<string, string | number | undefined>, files: FilePart[]) {
  const boundary = `----bulk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v !== undefined) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    chunks.push(Buffer.from(head), f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type ZipEntry = { name: string; data: Buffer; compress?: boolean; mode?: number };

/**
 * A ZIP built with yazl; `patches` rewrite names yazl refuses to write (`..`, absolute) in the
 * finished bytes (same length, local header and central directory alike).
 */
export async function zipOf(entries: ZipEntry[], patches: [string, string][] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: e.compress ?? false, mode: e.mode });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  let bytes = Buffer.concat(chunks);
  for (const [from, to] of patches) bytes = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  return bytes;
}

/** RFC 4180 CSV text of rows (first row = header). */
export function csv(rows: (string | number)[][]): Buffer {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return Buffer.from(`${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`);
}

export function uploadParts(
  t: TestApp,
  s: TestSession,
  kind: BulkUploadKind,
  fields: Record<string, string | number | undefined>,
  files: FilePart[],
) {
  return t.as(s, { method: 'POST', url: `/api${bulkUploadPaths(kind).upload}`, ...multipart(fields, files) });
}

/** POST the kind's preview with one file part `file` (contract bulkPreviewRoutes). */
export function previewParts(
  t: TestApp,
  s: TestSession,
  kind: BulkUploadKind,
  fields: Record<string, string | number | undefined>,
  files: FilePart[],
) {
  return t.as(s, { method: 'POST', url: `/api${bulkPreviewRoutes(kind).preview}`, ...multipart(fields, files) });
}

export const filePart = (filename: string, content: Buffer, name = 'files'): FilePart => ({ name, filename, content });

/** Polls the row until its job has finished (status neither pending nor processing). */
export async function waitFinished(t: TestApp, id: number, deadlineMs = 60_000) {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const [row] = await t.app.db.select().from(bulkUploads).where(eq(bulkUploads.id, id));
    if (row && row.status !== 'pending' && row.status !== 'processing') return row;
    if (Date.now() > end) throw new Error(`upload ${id} still ${row?.status} after ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The row as the lists show it (either list). */
export async function listedRow(t: TestApp, s: TestSession, kind: BulkUploadKind, id: number): Promise<BulkUploadFile | undefined> {
  const paths = bulkUploadPaths(kind);
  for (const url of [paths.completed, paths.pendingFailed]) {
    const res = await t.as(s, { url: `/api${url}?limit=500` });
    const row = res.json<{ data: BulkUploadFile[] }>().data.find((r) => r.id === id);
    if (row) return row;
  }
  return undefined;
}
