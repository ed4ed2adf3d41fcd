import {
  clientMutationResponseSchema,
  clientOfflineModeBodySchema,
  clientsResource,
  clientStatusBodySchema,
  idParamSchema,
  PERMISSION_KEYS,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../lib/http-schemas.js';
import { recordChange, registerResourceRoutes } from '../../lib/resource/index.js';
import { clientListFilters, clientsList } from './clients.repository.js';
import { CLIENT_MESSAGES, createClientsService } from './clients.service.js';

/** Clients (DESIGN s.4b): the resource routes under /client plus the two row toggles. */
export default async function clientsRoutes(app: FastifyInstance) {
  const service = createClientsService(app);
  registerResourceRoutes(app, {
    resource: clientsResource,
    list: clientsList,
    service,
    filters: clientListFilters,
    messages: CLIENT_MESSAGES,
    // The client pickers of the media, manage-actions and client-dashboard screens and of the
    // location form read it too.
    listPermission: {
      any: [
        PERMISSION_KEYS.clients.view,
        PERMISSION_KEYS.demoMedia.view,
        PERMISSION_KEYS.campaignMedia.view,
        PERMISSION_KEYS.manageActions.view,
        PERMISSION_KEYS.locations.create,
        PERMISSION_KEYS.locations.update,
      ],
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

  const toggles = [
    { action: 'update-status', body: clientStatusBodySchema, message: CLIENT_MESSAGES.statusUpdated },
    { action: 'update-offline-mode', body: clientOfflineModeBodySchema, message: CLIENT_MESSAGES.offlineModeUpdated },
  ] as const;
  for (const t of toggles) {
    app.withTypeProvider<ZodTypeProvider>().patch(
      clientsResource.routes.action(t.action),
      {
        config: { permission: PERMISSION_KEYS.clients.update },
        schema: {
          tags: ['clients'],
          summary: `Client row toggle: ${t.action}`,
          params: idParamSchema,
          body: t.body,
          response: { 200: clientMutationResponseSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const body = request.body as { status?: 'active' | 'inactive'; offlineMode?: boolean };
        const change =
          body.status !== undefined
            ? await service.setStatus(id, body.status)
            : await service.setOfflineMode(id, Boolean(body.offlineMode));
        await recordChange(request, 'client', t.action, change);
        return { success: true, message: t.message, data: change.after };
      },
    );
  }
}
