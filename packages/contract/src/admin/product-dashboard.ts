import { z } from 'zod';

/** {product}Data: the product dashboard, from one call (GET /product-dashboard). */
export const productDashboardSchema = z.object({
  companies: z.number().int(),
  users: z.number().int(),
  activeUsers: z.number().int(),
  roles: z.number().int(),
  activeSessions: z.number().int(),
  signInsPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  recentChanges: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      entity: z.string(),
      entityId: z.string().nullable(),
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
  id: z.number().int(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  sessionId: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
