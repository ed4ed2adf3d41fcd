import { z } from 'zod';
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

/** GET /companies takes the list query plus an optional status filter. */
export const companyListQueryExtraSchema = z.object({ status: z.enum(STATUSES).optional() });

export const COMPANY_SORT_FIELDS = ['id', 'name', 'email', 'phone', 'website', 'status', 'userCount', 'createdAt'] as const;

/** Spec s.3: company add returns message, logo, success. */
export const companyMutationResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  logo: z.string().nullable().optional(),
  data: companySchema.optional(),
});

export const companyOptionSchema = z.object({ id: z.number().int(), name: z.string() });
