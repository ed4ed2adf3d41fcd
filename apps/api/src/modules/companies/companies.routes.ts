import { companiesResource, companyMutationResponseSchema } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { companiesList, companyListFilters } from './companies.repository.js';
import { COMPANY_MESSAGES, createCompaniesService } from './companies.service.js';

/**
 * Companies (spec s.7): the resource pattern, multipart forms with the image part `logo`.
 * GET /companies also serves the company dropdowns of the user and client screens (limit=1000):
 * the contract's references give their keys read access (registry optionReaders).
 */
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
