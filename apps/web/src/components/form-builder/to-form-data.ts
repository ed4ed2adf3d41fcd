import type { FormField, FormValues } from './types';

export interface ToFormDataOptions {
  /**
   * The form's initial values. When a file field had an existing file (a string path) and it was
   * removed without a replacement, `remove<Name>` is sent: 'true' for a single file (e.g. `removeProfile`, as the
   * contract's user and about schemas expect), a JSON array of the removed paths for `multiple`.
   */
  initialValues?: FormValues;
}

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Builds the multipart body for the API from form values.
 *
 * - File fields: each new File is appended under the field name (repeated for `multiple`).
 *   Existing files (string paths) are not re-sent: no part means "keep"; see `initialValues`
 *   for removals.
 * - Booleans: 'true' / 'false' (the contract's `formBoolean` reads them).
 * - Numbers: their decimal string. Dates: ISO strings.
 * - Arrays (multiselect) and plain objects: one part holding JSON, e.g. roleIds = '[1,2]'.
 *   Chosen over repeated parts because a repeated part cannot tell "one item" from "a scalar"
 *   nor send an empty list; the server parses it with JSON.parse (z.preprocess).
 * - Strings are sent as they are, '' included (so "clear the phone" reaches the server);
 *   null is sent as '' too (a schema may have turned a cleared field into null).
 * - undefined is left out (and a null file field: no part means no new file).
 */
export function toFormData(values: FormValues, fields: readonly FormField[] = [], options: ToFormDataOptions = {}): FormData {
  const body = new FormData();
  const byName = new Map(fields.map((f) => [f.name, f]));

  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const field = byName.get(name);
    if (field?.type === 'file' || value instanceof Blob) {
      if (value === null) continue;
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (item instanceof File) body.append(name, item, item.name);
        else if (item instanceof Blob) body.append(name, item);
      }
      continue;
    }
    // null is "explicitly empty" (zod turns a cleared optional text into null): send ''.
    if (value === null) body.append(name, '');
    else if (typeof value === 'boolean') body.append(name, value ? 'true' : 'false');
    else if (typeof value === 'number' || typeof value === 'bigint') body.append(name, String(value));
    else if (value instanceof Date) body.append(name, value.toISOString());
    else if (typeof value === 'object') body.append(name, JSON.stringify(value));
    else body.append(name, String(value));
  }

  for (const field of fields) {
    if (field.type !== 'file' || !options.initialValues) continue;
    // A single file replaced by a new one is an upload, not a removal.
    if (!field.multiple && values[field.name] instanceof Blob) continue;
    const before = listPaths(options.initialValues[field.name]);
    if (before.length === 0) continue;
    const now = new Set(listPaths(values[field.name]));
    const removed = before.filter((path) => !now.has(path));
    if (removed.length === 0) continue;
    const key = `remove${capitalise(field.name)}`;
    if (body.has(key)) continue;
    body.append(key, field.multiple ? JSON.stringify(removed) : 'true');
  }
  return body;
}

function listPaths(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  return items.filter((v): v is string => typeof v === 'string' && v !== '');
}
