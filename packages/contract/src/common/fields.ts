import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { VALIDATION_MESSAGES as M } from './messages.js';

/**
 * Field helpers shared by multipart forms: multipart bodies carry every value as a string,
 * so the API and the SPA both parse through these to get one set of rules and messages.
 */
export const HEX_COLOR_RE = /^#[0-9a-fA-F]{6}$/;
/** "#143f6f" or "143f6f" (the # is added). The check comes before the transform so the OpenAPI document shows the pattern. */
export const hexColorField = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F]{6}$/, 'Enter a colour like #143f6f')
  .transform((v) => (v.startsWith('#') ? v : `#${v}`));

/** 'true'/'false'/'on'/'1' from a form, or a real boolean from JSON. */
export const formBoolean = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') return ['true', 'on', '1', 'yes'].includes(v.toLowerCase());
  return v;
}, z.boolean());

/** An optional text field: empty strings become null so "clear the phone" works. */
export const optionalText = (max: number, message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .max(max, message ?? `Must be at most ${max} characters`)
      .nullable()
      .optional(),
  );

// A practical e-mail shape check ("must look like {email}"), same on both sides.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required e-mail (sign-in, forgot password, a user's address). */
export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .regex(EMAIL_RE, M.emailInvalid);

export const passwordField = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordMin)
  .max(PASSWORD_MAX_LENGTH, M.passwordMax);

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

// 4 to 39 characters; the value is trimmed first, so it cannot end in a space (the pattern says
// so too, which keeps the OpenAPI document exact).
export const PHONE_RE = /^[+()\d][\d\s().-]{2,37}[\d().-]$/;
export const optionalPhone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z.string().regex(PHONE_RE, 'Enter a valid phone number').nullable().optional(),
);

export const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z.string().max(254).regex(EMAIL_RE, 'Invalid email address').nullable().optional(),
);

export const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .max(500)
    .regex(/^https?:\/\/[^\s]+$/i, 'Enter a web address starting with http:// or https://')
    .nullable()
    .optional(),
);

/**
 * Every id column is a PostgreSQL `integer` (int4). A larger number would pass a plain
 * `positive()` check and then fail inside SQL (a 500), so every id is bounded here.
 */
export const MAX_INT4 = 2_147_483_647;
export const ID_MESSAGE = `Must be a whole number from 1 to ${MAX_INT4}`;

/**
 * The one id schema: a path parameter, a query filter, a form field or a JSON number (numeric
 * strings are accepted, as forms and query strings carry text). `missing` replaces the message
 * for an absent or empty value, e.g. "Role is required".
 */
export const idField = (missing: string = ID_MESSAGE) =>
  z.coerce.number({ error: missing }).int(ID_MESSAGE).min(1, missing).max(MAX_INT4, ID_MESSAGE);

/** A JSON array of ids (numbers only, no numeric strings), at most `max` of them. */
export const idListField = (max: number) =>
  z.array(z.number({ error: ID_MESSAGE }).int(ID_MESSAGE).min(1, ID_MESSAGE).max(MAX_INT4, ID_MESSAGE)).max(max);

/** An id from a path parameter. */
export const idParamSchema = z.object({ id: idField() });

export const STATUSES = ['active', 'inactive'] as const;
export const statusField = z.enum(STATUSES, { error: 'Choose active or inactive' });
export type Status = (typeof STATUSES)[number];

/** Export format path parameter, e.g. GET /users/export/csv. */
export const exportParamSchema = z.object({ format: z.enum(['csv', 'excel', 'pdf']) });

/**
 * The years a date or a time may have: 1900 to 9999. PostgreSQL has no year 0 (an ISO string
 * JavaScript accepts, '0000-02-29', is an error to it), and nothing this product records is older.
 */
export const DATE_RANGE_MESSAGE = 'Use a date between 1900 and 9999';
/** Whether the year an ISO date or date-time starts with is in range (the caller checked the format). */
export const yearInRange = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= 1900 && year <= 9999;
};

/**
 * Whether `tz` names an IANA time zone the runtime knows ('Europe/Berlin', 'UTC'). A bare offset
 * ('+05:00', which Node 24's Intl takes) is refused: PostgreSQL reads it with the POSIX sign,
 * west of Greenwich, so its days would be 10 hours off.
 */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][\w+\-/]*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * The IANA time zone of the browser asking (spec s.9: dates in the browser's time zone): the
 * zone a per-day chart counts in, an export writes dates in, and whose days a date-only list
 * filter means. Optional ('' is none): UTC.
 */
export const timeZoneField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone' }).optional(),
);

/**
 * A date (YYYY-MM-DD: a whole day, in the list's `timeZone`, UTC without one) or an ISO
 * date-time; `to` of a date includes that day. Optional; '' is none.
 */
export const dateBoundField = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date (YYYY-MM-DD) or an ISO date-time' })
    .refine(yearInRange, DATE_RANGE_MESSAGE)
    .optional(),
);
