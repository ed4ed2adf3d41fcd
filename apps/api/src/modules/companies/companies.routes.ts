import { companiesResource, companyMutationResponseSchema, PERMISSION_KEYS } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { companiesList, companyListFilters } from './companies.repository.js';
import { COMPANY_MESSAGES, createCompaniesService } from './companies.service.js';

/**
 * Companies (spec s.7): the resource pattern, multipart forms with the image part `logo`.
 * GET /companies also serves the add/edit-user company dropdown (limit=1000), so holders of
 * users.create / users.update may read it as well as companies.view.
 */
export default async function companiesRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: companiesResource,
    list: companiesList,
    service: createCompaniesService(app),
    filters: companyListFilters,
    messages: COMPANY_MESSAGES,
    // The client screen's company filter and drawer read it too.
    listPermission: {
      any: [
        PERMISSION_KEYS.companies.view,
        PERMISSION_KEYS.users.create,
        PERMISSION_KEYS.users.update,
        PERMISSION_KEYS.clients.view,
        PERMISSION_KEYS.clients.create,
        PERMISSION_KEYS.clients.update,
      ],
    },
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
