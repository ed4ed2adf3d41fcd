import type { CampaignMedia, DemoMedia, MediaType, Status } from '@console/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { clients, manageActions, media } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore } from '../../lib/resource/index.js';

export type MediaDbKind = 'demo' | 'campaign';

const mediaFields = {
  id: media.id,
  clientId: media.clientId,
  clientName: clients.name,
  title: media.title,
  description: media.description,
  toneCode: media.toneCode,
  status: media.status,
  mediaType: media.mediaType,
  file: media.file,
  thumbnail: media.thumbnail,
  fileName: media.fileName,
  mimeType: media.mimeType,
  size: media.size,
  width: media.width,
  height: media.height,
  durationSeconds: media.durationSeconds,
  campaignName: media.campaignName,
  startDate: media.startDate,
  endDate: media.endDate,
  createdAt: media.createdAt,
  updatedAt: media.updatedAt,
};
type MediaRecord = SelectResultFields<typeof mediaFields>;

const toDemoMedia = (m: MediaRecord): DemoMedia => ({
  id: m.id,
  clientId: m.clientId,
  clientName: m.clientName,
  title: m.title,
  description: m.description,
  toneCode: m.toneCode,
  status: m.status,
  mediaType: m.mediaType,
  file: m.file,
  thumbnail: m.thumbnail,
  fileName: m.fileName,
  mimeType: m.mimeType,
  size: Number(m.size),
  width: m.width,
  height: m.height,
  durationSeconds: m.durationSeconds,
  createdAt: m.createdAt.toISOString(),
  updatedAt: m.updatedAt.toISOString(),
});

const toCampaignMedia = (m: MediaRecord): CampaignMedia => ({
  ...toDemoMedia(m),
  campaignName: m.campaignName ?? '',
  startDate: m.startDate,
  endDate: m.endDate,
});

const commonSort = {
  id: media.id,
  title: media.title,
  mediaType: media.mediaType,
  toneCode: { expr: media.toneCode, nullable: true },
  status: media.status,
  size: media.size,
  durationSeconds: { expr: media.durationSeconds, nullable: true },
  createdAt: media.createdAt,
  updatedAt: media.updatedAt,
};

/**
 * One list per screen over the one table. The kind sits in the join condition, not in a WHERE,
 * so every query built on `from` (the page, the count, the export and the store's one-row read)
 * sees only its own kind: a demo id asked for on /campaign-media is a 404.
 */
const listOf = <Dto>(kind: MediaDbKind, toDto: (m: MediaRecord) => Dto, sortFields: Record<string, unknown>, search: unknown[]) =>
  defineList({
    fields: mediaFields,
    from: (db, fields) =>
      db
        .select(fields)
        .from(media)
        .innerJoin(clients, and(eq(clients.id, media.clientId), eq(media.kind, kind)))
        .$dynamic(),
    id: media.id,
    sortFields: sortFields as typeof commonSort,
    defaultSort: { field: 'createdAt', order: 'desc' },
    search: search as (typeof media.title)[],
    toDto,
  });

export const demoMediaList = listOf('demo', toDemoMedia, commonSort, [media.title, media.description, media.toneCode]);
export const campaignMediaList = listOf(
  'campaign',
  toCampaignMedia,
  {
    ...commonSort,
    campaignName: { expr: media.campaignName, nullable: true },
    startDate: { expr: media.startDate, nullable: true },
    endDate: { expr: media.endDate, nullable: true },
  },
  [media.title, media.description, media.toneCode, media.campaignName],
);

type MediaFilters = { clientId?: number; status?: Status; mediaType?: MediaType };
export const mediaListFilters = (q: MediaFilters) => [
  q.clientId ? eq(media.clientId, q.clientId) : undefined,
  q.status ? eq(media.status, q.status) : undefined,
  q.mediaType ? eq(media.mediaType, q.mediaType) : undefined,
];

// A show-media action keeps the media id as a real foreign key: such a media answers 409 on delete.
const usages = [{ table: manageActions, column: manageActions.mediaId }];
export const demoMediaStore = defineStore({ table: media, id: media.id, list: demoMediaList, usages });
export const campaignMediaStore = defineStore({ table: media, id: media.id, list: campaignMediaList, usages });

/** The client's type, or undefined when there is no such client. */
export async function clientType(db: Db, id: number) {
  const rows = await db.select({ type: clients.type }).from(clients).where(eq(clients.id, id)).limit(1);
  return rows[0]?.type;
}

/**
 * The id of another ACTIVE media (either kind) of this client with this tone code, if any: the
 * rule behind media_tone_code_active_uq, asked first so the answer names the field.
 */
export async function activeToneCodeHolder(db: Db, clientId: number, toneCode: string, exceptId?: number) {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(
      and(
        eq(media.clientId, clientId),
        eq(media.toneCode, toneCode),
        eq(media.status, 'active'),
        exceptId === undefined ? undefined : ne(media.id, exceptId),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}
