import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import { manageableRoles, requestActor } from '../access/index.js';

/**
 * The list decoration of roles and users (registerResourceRoutes `decorate`): `manageable`, whether
 * the caller may assign or edit the row's role (access/role-scope.ts), read once per request.
 */
export const withManageable =
  <Row extends object>(app: FastifyInstance, roleOf: (row: Row) => number) =>
  async (request: FastifyRequest) => {
    const manageable = await manageableRoles(app.db, requestActor(requireAuth(request)));
    return (row: Row) => ({ ...row, manageable: manageable(roleOf(row)) });
  };
