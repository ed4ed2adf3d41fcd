import { z } from 'zod';
import { dayCountSchema } from '../common/rows.js';

/** What an audit row says happened, and to which row (the dashboard's recent changes and the audit log). */
const auditedChange = {
  id: z.number().int(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
};

/** {product}Data: the product dashboard, from one call (GET /product-dashboard). */
export const productDashboardSchema = z.object({
  companies: z.number().int(),
  users: z.number().int(),
  activeUsers: z.number().int(),
  roles: z.number().int(),
  activeSessions: z.number().int(),
  signInsPerDay: z.array(dayCountSchema),
  recentChanges: z.array(
    z.object({
      ...auditedChange,
      /** The changed thing's name (at the time of the change, else as it is now); null when unknown. */
      targetName: z.string().nullable(),
      actorName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type ProductDashboard = z.infer<typeof productDashboardSchema>;
export const productDashboardResponseSchema = z.object({ data: productDashboardSchema });

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'permission-denied',
  'export',
  'grant',
  'regenerate-key',
  'end-session',
] as const;
export const auditEntrySchema = z.object({
  ...auditedChange,
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  sessionId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
