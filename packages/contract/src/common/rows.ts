import { z } from 'zod';
import { operationResponseSchema } from './errors.js';

/** Building blocks of the rows and answers the API sends (the rules of what it accepts are in fields.ts). */

/** When a row was added and last changed (ISO date-times). */
export const rowTimestamps = { createdAt: z.string(), updatedAt: z.string() };

/** How a company or a client is reached, when it says. */
export const contactFields = { email: z.string().nullable(), phone: z.string().nullable() };

/**
 * An uploaded image of a row, e.g. `logo`: its storage key (read through GET /api/files/<key>) and,
 * as `<key>Name`, the name it was uploaded with (the key is generated); null when none or unknown.
 */
export const uploadedFileFields = <K extends string>(key: K) =>
  ({ [key]: z.string().nullable(), [`${key}Name`]: z.string().nullable() }) as Record<K | `${K}Name`, z.ZodNullable<z.ZodString>>;

/** Another row a row points at, as lists show it: its id and its name (a client's company, an action's client). */
export const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A figure of one UTC day (YYYY-MM-DD), for the dashboards' per-day charts. */
export const dayCountSchema = z.object({ date: z.string(), count: z.number().int() });

/**
 * The answer of an add or an edit: the outcome and the row as it now is; `echo` fields some
 * resources add beside it (e.g. the stored `logo`) come before the row.
 */
export function mutationResponseSchema<Row extends z.ZodTypeAny, Echo extends z.ZodRawShape = Record<never, never>>(row: Row, echo?: Echo) {
  return operationResponseSchema.extend({ ...(echo as Echo), data: row.optional() });
}
