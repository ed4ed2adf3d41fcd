import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog } from '../db/schema/index.js';
import { DeniedError } from '../lib/app-error.js';

type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

export type AuditService = {
  /** Writes one row with the caller (actor, session, IP) taken from the request. */
  record(request: FastifyRequest, entry: AuditEntry): Promise<void>;
};

/** Values that must never reach the audit log, whatever an entity carries. */
const SECRET_FIELDS = new Set(['password', 'passwordHash', 'apiKey', 'apiKeyHash', 'token', 'tokenHash', 'newPassword']);

function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!SECRET_FIELDS.has(k)) out[k] = scrub(v);
  return out;
}

/**
 * The server-side audit log: every create, update and delete, every permission denial and
 * every export. A failed audit write is logged but never turns a done change into an error.
 */
export default fp(
  async function auditPlugin(app: FastifyInstance) {
    const service: AuditService = {
      async record(request, entry) {
        try {
          await app.db.insert(auditLog).values({
            actorId: request.auth?.user.id ?? null,
            sessionId: request.auth?.sessionId ?? null,
            action: entry.action,
            entity: entry.entity,
            entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
            before: scrub(entry.before),
            after: scrub(entry.after),
            ip: request.ip ?? null,
          });
        } catch (error) {
          request.log.error({ err: error, action: entry.action, entity: entry.entity }, 'audit write failed');
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
