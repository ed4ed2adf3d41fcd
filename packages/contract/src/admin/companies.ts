import { z } from 'zod';
import { PERMISSION_KEYS } from '../access/catalogue.js';
import { COMPANY_DROPDOWN_LIMIT } from '../common/constants.js';
import { defineResource, PRODUCT_MODULE } from '../common/resource.js';
import { optionalEmail, optionalPhone, optionalText, optionalUrl, requiredText, statusField, STATUSES } from '../common/fields.js';

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  logo: z.string().nullable(),
  /** The uploaded file's own name (the stored key is generated); null when unknown. */
  logoName: z.string().nullable(),
  status: z.enum(STATUSES),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** Fields of the add/edit form (multipart; the logo travels as the file part `logo`). */
export const companyInputSchema = z.object({
  name: requiredText('Company name', 150),
  email: optionalEmail,
  phone: optionalPhone,
  website: optionalUrl,
  address: optionalText(500),
  status: statusField.default('active'),
  removeLogo: z.preprocess((v) => v === true || v === 'true', z.boolean()).optional(),
});
export type CompanyInput = z.input<typeof companyInputSchema>;

/** Spec s.3: company add returns message, logo, success. */
export const companyMutationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  logo: z.string().nullable().optional(),
  data: companySchema.optional(),
});

export const companyOptionSchema = z.object({ id: z.number().int(), name: z.string() });

/** The companies resource (spec s.7): GET /companies, add, update/{id}, delete/{id}, export/{format}. */
export const companiesResource = defineResource({
  name: 'companies',
  entity: 'company',
  label: { singular: 'Company', plural: 'Companies' },
  module: PRODUCT_MODULE,
  schemas: { row: companySchema, create: companyInputSchema },
  keys: PERMISSION_KEYS.companies,
  file: { field: 'logo', allowed: 'image', use: 'logo' },
  list: {
    sortFields: ['id', 'name', 'email', 'phone', 'website', 'status', 'userCount', 'createdAt', 'updatedAt'],
    search: ['name', 'email', 'phone', 'website'],
    filters: { status: z.enum(STATUSES).optional() },
    // The add-user form loads every company for its dropdown in one call (spec s.9: limit 1000).
    maxLimit: COMPANY_DROPDOWN_LIMIT,
    exportColumns: [
      { key: 'id', header: 'ID', width: 0.5 },
      { key: 'name', header: 'Name', width: 1.6 },
      { key: 'email', header: 'E-mail', width: 1.6 },
      { key: 'phone', header: 'Phone' },
      { key: 'website', header: 'Website', width: 1.4 },
      { key: 'address', header: 'Address', width: 1.6 },
      { key: 'status', header: 'Status', width: 0.7 },
      { key: 'userCount', header: 'Users', width: 0.5 },
      { key: 'createdAt', header: 'Created', type: 'date' },
    ],
  },
});
