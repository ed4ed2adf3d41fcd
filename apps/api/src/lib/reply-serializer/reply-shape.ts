import type { z } from 'zod';
import { safeEncode } from 'zod/v4/core';

/**
 * A reply checked against its zod schema without zod's copy: `shapeOf(schema)` compiles (once) a
 * function that answers the value itself when it already is what `z.encode(schema, value)` would
 * answer (plain objects with only declared keys, in the schema's order, and values of the declared
 * types), a pruned copy when it only has extra keys or another key order, and NO when zod must
 * judge it (a wrong type, a missing field: zod then answers the error it always did). Either way
 * `JSON.stringify` of the answer is the JSON of zod's output, byte for byte.
 *
 * Only schemas whose encode copies values unchanged are compiled; anything that can change or
 * choose a value (transforms, pipes, codecs, defaults, catch, unions, dates, lazy, tuples, strict
 * or loose objects...) answers undefined at compile time and the route keeps zod's serialiser.
 */

export const NO: unique symbol = Symbol('not for the fast path');
export type Shape = (value: unknown) => unknown;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: unknown;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  checks?: { _zod: { def: { check?: string; format?: string } } }[];
  check?: string;
  format?: string;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

class Unsupported extends Error {}

const isPlain = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * A scalar with checks (lengths, patterns, formats, trims...): zod itself judges it, and it stays
 * on the fast path only when zod answers it unchanged.
 */
const zodLeaf =
  (schema: z.ZodType): Shape =>
  (v) => {
    const r = safeEncode(schema as never, v as never);
    return r.success && r.data === v ? v : NO;
  };

const checksOf = (def: Def) => [...(def.check ? [def] : []), ...(def.checks ?? []).map((c) => c._zod.def)];

/** z.number().int() and z.int(), the ids and counts of every reply: checked here, not through zod. */
const isSafeInt = (def: Def) => {
  const checks = checksOf(def);
  return def.type === 'number' && checks.length > 0 && checks.every((c) => c.check === 'number_format' && c.format === 'safeint');
};

function leafOf(schema: z.ZodType, def: Def): Shape {
  const checks = checksOf(def);
  if (isSafeInt(def)) return (v) => (Number.isSafeInteger(v) ? v : NO);
  if (checks.length > 0) return zodLeaf(schema);
  switch (def.type) {
    case 'string':
      return (v) => (typeof v === 'string' ? v : NO);
    case 'number':
      // zod refuses NaN and the infinities (JSON would write them as null).
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? v : NO);
    case 'boolean':
      return (v) => (typeof v === 'boolean' ? v : NO);
    default:
      return (v) => (v === null ? v : NO);
  }
}

/** An enum or a literal: the values zod itself accepts (its `values` set). */
const oneOf = (schema: z.ZodType): Shape => {
  const allowed = (schema as unknown as { _zod: { values?: Set<unknown> } })._zod.values;
  if (!allowed) throw new Unsupported('an enum without a value set');
  return (v) => (allowed.has(v) ? v : NO);
};

/** An object of the schema's keys: the same object when it fits exactly, else a copy in the schema's order. */
function objectOf(def: Def): Shape {
  if (def.catchall !== undefined) throw new Unsupported('a strict, loose or catchall object');
  const shape = def.shape ?? {};
  if (Object.getOwnPropertySymbols(shape).length > 0 || Object.hasOwn(shape, '__proto__')) throw new Unsupported('an unusual key');
  const keys = Object.keys(shape);
  const optional = keys.map((k) => defOf(shape[k] as z.ZodType).type === 'optional');
  const schemas = keys.map((k, i) => (optional[i] ? (defOf(shape[k] as z.ZodType).innerType as z.ZodType) : (shape[k] as z.ZodType)));
  const fields = schemas.map(compile);
  const kinds = schemas.map(kindOf);
  const n = keys.length;

  // The object's own keys are all declared, in the schema's order (values are checked below).
  const keysFit = (o: Record<string, unknown>) => {
    let j = 0;
    for (const k in o) {
      while (j < n && keys[j] !== k) j++;
      if (j === n) return false;
      j++;
    }
    return true;
  };

  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return NO;
    const o = value as Record<string, unknown>;
    // zod's output: the declared keys in order; an absent or undefined optional one left out
    // (JSON.stringify drops an undefined value anyway); anything else undefined is zod's to refuse.
    // The copy is only made once something differs: other keys, or a value that had to be copied.
    let out = isPlain(o) && keysFit(o) ? undefined : ({} as Record<string, unknown>);
    for (let j = 0; j < n; j++) {
      const key = keys[j] as string;
      const v = o[key];
      if (v === undefined) {
        if (optional[j]) continue;
        return NO;
      }
      // The common leaves checked in line: a call through fields[j] here sees a different closure
      // for every field, which V8 cannot inline (a third of the check's time on a 500-row page: 0.58 -> 0.38 ms).
      const kind = kinds[j];
      if (kind !== CALL) {
        const fits =
          kind === STRING
            ? typeof v === 'string'
            : kind === INT
              ? Number.isSafeInteger(v)
              : kind === BOOLEAN
                ? typeof v === 'boolean'
                : v === null || (kind === NULLABLE_STRING ? typeof v === 'string' : Number.isSafeInteger(v));
        if (!fits) return NO;
        if (out) out[key] = v;
        continue;
      }
      const kept = (fields[j] as Shape)(v);
      if (kept === NO) return NO;
      if (kept !== v && !out) out = copyOf(o, keys, j);
      if (out) out[key] = kept;
    }
    return out ?? o;
  };
}

const CALL = 0;
const STRING = 1;
const INT = 2;
const BOOLEAN = 3;
const NULLABLE_STRING = 4;
const NULLABLE_INT = 5;

/** How objectOf checks a field in line (the leaf's own shape, the same rule), or CALL for its compiled shape. */
function kindOf(schema: z.ZodType): number {
  let def = defOf(schema);
  const nullable = def.type === 'nullable';
  if (nullable) def = defOf(def.innerType as z.ZodType);
  if (def.type === 'string' && checksOf(def).length === 0) return nullable ? NULLABLE_STRING : STRING;
  if (isSafeInt(def)) return nullable ? NULLABLE_INT : INT;
  if (def.type === 'boolean' && checksOf(def).length === 0 && !nullable) return BOOLEAN;
  return CALL;
}

/** The first `upTo` declared keys of `o` (their values were kept unchanged), in the schema's order. */
function copyOf(o: Record<string, unknown>, keys: string[], upTo: number) {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < upTo; i++) {
    const key = keys[i] as string;
    if (o[key] !== undefined) out[key] = o[key];
  }
  return out;
}

function arrayOf(element: z.ZodType): Shape {
  if (defOf(element).type === 'optional') throw new Unsupported('an array of optional items');
  const item = compile(element);
  return (a) => {
    if (!Array.isArray(a)) return NO;
    let out: unknown[] | undefined;
    for (let i = 0; i < a.length; i++) {
      const v = a[i];
      const kept = item(v);
      if (kept === NO) return NO;
      if (kept !== v && !out) out = a.slice(0, i);
      out?.push(kept);
    }
    return out ?? (Object.getPrototypeOf(a) === Array.prototype ? a : [...a]);
  };
}

/** A string-keyed record: every own key kept, in the object's order (zod's too). */
function recordOf(def: Def): Shape {
  const key = defOf(def.keyType as z.ZodType);
  if (key.type !== 'string' || (key.checks?.length ?? 0) > 0) throw new Unsupported('a record of checked or non-string keys');
  const value = compile(def.valueType as z.ZodType);
  return (o) => {
    // Symbol keys and an own __proto__ are zod's to judge (it refuses the one, skips the other).
    if (!isPlain(o) || Object.getOwnPropertySymbols(o).length > 0) return NO;
    let out: Record<string, unknown> | undefined;
    for (const k in o) {
      if (k === '__proto__') return NO;
      const v = o[k];
      const kept = value(v);
      if (kept === NO) return NO;
      if (kept !== v) out ??= { ...o };
      if (out) out[k] = kept;
    }
    return out ?? o;
  };
}

function compile(schema: z.ZodType): Shape {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return objectOf(def);
    case 'array':
      return arrayOf(def.element as z.ZodType);
    case 'record':
      return recordOf(def);
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return leafOf(schema, def);
    case 'enum':
    case 'literal':
      return oneOf(schema);
    case 'nullable': {
      const inner = compile(def.innerType as z.ZodType);
      return (v) => (v === null ? v : inner(v));
    }
    case 'readonly':
      return compile(def.innerType as z.ZodType);
    default:
      throw new Unsupported(`zod type ${def.type}`);
  }
}

/** The compiled shape of a reply schema, or undefined when the schema is outside what it can promise. */
export function shapeOf(schema: z.ZodType): Shape | undefined {
  try {
    return compile(schema);
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
}
