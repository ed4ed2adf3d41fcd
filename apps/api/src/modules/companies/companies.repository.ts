import type { Company } from '@console/contract';
import { eq, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { clients, companies, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { defineStore } from '../../lib/resource/index.js';
import { normaliseStoredPath } from '../../lib/storage/index.js';

// Spelled out with an alias: in a one-table select drizzle leaves columns unqualified, and an
// unqualified "id" inside the subquery would mean users.id.
const userCount = sql<number>`(select count(*) from "users" as "u" where "u"."company_id" = "companies"."id")`.mapWith(Number);

const companyFields = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  website: companies.website,
  address: companies.address,
  logo: companies.logo,
  logoName: companies.logoName,
  status: companies.status,
  userCount,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

type CompanyRow = SelectResultFields<typeof companyFields>;

const toCompany = (c: CompanyRow): Company => ({
  id: c.id,
  name: c.name,
  email: c.email,
  phone: c.phone,
  website: c.website,
  address: c.address,
  logo: c.logo ? normaliseStoredPath(c.logo) : null,
  logoName: c.logo ? c.logoName : null,
  status: c.status,
  userCount: Number(c.userCount),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

/** GET /companies and its export (the list pattern: see lib/list-query.ts). */
export const companiesList = defineList({
  fields: companyFields,
  from: (db, fields) => db.select(fields).from(companies).$dynamic(),
  id: companies.id,
  sortFields: {
    id: companies.id,
    name: companies.name,
    email: companies.email,
    phone: companies.phone,
    website: companies.website,
    status: companies.status,
    userCount: { expr: userCount, nullable: false },
    createdAt: companies.createdAt,
    updatedAt: companies.updatedAt,
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  search: [companies.name, companies.email, companies.phone, companies.website],
  // The add-user form loads every company for its dropdown in one call (spec s.9: limit 1000).
  maxLimit: 1000,
  toDto: toCompany,
});

export const companyListFilters = (q: { status?: 'active' | 'inactive' }) => [q.status ? eq(companies.status, q.status) : undefined];

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
