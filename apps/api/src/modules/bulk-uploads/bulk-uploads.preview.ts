import {
  BULK_PREVIEW_MESSAGES,
  type BulkMapping,
  type BulkPreview,
  type BulkUploadKind,
  bulkPreviewFieldsSchema,
  isMediaBulkKind,
  type MediaKind,
  mediaManifestRowSchema,
  parseMappingField,
} from '@console/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bulkMappings } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { assertSafeInput } from '../../lib/input-guard.js';
import { streamToTempFile, UploadRejected } from '../../lib/uploads/index.js';
import { fileParts } from './bulk-uploads.receive.js';
import { checkUploadClient } from './bulk-uploads.service.js';
import { manageActionsSheet } from './manage-actions-importer.js';
import { type PreviewKind, previewSheet } from './sheet-preview.js';

/** A sheet or a manifest: as the upload's sheet limit (bulk-uploads.receive.ts). */
const PREVIEW_MAX_BYTES = 64 * 1024 * 1024;

/**
 * A manifest previews as the media job reads it (manifest.ts): its schema, and the first row of a
 * file name is the one used, so a later row naming the same file would not be.
 */
function manifestKind(kind: MediaKind) {
  const schema = mediaManifestRowSchema(kind);
  type Row = { item: string; position: number; fileName: string };
  return {
    schema,
    check: async (_db, _upload, rows) => ({
      ready: rows.map((r): Row => ({ item: r.item, position: r.position, fileName: String(r.data.fileName) })),
      failed: [],
    }),
    unique: { key: (r: Row) => r.fileName, taken: async () => new Set<string>() },
    conflictMessage: BULK_PREVIEW_MESSAGES.manifestFileTwice,
  } satisfies PreviewKind<typeof schema, Row>;
}

export function createBulkPreviewService(app: FastifyInstance) {
  const db = app.db;
  return {
    /**
     * Reads the form (clientId, an optional mapping, one file part `file`), streams the file to a
     * temp file and previews it; nothing is stored, and the temp file is gone when this answers.
     */
    async preview(request: FastifyRequest, kind: BulkUploadKind): Promise<BulkPreview> {
      if (!request.isMultipart()) throw new AppError('VALIDATION', BULK_PREVIEW_MESSAGES.noFile, { file: BULK_PREVIEW_MESSAGES.noFile });
      const fields: Record<string, unknown> = {};
      let temp: Awaited<ReturnType<typeof streamToTempFile>> | null = null;
      const iterator = request.parts({ limits: { files: 2, fileSize: PREVIEW_MAX_BYTES + 1, fields: 10, parts: 12 } });
      try {
        for await (const part of fileParts(iterator, fields)) {
          part.file.on('error', () => {}); // drained below or by the stream; an abort surfaces as the iterator's error
          if (part.fieldname !== 'file') {
            part.file.resume();
            throw new AppError('VALIDATION', 'The file part goes in "file"', { file: 'Unexpected file part' });
          }
          if (temp) {
            part.file.resume();
            throw new AppError('VALIDATION', BULK_PREVIEW_MESSAGES.oneFile, { file: BULK_PREVIEW_MESSAGES.oneFile });
          }
          temp = await streamToTempFile(part.file, { maxBytes: PREVIEW_MAX_BYTES, dir: app.uploadTempDir }).catch((err: unknown) => {
            if (err instanceof UploadRejected && err.code === 'PAYLOAD_TOO_LARGE')
              throw new AppError('PAYLOAD_TOO_LARGE', 'The file is too large', { file: `At most ${PREVIEW_MAX_BYTES} bytes` });
            throw err;
          });
        }
        assertSafeInput(fields, 'form');
        const parsed = bulkPreviewFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Choose a client';
          throw new AppError('VALIDATION', message, { clientId: message });
        }
        const mapped = parseMappingField(kind, fields.mapping);
        if (!mapped.ok) throw new AppError('VALIDATION', mapped.message, { mapping: mapped.message });
        if (!temp) throw new AppError('VALIDATION', BULK_PREVIEW_MESSAGES.noFile, { file: BULK_PREVIEW_MESSAGES.noFile });
        await checkUploadClient(db, kind, parsed.data.clientId);
        const upload = { clientId: parsed.data.clientId, mapping: mapped.mapping };
        return isMediaBulkKind(kind)
          ? await previewSheet(manifestKind(kind as MediaKind), db, upload, temp.path)
          : await previewSheet(manageActionsSheet, db, upload, temp.path);
      } finally {
        await iterator.return?.(undefined).catch(() => {});
        await temp?.cleanup();
      }
    },

    /** The user's saved mapping for the kind, or null. */
    async savedMapping(userId: number, kind: BulkUploadKind): Promise<BulkMapping | null> {
      const [row] = await db
        .select({ mapping: bulkMappings.mapping })
        .from(bulkMappings)
        .where(and(eq(bulkMappings.userId, userId), eq(bulkMappings.kind, kind)));
      return row?.mapping ?? null;
    },

    /** Saves (replaces) the user's mapping for the kind. */
    async saveMapping(userId: number, kind: BulkUploadKind, mapping: BulkMapping): Promise<void> {
      const value = Object.fromEntries(Object.entries(mapping).filter(([, v]) => v !== undefined)) as Record<string, string | null>;
      await db
        .insert(bulkMappings)
        .values({ userId, kind, mapping: value })
        .onConflictDoUpdate({ target: [bulkMappings.userId, bulkMappings.kind], set: { mapping: value, updatedAt: sql`now()` } });
    },
  };
}
