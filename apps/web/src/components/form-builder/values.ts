import type { FieldErrors, FieldOption, FieldOptionValue, FormField, FormValues } from './types';

/** The value a field starts with when the caller gives none. */
export function emptyValueFor(field: FormField): unknown {
  switch (field.type) {
    case 'number':
    case 'custom':
      return undefined;
    case 'multiselect':
      return [];
    case 'checkbox':
    case 'switch':
      return false;
    case 'file':
      return field.multiple ? [] : null;
    default:
      return '';
  }
}

/** Caller values over empty ones; API nulls become '' for text-like inputs so they stay controlled. */
export function buildInitialValues(fields: readonly FormField[], initial: FormValues = {}): FormValues {
  const values: FormValues = { ...initial };
  for (const field of fields) {
    const given = values[field.name];
    if (given === undefined || (given === null && field.type !== 'file' && field.type !== 'custom')) {
      values[field.name] = emptyValueFor(field);
    }
  }
  return values;
}

/** One field's value unchanged: the same value, or a list of the same values (a multi-select). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  return Object.is(a, b);
}

/** True when a field of the form holds another value than it started with (a file picked counts). */
export function changedFrom(start: FormValues, values: FormValues, fields: readonly FormField[]): boolean {
  return fields.some((field) => !sameValue(start[field.name], values[field.name]));
}

export interface NormalisedOption {
  value: FieldOptionValue;
  label: string;
  description?: string;
  image?: string;
  disabled?: boolean;
}

export function normaliseOptions(options: readonly FieldOption[] = []): NormalisedOption[] {
  return options.map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * `required` is enforced by the form itself (native validation is off), with or without a schema:
 * a field the schema does not hold (a multipart file part) is still checked before anything is sent.
 */
export function requiredErrors(fields: readonly FormField[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (field.required && !field.disabled && isEmptyValue(values[field.name]))
      errors[field.name] =
        typeof field.requiredMessage === 'function'
          ? field.requiredMessage(values)
          : (field.requiredMessage ?? `${field.label} is required`);
  }
  return errors;
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * Zod issues to one message per field (the first). A path that names no field of the form goes
 * to the form-level message, so no error is ever invisible.
 */
export function issuesToErrors(
  issues: readonly IssueLike[],
  fields: readonly FormField[],
): { fieldErrors: FieldErrors; formError?: string } {
  const names = new Set(fields.map((f) => f.name));
  const fieldErrors: FieldErrors = {};
  const orphans: string[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String);
    const joined = path.join('.');
    const key = names.has(joined) ? joined : names.has(path[0] ?? '') ? path[0] : undefined;
    if (key) fieldErrors[key] ??= issue.message;
    else orphans.push(joined ? `${joined}: ${issue.message}` : issue.message);
  }
  return { fieldErrors, formError: orphans.length > 0 ? orphans.join('\n') : undefined };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Finds `{fieldErrors, message}` in what onSubmit returned or threw: the API's error body itself,
 * or an error object carrying it as `body`, `data` or `response.data`.
 */
export function readServerErrors(source: unknown): { fieldErrors: FieldErrors; message?: string } | undefined {
  const candidates = [source];
  if (isRecord(source)) {
    candidates.push(source.body, source.data, source.cause);
    if (isRecord(source.response)) candidates.push(source.response.data);
  }
  for (const candidate of candidates) {
    if (!isRecord(candidate) || !isRecord(candidate.fieldErrors)) continue;
    const fieldErrors: FieldErrors = {};
    for (const [key, message] of Object.entries(candidate.fieldErrors)) {
      if (typeof message === 'string') fieldErrors[key] = message;
      else if (Array.isArray(message) && typeof message[0] === 'string') fieldErrors[key] = message[0];
    }
    return { fieldErrors, message: typeof candidate.message === 'string' ? candidate.message : undefined };
  }
  return undefined;
}

/** The first field, in form order, that has an error. */
export function firstErrorField(fields: readonly FormField[], errors: FieldErrors): string | undefined {
  return fields.find((f) => errors[f.name])?.name;
}

const FOCUSABLE =
  'input:not([type=hidden]):not([type=file]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The input, select or button that takes the first field's input (a disabled field is passed over). */
export function firstInput(form: HTMLFormElement | null): HTMLElement | null {
  for (const wrapper of form?.querySelectorAll<HTMLElement>('[data-field-name]') ?? []) {
    const target = wrapper.querySelector<HTMLElement>(FOCUSABLE);
    if (target) return target;
  }
  return null;
}

export function focusField(form: HTMLFormElement | null, name: string): void {
  if (!form) return;
  const wrapper = [...form.querySelectorAll<HTMLElement>('[data-field-name]')].find((el) => el.dataset.fieldName === name);
  const target = wrapper?.querySelector<HTMLElement>(FOCUSABLE);
  if (!wrapper || !target) return;
  // The whole field, label and message included, comes into view: focus alone scrolls the least it
  // can, so a submit at the foot of a long drawer left the first wrong input under the drawer's
  // header with its label (which says what is wrong) cut off.
  target.focus({ preventScroll: true });
  wrapper.scrollIntoView({ block: 'nearest' });
}

/** Colour text input: '143f6f' -> '#143f6f' (spec s.5). */
export function withHash(value: string): string {
  const trimmed = value.trim();
  return trimmed === '' || trimmed.startsWith('#') ? trimmed : `#${trimmed}`;
}
