import type { FastifyRequest } from 'fastify';
import type { Change } from './service.js';

/**
 * The audit row of a write, from the Change its service returned: the factory's routes and a
 * module's extra routes (key regeneration, ending a session) all audit through this.
 */
export function recordChange(request: FastifyRequest, entity: string, action: string, change: Change<unknown>, revertOf?: number) {
  return request.server.audit.record(request, {
    action,
    entity,
    entityId: change.id,
    before: change.audit ? change.audit.before : change.before,
    after: change.audit ? change.audit.after : change.after,
    revertOf,
  });
}
