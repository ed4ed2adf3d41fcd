import { type Company, companiesResource } from '@console/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { clients, companies, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore, equalityFilters, isoTimestamps, listFrom, sortFieldsOf } from '../../lib/resource/index.js';
import { normaliseStoredPath } from '../../lib/storage/index.js';

// Spelled out with an alias: in a one-table select drizzle leaves columns unqualified, and an
// unqualified "id" inside the subquery would mean users.id.
const userCount = sql<number>`(select count(*) from "users" as "u" where "u"."company_id" = "companies"."id")`.mapWith(Number);

const companyFields = { ...getTableColumns(companies), userCount };

type CompanyRow = SelectResultFields<typeof companyFields>;

const toCompany = (c: CompanyRow): Company => ({
  ...c,
  logo: c.logo ? normaliseStoredPath(c.logo) : null,
  logoName: c.logo ? c.logoName : null,
  userCount: Number(c.userCount),
  ...isoTimestamps(c),
});

/** GET /companies and its export (the list pattern: see lib/list-query.ts). */
export const companiesList = defineList({
  fields: companyFields,
  from: listFrom(companies),
  id: companies.id,
  sortFields: sortFieldsOf(companyFields, companiesResource.list.sortFields, { userCount: { expr: userCount, nullable: false } }),
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [companies.name, companies.email, companies.phone, companies.website],
  // The add-user form loads every company for its dropdown in one call (spec s.9: limit 1000).
  maxLimit: 1000,
  toDto: toCompany,
});

export const companyListFilters = equalityFilters({ status: companies.status });

/** One row, insert, update and delete-unless-users-belong-to-it (lib/resource/store.ts). */
export const companiesStore = defineStore({
  table: companies,
  id: companies.id,
  list: companiesList,
  // A unique index on lower(name) backs this.
  uniqueName: companies.name,
  // Clients' foreign key is RESTRICT: counting them here turns a company with clients into the in-use 409.
  usages: [
    { table: users, column: users.companyId },
    { table: clients, column: clients.companyId },
  ],
});
