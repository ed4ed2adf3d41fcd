import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { CLIENT_TYPES } from '../common/constants.js';
import { formBoolean, idField, optionalEmail, optionalPhone, requiredText, STATUSES, statusField } from '../common/fields.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';
import { contactFields, mutationResponseSchema, namedRefSchema, rowTimestamps, uploadedFileFields } from '../common/rows.js';

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int(),
  company: namedRefSchema,
  /** The company's name flat as well: the sort field and the export column read it. */
  companyName: z.string(),
  type: z.enum(CLIENT_TYPES),
  status: z.enum(STATUSES),
  offlineMode: z.boolean(),
  ...contactFields,
  ...uploadedFileFields('logo'),
  demoMedia: z.number().int(),
  campaignMedia: z.number().int(),
  manageActions: z.number().int(),
  ...rowTimestamps,
});
export type Client = z.infer<typeof clientSchema>;

/** DESIGN s.4b: multipart add/update; the logo travels as the file part `logo`. */
export const clientInputSchema = z.object({
  name: requiredText('Client name', 120),
  companyId: idField('Choose a company'),
  type: z.enum(CLIENT_TYPES, { error: 'Choose demo, live or both' }).default('demo'),
  status: statusField.default('active'),
  offlineMode: formBoolean.default(false),
  email: optionalEmail,
  phone: optionalPhone,
  removeLogo: formBoolean.optional(),
});
export type ClientInput = z.input<typeof clientInputSchema>;

/** Every client write answers the row; adds and edits also echo `logo` (DESIGN s.4b). */
export const clientMutationResponseSchema = mutationResponseSchema(clientSchema, { logo: z.string().nullable().optional() });

export const clientStatusBodySchema = z.object({ status: statusField });
export const clientOfflineModeBodySchema = z.object({ offlineMode: z.boolean({ error: 'Must be true or false' }) });

/** The list's filters (a shape: the web build builds them when the filter schema is first read). */
const clientListFilters = { type: z.enum(CLIENT_TYPES).optional(), status: z.enum(STATUSES).optional(), companyId: idField().optional() };

/** Clients (DESIGN s.4b): `/client`, list filters type/status/companyId, row toggles beside the CRUD. */
export const clientsResource = defineResource({
  ...RESOURCE_INDEX.clients,
  schemas: { row: clientSchema, create: clientInputSchema },
  file: { field: 'logo', allowed: 'image', use: 'logo' },
  options: { label: 'name' },
  // The company filter of the list and the drawer's company dropdown.
  references: { companyId: { resource: 'companies', readBy: ['view', 'create', 'update'] } },
  actions: [
    { name: 'update-status', body: clientStatusBodySchema, key: 'update', message: 'Client status updated successfully' },
    { name: 'update-offline-mode', body: clientOfflineModeBodySchema, key: 'update', message: 'Client offline mode updated successfully' },
  ],
  list: {
    sortFields: ['id', 'name', 'companyName', 'type', 'status', 'offlineMode', 'createdAt', 'updatedAt'],
    search: ['name', 'email', 'phone'],
    filters: clientListFilters,
    exportColumns: [
      EXPORT_COLUMNS.id,
      EXPORT_COLUMNS.name,
      { key: 'companyName', header: 'Company', width: 1.4 },
      { key: 'type', header: 'Type', width: 0.6 },
      EXPORT_COLUMNS.status,
      { key: 'offlineMode', header: 'Offline', type: 'boolean', width: 0.6 },
      EXPORT_COLUMNS.email,
      EXPORT_COLUMNS.phone,
      EXPORT_COLUMNS.createdAt,
    ],
  },
});
