import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog } from '../db/schema/index.js';
import { DeniedError } from '../lib/app-error.js';
import { scrub } from '../lib/secret-fields.js';

type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The change a revert put back (its audit row id). */
  revertOf?: number;
};

export type AuditService = {
  /** Writes one row with the caller (actor, session, IP) taken from the request; answers its id (undefined if the write failed). */
  record(request: FastifyRequest, entry: AuditEntry): Promise<number | undefined>;
};

/**
 * The server-side audit log: every create, update and delete, every permission denial and
 * every export. A failed audit write is logged but never turns a done change into an error.
 */
export default fp(
  async function auditPlugin(app: FastifyInstance) {
    const service: AuditService = {
      async record(request, entry) {
        try {
          const [row] = await app.db
            .insert(auditLog)
            .values({
              actorId: request.auth?.user.id ?? null,
              sessionId: request.auth?.sessionId ?? null,
              action: entry.action,
              entity: entry.entity,
              entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
              before: scrub(entry.before),
              after: scrub(entry.after),
              ip: request.ip ?? null,
              revertOf: entry.revertOf ?? null,
            })
            .returning({ id: auditLog.id });
          return row?.id;
        } catch (error) {
          request.log.error({ err: error, action: entry.action, entity: entry.entity }, 'audit write failed');
          return undefined;
        }
      },
    };
    app.decorate('audit', service);

    // A service's refusal about the target of a request (see DeniedError) is a denial like the
    // route-key ones the auth plugin records; it is written here, once, whoever raised it.
    app.addHook('onError', async (request, _reply, error) => {
      if (!(error instanceof DeniedError)) return;
      await service.record(request, {
        action: 'permission-denied',
        entity: error.target.entity,
        entityId: error.target.entityId,
        after: { reason: error.message, fieldErrors: error.fieldErrors ?? null },
      });
    });
  },
  { name: 'audit', dependencies: [] },
);
