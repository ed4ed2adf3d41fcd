import { RESOURCE_INDEX } from '../registry/resource-index.js';
import { z } from 'zod';
import { idField, MAX_INT4, requiredText, STATUSES, statusField } from '../common/fields.js';
import { defineResource, EXPORT_COLUMNS } from '../common/resource.js';
import { namedRefSchema, rowTimestamps } from '../common/rows.js';
import { toneCodeField } from './tone-sequences.js';

/** What a tone code makes the phone do (DESIGN s.4b manage-actions). */
export const ACTION_TYPES = ['open-url', 'deep-link', 'show-media', 'call', 'email', 'sms'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  'open-url': 'Open URL',
  'deep-link': 'Deep link',
  'show-media': 'Show media',
  call: 'Call',
  email: 'E-mail',
  sms: 'SMS',
};

/** The database column is varchar(2048): one limit for every type. */
export const ACTION_VALUE_MAX = 2048;

export const ACTION_VALUE_MESSAGES = {
  required: 'Value is required',
  tooLong: `Value must be at most ${ACTION_VALUE_MAX} characters`,
  'open-url': 'Enter a web address starting with http:// or https://',
  'deep-link': 'Enter a link with a scheme, e.g. myapp://offers/42',
  'show-media': 'Choose a media item of this client',
  call: 'Enter a phone number: 7 to 15 digits, optionally starting with +',
  sms: 'Enter a phone number: 7 to 15 digits, optionally starting with +',
  email: 'Invalid email address',
  unsafeScheme: 'This link type is not allowed: use http://, https:// or an app scheme such as myapp://',
} as const satisfies Record<ActionType | 'required' | 'tooLong' | 'unsafeScheme', string>;

/**
 * An empty value, in the words of the field the form shows for each type ("Web address", "Media to
 * show", ...): a bare "Value is required" under "Web address" named a field the user cannot see.
 * `ACTION_VALUE_MESSAGES.required` stays for a value that is missing altogether.
 */
export const ACTION_VALUE_REQUIRED = {
  'open-url': 'Enter a web address',
  'deep-link': 'Enter a deep link',
  'show-media': 'Choose the media to show',
  call: 'Enter the phone number to call',
  sms: 'Enter the phone number to text',
  email: 'Enter an e-mail address',
} as const satisfies Record<ActionType, string>;

/**
 * Schemes a deep link may not use: they run script or read local or inline content wherever a
 * device opens them (the pen test stored `javascript://%0a...` and `data://...` links). A deny-list
 * and not an allow-list: the product declares no app schemes, each client's app has its own (the
 * seed gives every client `<slug>://home`), so any other `scheme://` link, http(s) included, stays allowed.
 */
export const REFUSED_LINK_SCHEMES = ['javascript', 'vbscript', 'data', 'file', 'blob', 'about'] as const;

const HTTP_URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
// Any scheme (RFC 3986: a letter, then letters, digits, + . -) followed by :// and something.
const DEEP_LINK_RE = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
// The scheme alone, so `javascript:x` gets the unsafe-scheme message rather than the shape one.
const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
const MEDIA_ID_RE = /^[1-9]\d{0,9}$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// E.164-ish: an optional +, then 7 to 15 digits; spaces, dots, dashes and brackets between them
// are allowed as people type them ("+32 (0)2 555-01.00") and ignored when counting.
const PHONE_RE = /^\+?[\d\s().-]+$/;
const PHONE_DIGITS_RE = /^\d{7,15}$/;

/** Why `value` does not suit `actionType` (undefined: it does); the form and the API say the same. */
export function actionValueError(actionType: ActionType, value: string): string | undefined {
  const v = value.trim();
  if (v === '') return ACTION_VALUE_REQUIRED[actionType];
  if (v.length > ACTION_VALUE_MAX) return ACTION_VALUE_MESSAGES.tooLong;
  if (actionType === 'deep-link') {
    const scheme = SCHEME_RE.exec(v)?.[1]?.toLowerCase();
    if (scheme && (REFUSED_LINK_SCHEMES as readonly string[]).includes(scheme)) return ACTION_VALUE_MESSAGES.unsafeScheme;
  }
  const ok = (() => {
    switch (actionType) {
      case 'open-url':
        return HTTP_URL_RE.test(v);
      case 'deep-link':
        return DEEP_LINK_RE.test(v);
      case 'show-media':
        return MEDIA_ID_RE.test(v) && Number(v) <= MAX_INT4;
      case 'call':
      case 'sms':
        return PHONE_RE.test(v) && PHONE_DIGITS_RE.test(v.replace(/\D/g, ''));
      case 'email':
        return v.length <= 254 && EMAIL_RE.test(v);
    }
  })();
  return ok ? undefined : ACTION_VALUE_MESSAGES[actionType];
}

/** '' or null: no tone code; otherwise the tone-sequence rule (4-16 of A-Z 0-9 -, upper-cased). */
const optionalToneCode = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
  toneCodeField.nullable().optional(),
);

const actionTypeField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(ACTION_TYPES, { error: 'Choose an action type' }),
);

const actionFields = {
  name: requiredText('Action name', 200),
  actionType: actionTypeField,
  value: z.string({ error: ACTION_VALUE_MESSAGES.required }).trim(),
  toneCode: optionalToneCode,
  status: statusField.default('active'),
};

/** The value's rule depends on the type: the error lands on `fieldErrors.value`. */
const checkValue = (v: { actionType: ActionType; value: string }, ctx: z.RefinementCtx) => {
  const message = actionValueError(v.actionType, v.value);
  if (message) ctx.addIssue({ code: 'custom', path: ['value'], message });
};

export const manageActionSchema = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  client: namedRefSchema,
  /** The client's name flat as well: the sort field and the export column read it. */
  clientName: z.string(),
  name: z.string(),
  actionType: z.enum(ACTION_TYPES),
  value: z.string(),
  /** show-media: the media the value names; null for the other types. */
  media: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  toneCode: z.string().nullable(),
  status: z.enum(STATUSES),
  ...rowTimestamps,
});
export type ManageAction = z.infer<typeof manageActionSchema>;

/** DESIGN s.4b: JSON add and update (one schema for both); `value` is checked by `actionType` (show-media: the API also checks the client). */
export const manageActionInputSchema = z.object({ clientId: idField('Choose a client'), ...actionFields }).superRefine(checkValue);
export type ManageActionInput = z.input<typeof manageActionInputSchema>;

/** One row of a manage-actions bulk sheet (CSV/XLSX); the client comes from the upload, not the row. */
export const manageActionSheetRowSchema = z.object(actionFields).superRefine(checkValue);
export type ManageActionSheetRow = z.output<typeof manageActionSheetRowSchema>;

/** The delete answer: as every manage-actions write, it carries `responseType: true` (DESIGN s.4b). */
export const manageActionDeleteResponseSchema = z.object({
  success: z.boolean(),
  responseType: z.boolean(),
  message: z.string(),
});

/** Add and update answer as delete does, plus the row. */
export const manageActionMutationResponseSchema = manageActionDeleteResponseSchema.extend({ data: manageActionSchema.optional() });

/** The list's filters (a shape: the web build builds them when the filter schema is first read). */
const manageActionListFilters = {
  clientId: idField().optional(),
  actionType: z.enum(ACTION_TYPES).optional(),
  status: z.enum(STATUSES).optional(),
};

/** Manage-actions (DESIGN s.4b): `/manage-actions`, list filter clientId (the screen is per client). */
export const manageActionsResource = defineResource({
  ...RESOURCE_INDEX['manage-actions'],
  schemas: { row: manageActionSchema, create: manageActionInputSchema },
  // The client filter and the form's client dropdown.
  references: {
    clientId: { resource: 'clients', readBy: ['view'] },
    // A show-media action's value names a media item of its client (the drawer's media picker).
    value: { resource: ['demo-media', 'campaign-media'], readBy: ['create', 'update'] },
  },
  importer: 'manage-actions',
  list: {
    sortFields: ['id', 'name', 'clientName', 'actionType', 'value', 'toneCode', 'status', 'createdAt', 'updatedAt'],
    search: ['name', 'value', 'toneCode'],
    filters: manageActionListFilters,
    exportColumns: [
      EXPORT_COLUMNS.id,
      EXPORT_COLUMNS.name,
      { key: 'clientName', header: 'Client', width: 1.2 },
      { key: 'actionType', header: 'Type', width: 0.8 },
      { key: 'value', header: 'Value', width: 2 },
      { key: 'toneCode', header: 'Tone code', width: 0.8 },
      EXPORT_COLUMNS.status,
      EXPORT_COLUMNS.createdAt,
    ],
  },
});
