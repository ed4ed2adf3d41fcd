import { clientMutationResponseSchema, clientsResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { clientListFilters, clientsList } from './clients.repository.js';
import { CLIENT_MESSAGES, createClientsService } from './clients.service.js';

/** Clients (DESIGN s.4b): the resource routes under /client, with the two row toggles the contract declares. */
export default async function clientsRoutes(app: FastifyInstance) {
  const service = createClientsService(app);
  registerResourceRoutes(app, {
    resource: clientsResource,
    list: clientsList,
    service,
    filters: clientListFilters,
    messages: CLIENT_MESSAGES,
    actions: {
      'update-status': (id, body: { status: 'active' | 'inactive' }) => service.setStatus(id, body.status),
      'update-offline-mode': (id, body: { offlineMode: boolean }) => service.setOfflineMode(id, body.offlineMode),
    },
    // DESIGN s.4b: client adds echo `logo`, like company adds.
    mutationExtras: (row) => ({ logo: row?.logo ?? null }),
    mutationResponse: clientMutationResponseSchema,
    summaries: {
      add: 'Add a client (multipart: fields + logo image)',
      update: 'Edit a client (multipart: fields + optional new logo; removeLogo=true drops it)',
      remove: 'Delete a client (409 while media or manage-actions use it)',
    },
  });
}
