import type { Company } from '@console/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client.js';
import { companies, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import { normaliseStoredPath } from '../../lib/storage/index.js';
import { oneRow } from '../../lib/rows.js';

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

export const toCompany = (c: CompanyRow): Company => ({
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

export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'createdAt'>;

export function createCompaniesRepository(db: Db) {
  return {
    async find(id: number) {
      const [row] = await db.select(companyFields).from(companies).where(eq(companies.id, id));
      return row;
    },

    /** Case-insensitive: "ACME" and "acme" are the same company (a unique index on lower(name) backs this). */
    async nameTaken(name: string, exceptId?: number) {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(sql`lower(${companies.name}) = lower(${name})`, exceptId ? ne(companies.id, exceptId) : undefined))
        .limit(1);
      return Boolean(row);
    },

    async insert(values: CompanyValues) {
      const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
      return oneRow(row).id;
    },

    async update(id: number, values: Partial<CompanyValues>) {
      const rows = await db.update(companies).set(values).where(eq(companies.id, id)).returning({ id: companies.id });
      return rows.length > 0;
    },

    /** Deletes only while no user belongs to the company (one statement, so no user slips in between). */
    async deleteIfUnused(id: number) {
      const rows = await db
        .delete(companies)
        .where(and(eq(companies.id, id), sql`not exists (select 1 from "users" as "u" where "u"."company_id" = ${id})`))
        .returning({ id: companies.id });
      return rows.length > 0;
    },

    async userCount(id: number) {
      const [row] = await db.select({ n: count() }).from(users).where(eq(users.companyId, id));
      return row?.n ?? 0;
    },
  };
}
