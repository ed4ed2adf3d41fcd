import {
  idParamSchema,
  type ResourceKeys,
  revertParamSchema,
  revertResponseSchema,
  rowHistoryQuerySchema,
  rowHistoryResponseSchema,
} from '@console/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RoutePermission } from '../../types.js';
import { errors } from '../http-schemas.js';
import { recordChange } from '../resource/record-change.js';
import type { ResourceService } from '../resource/service.js';
import { rowHistory } from './entries.js';
import { type RevertTarget, revertChange } from './revert.js';

type HistoryResource = RevertTarget & {
  label: { singular: string };
  keys: ResourceKeys;
  routes: { history: string; revert: string };
};

/**
 * A CRUD resource's change history (issue 18), beside its other routes:
 * - GET /x/{id}/history: the row's newest changes, with the resource's view key;
 * - POST /x/{id}/history/{historyId}/revert: one change put back (lib/history/revert.ts), with
 *   the resource's revert key. The revert is audited as a change of its own ('revert').
 */
export function registerHistoryRoutes(
  app: FastifyInstance,
  { resource: res, service, doc }: { resource: HistoryResource; service: ResourceService<unknown, never, never>; doc: object },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const label = res.label.singular.toLowerCase();
  r.get(
    res.routes.history,
    {
      config: { permission: res.keys.view as RoutePermission },
      schema: {
        ...doc,
        summary: `The ${label}'s changes, newest first (who, when, field by field)`,
        params: idParamSchema,
        querystring: rowHistoryQuerySchema,
        response: { 200: rowHistoryResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => rowHistory(app.db, res.entity, request.params.id, request.query.limit),
  );

  if (!res.keys.revert) return;
  r.post(
    res.routes.revert,
    {
      config: { permission: res.keys.revert as RoutePermission },
      schema: {
        ...doc,
        summary: `Put one change of a ${label} back (409 when the row moved on, or when restoring would break a rule)`,
        params: revertParamSchema,
        response: { 200: revertResponseSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id, historyId } = request.params;
      const { change, message } = await revertChange(request, res, service, id, historyId);
      const entry = await recordChange(request, res.entity, 'revert', change, historyId);
      return { success: true, message, data: { historyId: entry ?? 0, id: change.id } };
    },
  );
}
