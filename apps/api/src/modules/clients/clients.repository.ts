import type { Client } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { clients, companies, manageActions, media } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore } from '../../lib/resource/index.js';
import { normaliseStoredPath } from '../../lib/storage/index.js';

// Aliased subqueries: an unqualified "id" inside them would otherwise bind to the inner table.
const mediaCount = (kind: 'demo' | 'campaign') =>
  sql<number>`(select count(*) from "media" as "m" where "m"."client_id" = "clients"."id" and "m"."kind" = ${kind})`.mapWith(Number);
const actionCount = sql<number>`(select count(*) from "manage_actions" as "a" where "a"."client_id" = "clients"."id")`.mapWith(Number);

const clientFields = {
  id: clients.id,
  name: clients.name,
  companyId: clients.companyId,
  companyName: companies.name,
  type: clients.type,
  status: clients.status,
  offlineMode: clients.offlineMode,
  email: clients.email,
  phone: clients.phone,
  logo: clients.logo,
  logoName: clients.logoName,
  demoMedia: mediaCount('demo'),
  campaignMedia: mediaCount('campaign'),
  manageActions: actionCount,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
};

const toClient = (c: SelectResultFields<typeof clientFields>): Client => ({
  id: c.id,
  name: c.name,
  companyId: c.companyId,
  company: { id: c.companyId, name: c.companyName },
  companyName: c.companyName,
  type: c.type,
  status: c.status,
  offlineMode: c.offlineMode,
  email: c.email,
  phone: c.phone,
  logo: c.logo ? normaliseStoredPath(c.logo) : null,
  logoName: c.logo ? c.logoName : null,
  demoMedia: Number(c.demoMedia),
  campaignMedia: Number(c.campaignMedia),
  manageActions: Number(c.manageActions),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** GET /client and its export. */
export const clientsList = defineList({
  fields: clientFields,
  from: (db, fields) => db.select(fields).from(clients).innerJoin(companies, eq(companies.id, clients.companyId)).$dynamic(),
  id: clients.id,
  sortFields: {
    id: clients.id,
    name: clients.name,
    companyName: companies.name,
    type: clients.type,
    status: clients.status,
    offlineMode: clients.offlineMode,
    createdAt: clients.createdAt,
    updatedAt: clients.updatedAt,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [clients.name, clients.email, clients.phone],
  toDto: toClient,
});

type ClientFilters = { type?: Client['type']; status?: Client['status']; companyId?: number };
export const clientListFilters = (q: ClientFilters) => [
  q.type ? eq(clients.type, q.type) : undefined,
  q.status ? eq(clients.status, q.status) : undefined,
  q.companyId ? eq(clients.companyId, q.companyId) : undefined,
];

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

export async function companyExists(db: Parameters<typeof clientsStore.find>[0], id: number) {
  const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id)).limit(1);
  return rows.length > 0;
}
