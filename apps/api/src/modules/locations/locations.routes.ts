import { locationsResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { locationListFilters, locationsList } from './locations.repository.js';
import { createLocationsService, LOCATION_MESSAGES } from './locations.service.js';

/** Locations of the tones portal (DESIGN s.4b): JSON add/update, delete refused while in use, exports. */
export default async function locationsRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: locationsResource,
    list: locationsList,
    service: createLocationsService(app),
    filters: locationListFilters,
    messages: LOCATION_MESSAGES,
    summaries: { remove: 'Delete a location (409 while tone sequences or user requests use it)' },
  });
}
