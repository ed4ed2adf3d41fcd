import { type ManageAction, manageActionsResource } from '@console/contract';
import { and, eq } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { clients, manageActions, media } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore, equalityFilters, isoTimestamps, listFrom, sortFieldsOf } from '../../lib/resource/index.js';

const fields = {
  id: manageActions.id,
  clientId: manageActions.clientId,
  clientName: clients.name,
  name: manageActions.name,
  actionType: manageActions.actionType,
  value: manageActions.value,
  mediaId: manageActions.mediaId,
  mediaTitle: media.title,
  toneCode: manageActions.toneCode,
  status: manageActions.status,
  createdAt: manageActions.createdAt,
  updatedAt: manageActions.updatedAt,
};

const toManageAction = ({ mediaId, mediaTitle, ...r }: SelectResultFields<typeof fields>): ManageAction => ({
  ...r,
  client: { id: r.clientId, name: r.clientName },
  media: mediaId !== null && mediaTitle !== null ? { id: mediaId, title: mediaTitle } : null,
  ...isoTimestamps(r),
});

/** GET /manage-actions (a client's, with ?clientId=) and its export; show-media rows carry their media. */
export const manageActionsList = defineList({
  fields,
  from: listFrom(
    manageActions,
    ['inner', clients, eq(clients.id, manageActions.clientId)],
    ['left', media, eq(media.id, manageActions.mediaId)],
  ),
  id: manageActions.id,
  sortFields: sortFieldsOf(fields, manageActionsResource.list.sortFields),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [manageActions.name, manageActions.value, manageActions.toneCode],
  toDto: toManageAction,
});

export const manageActionListFilters = equalityFilters({
  clientId: manageActions.clientId,
  actionType: manageActions.actionType,
  status: manageActions.status,
});

/** Names are unique per client whatever their case (the manage_actions_client_name_lower_uq index). */
export const manageActionsStore = defineStore({
  table: manageActions,
  id: manageActions.id,
  list: manageActionsList,
  uniqueName: manageActions.name,
  uniqueScope: (v) => (typeof v.clientId === 'number' ? eq(manageActions.clientId, v.clientId) : undefined),
});

export async function clientExists(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: clients.id }).from(clients).where(eq(clients.id, id)).limit(1)).length > 0;
}

/** show-media: the media (demo or campaign) must belong to the action's client. */
export async function clientHasMedia(db: Db, clientId: number, mediaId: number): Promise<boolean> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, mediaId), eq(media.clientId, clientId)))
    .limit(1);
  return rows.length > 0;
}
