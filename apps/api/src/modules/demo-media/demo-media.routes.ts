import type { FastifyInstance } from 'fastify';
import { mediaRouteOptions } from '../../lib/media/media.service.js';
import { registerResourceRoutes } from '../../lib/resource/index.js';

/**
 * Demo media (/demo-media, DESIGN s.4b): the resource routes of its declaration, over the media
 * table it shares with campaign media (lib/media). The exports include the spec's GET /demo-media/export/csv.
 */
export default async function demoMediaRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, mediaRouteOptions(app, 'demo-media'));
}
