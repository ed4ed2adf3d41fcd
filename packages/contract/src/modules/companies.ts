import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { COMPANY_DROPDOWN_LIMIT } from '../common/constants.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';
import { contactFields, mutationResponseSchema, namedRefSchema, rowTimestamps, uploadedFileFields } from '../common/rows.js';
import { optionalEmail, optionalPhone, optionalText, optionalUrl, requiredText, statusField, STATUSES } from '../common/fields.js';

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  ...contactFields,
  website: z.string().nullable(),
  address: z.string().nullable(),
  ...uploadedFileFields('logo'),
  status: z.enum(STATUSES),
  userCount: z.number().int(),
  ...rowTimestamps,
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
export const companyMutationResponseSchema = mutationResponseSchema(companySchema, { logo: z.string().nullable().optional() });

export const companyOptionSchema = namedRefSchema;

/** The list's filters (a shape: the web build builds them when the filter schema is first read). */
const companyListFilters = { status: z.enum(STATUSES).optional() };

/** The companies resource (spec s.7): GET /companies, add, update/{id}, delete/{id}, export/{format}. */
export const companiesResource = defineResource({
  ...RESOURCE_INDEX.companies,
  schemas: { row: companySchema, create: companyInputSchema },
  file: { field: 'logo', allowed: 'image', use: 'logo' },
  options: { label: 'name' },
  list: {
    sortFields: ['id', 'name', 'email', 'phone', 'website', 'status', 'userCount', 'createdAt', 'updatedAt'],
    search: ['name', 'email', 'phone', 'website'],
    filters: companyListFilters,
    // The add-user form loads every company for its dropdown in one call (spec s.9: limit 1000).
    maxLimit: COMPANY_DROPDOWN_LIMIT,
    exportColumns: [
      EXPORT_COLUMNS.id,
      EXPORT_COLUMNS.name,
      EXPORT_COLUMNS.email,
      EXPORT_COLUMNS.phone,
      { key: 'website', header: 'Website', width: 1.4 },
      { key: 'address', header: 'Address', width: 1.6 },
      EXPORT_COLUMNS.status,
      { key: 'userCount', header: 'Users', width: 0.5 },
      EXPORT_COLUMNS.createdAt,
    ],
  },
});
