import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, ROW_LIMITS } from './constants.js';
import { MAX_INT4 } from './fields.js';

/** The page number of a list (bounded like an id, so the OFFSET it makes stays a sane bigint). */
const pageField = z.coerce.number().int().min(1).max(MAX_INT4).default(1);

/** The spec's list query (s.3). sortField may arrive as "field:anything"; only the part before the first colon counts. */
export const listQuerySchema = z.object({
  page: pageField,
  limit: z.coerce.number().int().min(1).max(1000).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).optional().default(''),
  sortOrder: z
    .string()
    .optional()
    .transform((v) => (v?.toLowerCase() === 'desc' ? 'desc' : 'asc') as 'asc' | 'desc'),
  sortField: z
    .string()
    .max(100)
    .optional()
    .transform((v) => (v ? v.split(':')[0] : undefined)),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

export const rowLimitSchema = z.union(ROW_LIMITS.map((n) => z.literal(n)) as [z.ZodLiteral<10>, ...z.ZodLiteral<number>[]]);

export const listResultSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    totalPages: z.number().int(),
    /** true: there are more than `total` rows (the count stopped at the cap). Absent or false: `total` is exact. */
    totalCapped: z.boolean().optional(),
  });
