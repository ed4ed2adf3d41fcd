import {
  BULK_UPLOAD_CLIENT_TYPES,
  BULK_UPLOAD_MESSAGES,
  type BulkUploadFile,
  type BulkUploadKind,
  bulkUploadFieldsSchema,
  parseMappingField,
} from '@console/contract';
import { channel } from 'node:diagnostics_channel';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { bulkUploads, clients } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { bulkUploadJob } from './bulk-uploads.job.js';
import { receiveBulkForm, removeKeys } from './bulk-uploads.receive.js';
import { findUpload, findUploadFiles } from './bulk-uploads.repository.js';
import { hasRetryableItems, requeueFailed } from './ledger.js';

const notFound = () => new AppError('NOT_FOUND', BULK_UPLOAD_MESSAGES.notFound);

/**
 * The steps of an upload between which a crash must leave rows and jobs consistent: the rows
 * inserted (their jobs not yet), and the transaction committed; the same for a retry (its claim
 * and job sent, not committed; committed). bulk-send-crash.test.ts and bulk-retry-crash.test.ts kill
 * the server at each (a subscriber they preload); with no subscriber, as in production, publishing does nothing.
 */
const uploadSteps = channel('console:bulk-upload:steps');

/** The client exists and is of a type the kind takes (as the single add of the same screen). */
export async function checkUploadClient(db: Db, kind: BulkUploadKind, clientId: number) {
  const [client] = await db.select({ type: clients.type }).from(clients).where(eq(clients.id, clientId));
  if (!client) throw new AppError('VALIDATION', BULK_UPLOAD_MESSAGES.unknownClient, { clientId: BULK_UPLOAD_MESSAGES.unknownClient });
  if (!BULK_UPLOAD_CLIENT_TYPES[kind].includes(client.type)) {
    const message = BULK_UPLOAD_MESSAGES.wrongClientType(kind);
    throw new AppError('VALIDATION', message, { clientId: message });
  }
}

export function createBulkUploadsService(app: FastifyInstance) {
  const db = app.db;

  return {
    /**
     * Receives the parts (stored, never in memory), checks the client, writes one row per part
     * and queues one job per row, in one transaction. Answers the rows; the work happens in the background.
     */
    async upload(request: FastifyRequest, kind: BulkUploadKind): Promise<BulkUploadFile[]> {
      const form = await receiveBulkForm(request, kind);
      const stored = [...form.parts.map((p) => p.key), form.manifestKey].filter((k): k is string => k !== null);
      let ids: number[];
      try {
        const parsed = bulkUploadFieldsSchema.safeParse(form.fields);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? BULK_UPLOAD_MESSAGES.unknownClient;
          throw new AppError('VALIDATION', message, { clientId: message });
        }
        if (form.parts.length === 0)
          throw new AppError('VALIDATION', BULK_UPLOAD_MESSAGES.noFiles, { files: BULK_UPLOAD_MESSAGES.noFiles });
        await checkUploadClient(db, kind, parsed.data.clientId);
        // The mapping settled in the preview (none: every field by its own name).
        const mapped = parseMappingField(kind, form.fields.mapping);
        if (!mapped.ok) throw new AppError('VALIDATION', mapped.message, { mapping: mapped.message });
        const now = app.clock.now();
        const data = parsed.data;
        // The rows and their jobs in one transaction: a crash in between leaves neither (and no
        // row pending for ever without a job), a crash after the commit leaves both.
        ids = await db.transaction(async (tx) => {
          const rows = await tx
            .insert(bulkUploads)
            .values(
              form.parts.map((p) => ({
                kind,
                clientId: data.clientId,
                fileName: p.fileName,
                size: p.size,
                storageKey: p.key,
                manifestKey: form.manifestKey,
                mapping: mapped.mapping as Record<string, string | null> | null,
                // Refused on receipt: the job only finishes it as failed, with this reason.
                error: p.error,
                uploadedBy: request.auth?.user.id ?? null,
                createdAt: now,
              })),
            )
            .returning({ id: bulkUploads.id });
          uploadSteps.publish({ step: 'rows-inserted' });
          for (const row of rows) await app.queue.send(bulkUploadJob, { uploadId: row.id }, { tx });
          return rows.map((r) => r.id);
        });
        uploadSteps.publish({ step: 'committed' });
      } catch (err) {
        await removeKeys(request, stored);
        throw err;
      }
      return findUploadFiles(db, ids);
    },

    /** Failed items become pending again and the job runs again (a whole-file failure is read again). */
    async retry(kind: BulkUploadKind, id: number): Promise<BulkUploadFile> {
      const upload = await findUpload(db, kind, id);
      if (!upload) throw notFound();
      if (upload.status === 'processing' || upload.status === 'pending')
        throw new AppError('CONFLICT', BULK_UPLOAD_MESSAGES.stillProcessing);
      if (upload.failed === 0 && !upload.error) throw new AppError('CONFLICT', BULK_UPLOAD_MESSAGES.nothingToRetry);
      // Running the job again would only fail the same items (or the same file) the same way: say so now instead.
      const fileRetryable = upload.error !== null && !upload.errorFinal;
      if (!fileRetryable && !(await hasRetryableItems(db, id)))
        throw new AppError('CONFLICT', upload.error ? BULK_UPLOAD_MESSAGES.fileNotRetryable : BULK_UPLOAD_MESSAGES.nothingRetryable);
      if (!upload.storageKey) throw new AppError('CONFLICT', upload.error ?? BULK_UPLOAD_MESSAGES.nothingToRetry);
      const claimed = await db.transaction(async (tx) => {
        // Only a finished row is claimed: two retries at once queue the work once.
        const [row] = await tx
          .update(bulkUploads)
          // A whole-file failure counted as one failed item (ledger.ts): it goes with the error.
          .set({
            status: 'pending',
            error: null,
            errorFinal: false,
            finishedAt: null,
            total: sql`${bulkUploads.total} - (${bulkUploads.error} is not null)::int`,
            failed: sql`${bulkUploads.failed} - (${bulkUploads.error} is not null)::int`,
          })
          .where(and(eq(bulkUploads.id, id), ne(bulkUploads.status, 'pending'), ne(bulkUploads.status, 'processing')))
          .returning({ id: bulkUploads.id });
        if (!row) return false;
        await requeueFailed(tx, id);
        // With the claim, or a crash after it would leave the row pending without a job.
        await app.queue.send(bulkUploadJob, { uploadId: id }, { tx });
        uploadSteps.publish({ step: 'retry-sent' });
        return true;
      });
      if (claimed) uploadSteps.publish({ step: 'retry-committed' });
      if (!claimed) throw new AppError('CONFLICT', BULK_UPLOAD_MESSAGES.stillProcessing);
      const [file] = await findUploadFiles(db, [id]);
      if (!file) throw notFound(); // removed meanwhile
      return file;
    },

    /** Removes a row that is not being processed, with its stored part (and the manifest once unused). */
    async remove(kind: BulkUploadKind, id: number, request: FastifyRequest): Promise<BulkUploadFile> {
      const [before] = await findUploadFiles(db, [id]);
      if (!before || before.kind !== kind) throw notFound();
      const [gone] = await db
        .delete(bulkUploads)
        .where(and(eq(bulkUploads.id, id), ne(bulkUploads.status, 'processing')))
        .returning({ storageKey: bulkUploads.storageKey, manifestKey: bulkUploads.manifestKey });
      if (!gone) {
        if (await findUpload(db, kind, id)) throw new AppError('CONFLICT', BULK_UPLOAD_MESSAGES.stillProcessing);
        throw notFound();
      }
      const keys = gone.storageKey ? [gone.storageKey] : [];
      if (gone.manifestKey) {
        const [other] = await db
          .select({ id: bulkUploads.id })
          .from(bulkUploads)
          .where(eq(bulkUploads.manifestKey, gone.manifestKey))
          .limit(1);
        if (!other) keys.push(gone.manifestKey);
      }
      await removeKeys(request, keys);
      return before;
    },
  };
}
