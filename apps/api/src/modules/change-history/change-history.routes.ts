import { changeHistoryResource } from '@console/contract';
import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../../lib/resource/index.js';
import { CHANGE_HISTORY_EXPORT_FORMATS, changeHistoryFilters, changeHistoryList } from './change-history.list.js';

/**
 * GET /change-history and its export (change-history.view / .export): every resource's changes.
 * A row's own history and the revert are registered with each resource (lib/history/routes.ts).
 */
export default async function changeHistoryRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, {
    resource: changeHistoryResource,
    list: changeHistoryList,
    filters: (query) => changeHistoryFilters(query),
    exportFormats: CHANGE_HISTORY_EXPORT_FORMATS,
    summaries: {
      list: 'Every change of every resource: who, when, what, field by field (filters actorId, resource, entityId, from, to)',
      export: 'Every change the list query selects, as CSV, Excel or PDF',
    },
  });
}
