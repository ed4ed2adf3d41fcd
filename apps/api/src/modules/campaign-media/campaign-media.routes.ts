import type { FastifyInstance } from 'fastify';
import { mediaRouteOptions } from '../../lib/media/media.service.js';
import { registerResourceRoutes } from '../../lib/resource/index.js';

/**
 * Campaign media (/campaign-media, DESIGN s.4b): demo media plus a campaign name and dates, for
 * live or both clients; the media table and its service are shared with demo media (lib/media).
 */
export default async function campaignMediaRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, mediaRouteOptions(app, 'campaign-media'));
}
