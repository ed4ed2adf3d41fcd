import { type Company, type CompanyInput, companiesResource, companyMutationResponseSchema } from '@console/contract';
import { getTableColumns, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyInstance } from 'fastify';
import { clients, companies, users } from '../../db/schema/index.js';
import { defineList } from '../../lib/list-query.js';
import {
  createCrudService,
  defineStore,
  equalityFilters,
  inputColumns,
  isoTimestamps,
  listFrom,
  registerResourceRoutes,
  sortFieldsOf,
} from '../../lib/resource/index.js';
import { normaliseStoredPath } from '../../lib/storage/index.js';

/**
 * Companies (spec s.7), the whole API of a plain resource in one file: the list, the store, the
 * service and the routes (docs/resources.md "A new CRUD resource"). Multipart forms with the image
 * part `logo`. GET /companies also serves the company dropdowns of the user and client screens
 * (limit=1000): the contract's references give their keys read access (registry optionReaders).
 */

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
const companiesList = defineList({
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

const companyListFilters = equalityFilters({ status: companies.status });

/** One row, insert, update and delete-unless-users-belong-to-it (lib/resource/store.ts). */
const companiesStore = defineStore({
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

const COMPANY_MESSAGES = {
  added: 'Company added successfully',
  updated: 'Company updated successfully',
  deleted: 'Company deleted successfully',
  notFound: 'Company not found',
  nameTaken: 'A company with this name already exists',
  // The count is users and clients together (the store counts both references).
  inUse: (n: number) =>
    `This company still has ${n} user${n === 1 ? '' : 's'} or client${n === 1 ? '' : 's'}. Move ${n === 1 ? 'it' : 'them'} to another company or delete ${n === 1 ? 'it' : 'them'} first.`,
} as const;

type Input = Omit<CompanyInput, 'status'> & { status: Company['status'] };

/** Companies are plain CRUD: unique name (ignoring case), logo file, 409 while users belong to one. */
function createCompaniesService(app: FastifyInstance) {
  return createCrudService<Company, Input>(app, {
    store: companiesStore,
    messages: COMPANY_MESSAGES,
    file: { field: 'logo', nameField: 'logoName', folder: 'companies', removeFlag: 'removeLogo' },
    values: inputColumns<Input>('name', 'email', 'phone', 'website', 'address', 'status'),
  });
}

export default async function companiesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: companiesResource,
    list: companiesList,
    service: createCompaniesService(app),
    filters: companyListFilters,
    messages: COMPANY_MESSAGES,
    // Spec s.3: company add answers message, logo and success.
    mutationExtras: (row) => ({ logo: row?.logo ?? null }),
    mutationResponse: companyMutationResponseSchema,
    summaries: {
      list: 'Companies (list query; limit up to 1000 for the dropdown)',
      add: 'Add a company (multipart: fields + logo image)',
      update: 'Edit a company (multipart: fields + optional new logo; removeLogo=true drops it)',
      remove: 'Delete a company (409 while users belong to it)',
    },
  });
}
