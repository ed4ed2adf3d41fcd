import { type CampaignMedia, campaignMediaResource, type DemoMedia, demoMediaResource, type MediaKind } from '@console/contract';
import { and, eq, getTableColumns, ne } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { clients, manageActions, media } from '../../db/schema/index.js';
import { defineList } from '../list-query.js';
import { defineStore, equalityFilters, isoTimestamps, sortFieldsOf } from '../resource/index.js';
import { MEDIA_ROW_KIND } from './media-rows.js';

// Demo media and campaign media (DESIGN s.4b): their lists, filters and stores over the one media table.

// A row shows every column but its kind (each list shows one) and its bulk-upload origin.
const { kind: _kind, uploadId: _uploadId, uploadItem: _uploadItem, ...mediaColumns } = getTableColumns(media);
const mediaFields = { ...mediaColumns, clientName: clients.name };
type MediaRecord = SelectResultFields<typeof mediaFields>;

const toDemoMedia = ({ campaignName, startDate, endDate, ...m }: MediaRecord): DemoMedia => ({
  ...m,
  size: Number(m.size),
  ...isoTimestamps(m),
});

const toCampaignMedia = (m: MediaRecord): CampaignMedia => ({
  ...toDemoMedia(m),
  campaignName: m.campaignName ?? '',
  startDate: m.startDate,
  endDate: m.endDate,
});

/** Sort fields the list selects under their own name but that may be null (nulls sort last either way). */
const nullable = (...names: (keyof typeof mediaFields)[]) =>
  Object.fromEntries(names.map((n) => [n, { expr: mediaFields[n], nullable: true }]));

/**
 * One list per screen over the one table, sorted and searched as its contract declaration says.
 * The kind sits in the join condition, not in a WHERE, so every query built on `from` (the page,
 * the count, the export and the store's one-row read) sees only its own kind: a demo id asked for
 * on /campaign-media is a 404.
 */
const listOf = <Dto>(
  kind: MediaKind,
  resource: { list: { sortFields: readonly string[]; search: readonly string[] } },
  toDto: (m: MediaRecord) => Dto,
) =>
  defineList({
    fields: mediaFields,
    from: (db, fields) =>
      db
        .select(fields)
        .from(media)
        .innerJoin(clients, and(eq(clients.id, media.clientId), eq(media.kind, MEDIA_ROW_KIND[kind])))
        .$dynamic(),
    id: media.id,
    sortFields: sortFieldsOf(
      mediaFields,
      resource.list.sortFields,
      nullable('toneCode', 'durationSeconds', 'campaignName', 'startDate', 'endDate'),
    ),
    defaultSort: { field: 'createdAt', order: 'desc' },
    search: resource.list.search.map((name) => mediaFields[name as keyof typeof mediaFields]),
    toDto,
  });

export const demoMediaList = listOf('demo-media', demoMediaResource, toDemoMedia);
export const campaignMediaList = listOf('campaign-media', campaignMediaResource, toCampaignMedia);

export const mediaListFilters = equalityFilters({ clientId: media.clientId, status: media.status, mediaType: media.mediaType });

// A show-media action keeps the media id as a real foreign key: such a media answers 409 on delete.
const usages = [{ table: manageActions, column: manageActions.mediaId }];
export const mediaStores = {
  'demo-media': defineStore({ table: media, id: media.id, list: demoMediaList, usages }),
  'campaign-media': defineStore({ table: media, id: media.id, list: campaignMediaList, usages }),
};

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
