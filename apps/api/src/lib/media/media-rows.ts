import { MEDIA_CLIENT_TYPES, type MediaKind, type Status } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { media } from '../../db/schema/index.js';
import type { StoredMedia } from './store.js';

/**
 * The one writer of media rows (db/schema/media.ts: demo and campaign media in one table): the
 * add/edit service (media.service.ts), bulk media items and the demo seed build their rows here.
 */

/** The table's `kind` of each media screen. */
export const MEDIA_ROW_KIND = { 'demo-media': 'demo', 'campaign-media': 'campaign' } as const satisfies Record<MediaKind, string>;

/** The contract's rule (MEDIA_CLIENT_TYPES, DESIGN s.4b): may a client of this type hold media of this kind? */
export const mediaClientFits = (kind: MediaKind, clientType: string) =>
  (MEDIA_CLIENT_TYPES[kind] as readonly string[]).includes(clientType);

/** The contract's rule in words, e.g. "demo or both". */
export const mediaClientTypesText = (kind: MediaKind) => MEDIA_CLIENT_TYPES[kind].join(' or ');

/** What a media row says besides its file. The campaign fields are written on campaign rows only. */
export type MediaRowFields = {
  clientId: number;
  title: string;
  description?: string | null;
  toneCode?: string | null;
  status?: Status;
  campaignName?: string | null;
  startDate?: string | null;
  endDate?: string | null;
};

/** The facts of a stored media file (lib/media storeMediaFile, or a file stored under a key of its own). */
export type MediaFileFacts = Pick<StoredMedia, 'mediaType' | 'file' | 'fileName' | 'thumbnail' | 'mimeType' | 'size'> &
  Partial<Pick<StoredMedia, 'width' | 'height' | 'durationSeconds'>>;

/** The columns a stored file sets: a new file replaces all of them. */
export function mediaFileColumns(s: MediaFileFacts) {
  const { mediaType, file, fileName, thumbnail, mimeType, size } = s;
  const [width, height, durationSeconds] = [s.width ?? null, s.height ?? null, s.durationSeconds ?? null];
  return { mediaType, file, fileName, thumbnail, mimeType, size, width, height, durationSeconds };
}

/** The columns of a media row of `kind` besides its file's: what an add or an edit sets. */
export function mediaRowValues(kind: MediaKind, fields: MediaRowFields) {
  const campaign = kind === 'campaign-media';
  return {
    kind: MEDIA_ROW_KIND[kind],
    clientId: fields.clientId,
    title: fields.title,
    description: fields.description ?? null,
    toneCode: fields.toneCode ?? null,
    status: fields.status ?? 'active',
    ...(campaign
      ? { campaignName: fields.campaignName ?? null, startDate: fields.startDate ?? null, endDate: fields.endDate ?? null }
      : {}),
  };
}

/** A whole new media row: its fields and its stored file's columns. */
export const newMediaRow = (kind: MediaKind, fields: MediaRowFields, file: MediaFileFacts) => ({
  ...mediaRowValues(kind, fields),
  ...mediaFileColumns(file),
});

/**
 * Inserts one new media row and
 * answers its id. With `origin`, a bulk-upload item, at most once: a replay after a crash finds the
 * row the first run inserted (media_upload_item_uq).
 */
export async function insertMediaRow(db: DbOrTx, row: ReturnType<typeof newMediaRow>, origin?: { uploadId: number; uploadItem: string }) {
  const [inserted] = await db
    .insert(media)
    .values({ ...row, ...origin })
    .onConflictDoNothing({ target: [media.uploadId, media.uploadItem] })
    .returning({ id: media.id });
  if (inserted) return inserted.id;
  const [found] = origin
    ? await db
        .select({ id: media.id })
        .from(media)
        .where(and(eq(media.uploadId, origin.uploadId), eq(media.uploadItem, origin.uploadItem)))
    : [];
  if (!found) throw new Error('the media row was neither inserted nor found');
  return found.id;
}
