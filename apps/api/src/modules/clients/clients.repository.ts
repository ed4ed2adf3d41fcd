import { type Client, clientsResource } from '@console/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { clients, companies, manageActions, media } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore, equalityFilters, isoTimestamps, listFrom, sortFieldsOf } from '../../lib/resource/index.js';
import { normaliseStoredPath } from '../../lib/storage/index.js';

// Aliased subqueries: an unqualified "id" inside them would otherwise bind to the inner table.
const mediaCount = (kind: 'demo' | 'campaign') =>
  sql<number>`(select count(*) from "media" as "m" where "m"."client_id" = "clients"."id" and "m"."kind" = ${kind})`.mapWith(Number);
const actionCount = sql<number>`(select count(*) from "manage_actions" as "a" where "a"."client_id" = "clients"."id")`.mapWith(Number);

const clientFields = {
  ...getTableColumns(clients),
  companyName: companies.name,
  demoMedia: mediaCount('demo'),
  campaignMedia: mediaCount('campaign'),
  manageActions: actionCount,
};

const toClient = (c: SelectResultFields<typeof clientFields>): Client => ({
  ...c,
  company: { id: c.companyId, name: c.companyName },
  logo: c.logo ? normaliseStoredPath(c.logo) : null,
  logoName: c.logo ? c.logoName : null,
  demoMedia: Number(c.demoMedia),
  campaignMedia: Number(c.campaignMedia),
  manageActions: Number(c.manageActions),
  ...isoTimestamps(c),
});

/** GET /client and its export. */
export const clientsList = defineList({
  fields: clientFields,
  from: listFrom(clients, ['inner', companies, eq(companies.id, clients.companyId)]),
  id: clients.id,
  sortFields: sortFieldsOf(clientFields, clientsResource.list.sortFields),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [clients.name, clients.email, clients.phone],
  toDto: toClient,
});

export const clientListFilters = equalityFilters({ type: clients.type, status: clients.status, companyId: clients.companyId });

/** Names are unique per company; media (demo and campaign) and manage-actions keep a client from being deleted. */
export const clientsStore = defineStore({
  table: clients,
  id: clients.id,
  list: clientsList,
  uniqueName: clients.name,
  uniqueScope: (v) => (typeof v.companyId === 'number' ? eq(clients.companyId, v.companyId) : undefined),
  usages: [
    { table: media, column: media.clientId },
    { table: manageActions, column: manageActions.clientId },
  ],
});
