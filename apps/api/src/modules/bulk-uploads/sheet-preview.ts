import {
  BULK_PREVIEW_MAX_FAILURES,
  BULK_PREVIEW_MESSAGES,
  BULK_PREVIEW_ROWS,
  BULK_SHEET_MAX_ROWS,
  BULK_UPLOAD_MESSAGES,
  type BulkMapping,
  type BulkPreview,
} from '@console/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { columnLabel, detectSheetFormat, fieldColumns, readSheetBatches, SheetError } from '../../lib/bulk/sheet-reader.js';
import { AppError } from '../../lib/app-error.js';
import { judgeRows } from './sheet-engine.js';
import type { ReadyRow, SheetKind, SheetUpload } from './sheet-kind.js';

/** What a preview needs of a kind: the import's schema, fast path, checks and unique index. */
export type PreviewKind<S extends z.ZodObject, T extends ReadyRow> = Pick<SheetKind<S, T>, 'schema' | 'quickParse' | 'check' | 'unique'> & {
  conflictMessage?: string;
};

/** Rows judged at a time: as the import's first batch, so the checks query as the import does. */
const PREVIEW_BATCH = 1000;

/**
 * A sheet (or a manifest) read as its import would read it, writing nothing: the same reader with
 * the same mapping, the same schema and fast path, the same checks of the kind (judgeRows), and
 * the unique index the insert would meet (a value taken by the client, or earlier in the sheet).
 * Streams in batches, so memory stays at a batch and the set of unique keys seen.
 */
export async function previewSheet<S extends z.ZodObject, T extends ReadyRow>(
  kind: PreviewKind<S, T>,
  db: Db,
  upload: Pick<SheetUpload, 'clientId'> & { mapping: BulkMapping | null },
  path: string,
): Promise<BulkPreview> {
  const format = await detectSheetFormat(path);
  if (!format) throw new AppError('VALIDATION', BULK_UPLOAD_MESSAGES.wrongSheetType, { file: BULK_UPLOAD_MESSAGES.wrongSheetType });
  const shape = kind.schema.shape as Record<string, z.ZodType>;
  const fieldKeys = Object.keys(shape);
  const fields = fieldKeys.map((key) => ({ key, label: columnLabel(key), required: shape[key]?.safeParse(undefined).success === false }));
  const out: BulkPreview = {
    columns: [],
    fields,
    mapping: Object.fromEntries(fieldKeys.map((k) => [k, null])),
    rows: [],
    failures: [],
    counts: { rows: 0, wouldAdd: 0, wouldFail: 0 },
    sheetError: null,
  };
  const sheetUpload: SheetUpload = { id: 0, clientId: upload.clientId, readPosition: 0, readComplete: false, mapping: null };
  const seen = new Set<string>();
  const fail = (row: number, message: string) => {
    out.counts.wouldFail++;
    if (out.failures.length < BULK_PREVIEW_MAX_FAILURES) out.failures.push({ row, message });
  };
  const onHeader = (cells: readonly (string | undefined)[]) => {
    out.columns = cells.filter((c): c is string => c !== undefined);
    try {
      const at = fieldColumns(cells, fieldKeys, upload.mapping ?? {});
      for (const key of fieldKeys) {
        const i = at.indexOf(key);
        out.mapping[key] = i === -1 ? null : (cells[i] ?? null);
      }
    } catch {
      // a column named by the mapping is missing or named twice: the reader throws the same, reported below
    }
  };
  try {
    const opts = { format, schema: kind.schema, quick: kind.quickParse, maxRows: BULK_SHEET_MAX_ROWS, mapping: upload.mapping, onHeader };
    for await (const batch of readSheetBatches(path, opts, PREVIEW_BATCH)) {
      out.counts.rows += batch.length;
      const dataOf = new Map(batch.flatMap((r) => (r.ok ? [[String(r.row), r.data as Record<string, unknown>] as const] : [])));
      const { ready, failed } = await judgeRows(kind, db, sheetUpload, batch);
      const refused = new Map(failed.map((f) => [f.item, f.message]));
      const unique = kind.unique;
      const taken = unique ? await unique.taken(db, sheetUpload, [...new Set(ready.map((r) => unique.key(r)))]) : new Set<string>();
      const readyItems = new Set<string>();
      for (const r of ready) {
        const key = unique?.key(r);
        if (key !== undefined && (taken.has(key) || seen.has(key)))
          refused.set(r.item, kind.conflictMessage ?? BULK_PREVIEW_MESSAGES.notImported);
        else {
          if (key !== undefined) seen.add(key);
          readyItems.add(r.item);
        }
      }
      // In sheet order, as the import's error list shows them.
      for (const r of batch) {
        const item = String(r.row);
        if (readyItems.has(item)) {
          out.counts.wouldAdd++;
          if (out.rows.length < BULK_PREVIEW_ROWS) out.rows.push({ row: r.row, data: dataOf.get(item) ?? {} });
        } else fail(r.row, refused.get(item) ?? BULK_PREVIEW_MESSAGES.notImported);
      }
    }
  } catch (err) {
    if (!(err instanceof SheetError)) throw err;
    out.sheetError = err.message;
    out.rows = [];
    out.failures = [];
    out.counts = { rows: 0, wouldAdd: 0, wouldFail: 0 };
  }
  if (!out.sheetError && out.counts.rows === 0) out.sheetError = BULK_UPLOAD_MESSAGES.emptySheet;
  return out;
}
