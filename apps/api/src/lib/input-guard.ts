import { SERVER_MESSAGES, VALIDATION_MESSAGES as M } from '@console/contract';
import { AppError } from './app-error.js';

/**
 * Input no field of any request may carry, checked once for every request part (params, query
 * string, JSON body: see lib/validator.ts) and every form (plugins/multipart.ts), so no route
 * schema has to remember it:
 * - NUL (U+0000): PostgreSQL text and jsonb cannot store it and fail the query (a 500);
 * - a lone UTF-16 surrogate: JSON.stringify writes it as "\ud800", which jsonb refuses;
 * - nesting deeper than MAX_INPUT_DEPTH: nothing in the API nests that deep, and a deep value
 *   would overflow a recursive JSON.stringify or PostgreSQL's stack further on.
 * Object keys are checked as well as values. The walk is iterative, so no input can overflow it.
 */
const MAX_INPUT_DEPTH = 32;

export type UnsafeInput = { path: string[]; message: string };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return M.nulCharacter;
  if (LONE_SURROGATE.test(text)) return M.invalidCharacter;
  return undefined;
}

/** The first unsafe value of `input` (depth first), or undefined when it is all fine. */
export function findUnsafeInput(input: unknown): UnsafeInput | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { path, message };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, message: M.nestedTooDeep };
    for (const [key, child] of Object.entries(value)) {
      // A bad key is reported on its parent: echoing the key itself would echo the bad text.
      if (textProblem(key)) return { path, message: M.nulInFieldName };
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * The 400 for unsafe input: fieldErrors keyed like zod's ("name", "request.deep.0"), or by
 * `part` ("body", "querystring", "form") when the whole part is at fault.
 */
export function unsafeInputError(unsafe: UnsafeInput, part: string): AppError {
  const key = unsafe.path.length > 0 ? unsafe.path.join('.') : part;
  return new AppError('VALIDATION', SERVER_MESSAGES.validation, { [key]: unsafe.message });
}

/** Throws the 400 when `input` holds anything unsafe. */
export function assertSafeInput(input: unknown, part: string): void {
  const unsafe = findUnsafeInput(input);
  if (unsafe) throw unsafeInputError(unsafe, part);
}
