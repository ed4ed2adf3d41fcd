import {
  BULK_UPLOAD_ROW_ERRORS,
  BULK_UPLOAD_SORT_FIELDS,
  type BulkUploadFile,
  type BulkUploadItemError,
  type BulkUploadKind,
} from '@console/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bulkUploadItems, bulkUploads, users } from '../../db/schema/index.js';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { defineList } from '../../lib/list-query.js';
import { sortFieldsOf } from '../../lib/resource/index.js';

// The first failed items of an upload, in item order, as [{item, message}] (the error CSV has all).
const itemErrors = sql<BulkUploadItemError[]>`coalesce((
  select jsonb_agg(jsonb_build_object('item', e.item, 'message', e.message) order by e.position)
  from (select i.item, i.message, i.position from bulk_upload_items i
        where i.upload_id = ${bulkUploads.id} and i.status = 'failed' order by i.position limit ${sql.raw(String(BULK_UPLOAD_ROW_ERRORS))}) e
), '[]'::jsonb)`;

const fields = {
  id: bulkUploads.id,
  kind: bulkUploads.kind,
  clientId: bulkUploads.clientId,
  fileName: bulkUploads.fileName,
  size: bulkUploads.size,
  status: bulkUploads.status,
  total: bulkUploads.total,
  done: bulkUploads.done,
  failed: bulkUploads.failed,
  error: bulkUploads.error,
  itemErrors,
  uploaderId: users.id,
  uploaderEmail: users.email,
  createdAt: bulkUploads.createdAt,
  startedAt: bulkUploads.startedAt,
  finishedAt: bulkUploads.finishedAt,
};

// Left-joined: the uploader is gone (SET NULL) or never known; drizzle's row type does not say so.
type Raw = Omit<SelectResultFields<typeof fields>, 'uploaderId' | 'uploaderEmail'> & {
  uploaderId: number | null;
  uploaderEmail: string | null;
};

function toDto(r: Raw): BulkUploadFile {
  // A failure of the whole file (unreadable archive, bad header) is shown as an error of the file itself.
  const errors = r.error ? [{ item: r.fileName, message: r.error }, ...r.itemErrors] : r.itemErrors;
  return {
    id: r.id,
    kind: r.kind,
    clientId: r.clientId,
    fileName: r.fileName,
    size: Number(r.size),
    status: r.status,
    total: r.total,
    done: r.done,
    failed: r.failed,
    errors,
    uploadedBy: r.uploaderId !== null && r.uploaderEmail !== null ? { id: r.uploaderId, email: r.uploaderEmail } : null,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

export const bulkUploadsList = defineList({
  fields,
  from: (db, f) => db.select(f).from(bulkUploads).leftJoin(users, eq(users.id, bulkUploads.uploadedBy)).$dynamic(),
  id: bulkUploads.id,
  sortFields: sortFieldsOf(fields, BULK_UPLOAD_SORT_FIELDS, { finishedAt: { expr: bulkUploads.finishedAt, nullable: true } }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [bulkUploads.fileName],
  toDto,
});

/** The filters of the two lists: the kind, completed or not, and the optional client. */
export function listFilters(kind: BulkUploadKind, completed: boolean, clientId: number | undefined): (SQL | undefined)[] {
  return [
    eq(bulkUploads.kind, kind),
    completed ? eq(bulkUploads.status, 'completed') : sql`${bulkUploads.status} <> 'completed'`,
    clientId ? eq(bulkUploads.clientId, clientId) : undefined,
  ];
}

export async function findUploadFiles(db: Db, ids: number[]): Promise<BulkUploadFile[]> {
  if (ids.length === 0) return [];
  const rows = await bulkUploadsList.definition.from(db, fields).where(inArray(bulkUploads.id, ids)).orderBy(bulkUploads.id);
  return (rows as Raw[]).map(toDto);
}

export async function findUpload(db: Db, kind: BulkUploadKind, id: number) {
  const [row] = await db
    .select()
    .from(bulkUploads)
    .where(and(eq(bulkUploads.id, id), eq(bulkUploads.kind, kind)));
  return row;
}

/** Every failed item of an upload in order (the error CSV), streamed in pages of 1000. */
export async function* failedItems(db: Db, uploadId: number) {
  let after = -1;
  for (;;) {
    const page = await db
      .select({
        position: bulkUploadItems.position,
        item: bulkUploadItems.item,
        message: bulkUploadItems.message,
        details: bulkUploadItems.details,
      })
      .from(bulkUploadItems)
      .where(and(eq(bulkUploadItems.uploadId, uploadId), eq(bulkUploadItems.status, 'failed'), sql`${bulkUploadItems.position} > ${after}`))
      .orderBy(bulkUploadItems.position)
      .limit(1000);
    for (const row of page) yield row;
    if (page.length < 1000) return;
    after = page.at(-1)?.position ?? after;
  }
}
