import { campaignMediaResource, demoMediaResource, PERMISSION_KEYS } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { campaignMediaList, demoMediaList, mediaListFilters } from './media.repository.js';
import { CAMPAIGN_MEDIA_MESSAGES, createMediaService, DEMO_MEDIA_MESSAGES } from './media.service.js';

/**
 * Demo media (/demo-media) and campaign media (/campaign-media), DESIGN s.4b: one module, one
 * table, two declarations. Add/update are multipart with the file part `file` (required on add,
 * optional on update), streamed to a temp file and checked by content up to MEDIA_MAX_BYTES.
 * The exports include the spec's GET /demo-media/export/csv.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const kinds = [
    { resource: demoMediaResource, list: demoMediaList, kind: 'demo', messages: DEMO_MEDIA_MESSAGES },
    { resource: campaignMediaResource, list: campaignMediaList, kind: 'campaign', messages: CAMPAIGN_MEDIA_MESSAGES },
  ] as const;
  for (const k of kinds) {
    registerResourceRoutes(app, {
      resource: k.resource,
      list: k.list,
      service: createMediaService(app, k.kind),
      filters: mediaListFilters,
      messages: k.messages,
      fileMaxBytes: app.config.mediaMaxBytes,
      // The show-media picker of the manage-actions drawer lists a client's media.
      listPermission: {
        any: [k.resource.keys.view, PERMISSION_KEYS.manageActions.create, PERMISSION_KEYS.manageActions.update],
      },
      summaries: {
        list: `${k.resource.label.plural} of a client (filter clientId)`,
        add: `Add ${k.resource.label.singular.toLowerCase()} (multipart: fields + the media file \`file\`)`,
        update: `Edit ${k.resource.label.singular.toLowerCase()} (multipart: fields + optional new \`file\`)`,
        remove: `Delete ${k.resource.label.singular.toLowerCase()} (409 while a show-media action uses it)`,
      },
    });
  }
}
