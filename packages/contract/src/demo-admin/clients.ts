import { z } from 'zod';
import { PERMISSION_KEYS } from '../access/catalogue.js';
import { CLIENT_TYPES } from '../common/constants.js';
import { formBoolean, idField, optionalEmail, optionalPhone, requiredText, STATUSES, statusField } from '../common/fields.js';
import { defineResource } from '../common/resource.js';

export const clientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  companyId: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  /** The company's name flat as well: the sort field and the export column read it. */
  companyName: z.string(),
  type: z.enum(CLIENT_TYPES),
  status: z.enum(STATUSES),
  offlineMode: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  logo: z.string().nullable(),
  /** The uploaded file's own name (the stored key is generated). */
  logoName: z.string().nullable(),
  demoMedia: z.number().int(),
  campaignMedia: z.number().int(),
  manageActions: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
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
export const clientMutationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  logo: z.string().nullable().optional(),
  data: clientSchema.optional(),
});

export const clientStatusBodySchema = z.object({ status: statusField });
export const clientOfflineModeBodySchema = z.object({ offlineMode: z.boolean({ error: 'Must be true or false' }) });

/** Clients (DESIGN s.4b): `/client`, list filters type/status/companyId, row toggles beside the CRUD. */
export const clientsResource = defineResource({
  name: 'clients',
  apiBase: 'client',
  entity: 'client',
  label: { singular: 'Client', plural: 'Clients' },
  module: 'demo-admin',
  schemas: { row: clientSchema, create: clientInputSchema },
  keys: PERMISSION_KEYS.clients,
  file: { field: 'logo', allowed: 'image', use: 'logo' },
  list: {
    sortFields: ['id', 'name', 'companyName', 'type', 'status', 'offlineMode', 'createdAt', 'updatedAt'],
    search: ['name', 'email', 'phone'],
    filters: { type: z.enum(CLIENT_TYPES).optional(), status: z.enum(STATUSES).optional(), companyId: idField().optional() },
    exportColumns: [
      { key: 'id', header: 'ID', width: 0.5 },
      { key: 'name', header: 'Name', width: 1.6 },
      { key: 'companyName', header: 'Company', width: 1.4 },
      { key: 'type', header: 'Type', width: 0.6 },
      { key: 'status', header: 'Status', width: 0.7 },
      { key: 'offlineMode', header: 'Offline', type: 'boolean', width: 0.6 },
      { key: 'email', header: 'E-mail', width: 1.6 },
      { key: 'phone', header: 'Phone' },
      { key: 'createdAt', header: 'Created', type: 'date' },
    ],
  },
});
