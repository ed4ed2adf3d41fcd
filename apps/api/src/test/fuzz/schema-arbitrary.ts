import fc from 'fast-check';
import { hostileValue, spiced } from './hostile-values.js';

/**
 * JSON Schema (the 2020-12 subset zod emits into the OpenAPI document) -> fast-check
 * arbitraries, in three flavours:
 * - `validArbitrary`: values the schema accepts (biased to small ids, so they hit real rows);
 * - `boundaryArbitrary`: values on each limit and one step past it;
 * - `hostileArbitrary`: wrong types and the hostile catalogue; for objects, a valid object with
 *   one property broken, a required property missing, or extra properties.
 * `fuzzArbitrary` mixes the three the way the fuzzer sends them.
 *
 * Supported: type (also as a list), enum, const, anyOf/oneOf/allOf, properties/required,
 * additionalProperties, items/minItems/maxItems, min/maxLength, pattern, format (email, uuid,
 * date-time, binary), minimum/maximum and their exclusive forms, nullable (OpenAPI 3.0),
 * $ref into the document. Anything else counts as "any JSON value".
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  default?: unknown;
  [key: string]: unknown;
};

/**
 * Texts the running app answered with (module slugs, role keys, e-mails, names...), all of them
 * and by the JSON key they came under, offered for plain text fields so valid cases also reach
 * the rows that exist: a field gets the texts of its own name first ("slug", "roleKeys" ->
 * "roleKey"), then any.
 */
export type Dictionary = { all: readonly string[]; byKey: Readonly<Record<string, readonly string[]>> };

/**
 * `root`: the document `$ref`s resolve against (`#/components/schemas/X`); `dictionary`: see
 * above; `field`: the name of the property or parameter being generated (set by the walker).
 */
export type SchemaContext = { root?: unknown; dictionary?: Dictionary; field?: string };

const LONGEST_VALID_STRING = 40;

function resolve(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const target = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
        ctx.root,
      );
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = { ...(target as JsonSchema), ...Object.fromEntries(Object.entries(current).filter(([k]) => k !== '$ref')) };
  }
  return current;
}

const typesOf = (s: JsonSchema): string[] => {
  const listed = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  return s.nullable && !listed.includes('null') ? [...listed, 'null'] : listed;
};

/** The inclusive integer range of a numeric schema. */
function integerRange(s: JsonSchema): { min: number; max: number } {
  let min = typeof s.minimum === 'number' ? Math.ceil(s.minimum) : Number.MIN_SAFE_INTEGER;
  let max = typeof s.maximum === 'number' ? Math.floor(s.maximum) : Number.MAX_SAFE_INTEGER;
  if (typeof s.exclusiveMinimum === 'number') min = Math.max(min, Math.floor(s.exclusiveMinimum) + 1);
  if (s.exclusiveMinimum === true && typeof s.minimum === 'number') min = Math.floor(s.minimum) + 1;
  if (typeof s.exclusiveMaximum === 'number') max = Math.min(max, Math.ceil(s.exclusiveMaximum) - 1);
  if (s.exclusiveMaximum === true && typeof s.maximum === 'number') max = Math.ceil(s.maximum) - 1;
  return { min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

/** Readable text without edge whitespace (the contract trims), within the length limits. */
function plainText(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, Math.min(maxLength, LONGEST_VALID_STRING));
  const word = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'),
    minLength: Math.max(1, minLength),
    maxLength: Math.max(1, max),
  });
  const unicode = fc
    .string({ unit: 'grapheme', minLength: Math.max(1, minLength), maxLength: Math.max(1, max) })
    .map((t) => t.trim())
    .filter((t) => t.length >= minLength && t.length <= maxLength);
  const text = fc.oneof({ weight: 4, arbitrary: word }, { weight: 1, arbitrary: unicode });
  return minLength === 0 ? fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: fc.constant('') }) : text;
}

function validString(s: JsonSchema, ctx: SchemaContext): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? Number.MAX_SAFE_INTEGER;
  const fits = (t: string) => t.length >= minLength && t.length <= maxLength;
  if (s.format === 'email') return fc.emailAddress().filter((t) => fits(t) && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t));
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('1970-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
  if (s.format === 'binary') return fc.string({ maxLength: 20 });
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
    } catch {
      // A pattern fast-check cannot generate from: fall back to plain text (may be refused).
    }
  }
  const options: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [{ weight: 3, arbitrary: plainText(minLength, maxLength) }];
  const named =
    ctx.field && ctx.dictionary ? (ctx.dictionary.byKey[ctx.field] ?? ctx.dictionary.byKey[ctx.field.replace(/s$/, '')] ?? []) : [];
  const sameName = named.filter(fits);
  if (sameName.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...sameName) });
  const any = (ctx.dictionary?.all ?? []).filter(fits);
  if (any.length) options.push({ weight: 1, arbitrary: fc.constantFrom(...any) });
  return fc.oneof(...options);
}

function validNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = integerRange(s);
  if (!integer) {
    const lo = typeof s.minimum === 'number' ? s.minimum : -1e6;
    const hi = typeof s.maximum === 'number' ? s.maximum : 1e6;
    return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  }
  // Small values first: the seeded rows have ids 1..10, the fuzzer's own rows follow.
  const from = Math.max(min, 0);
  const near = (span: number) => fc.integer({ min, max: Math.max(min, Math.min(max, from + span)) });
  return fc.oneof(
    { weight: 5, arbitrary: near(9) },
    { weight: 2, arbitrary: near(200) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

function validObject(s: JsonSchema, ctx: SchemaContext): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = (s.required ?? []).filter((k) => k in props);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, prop] of Object.entries(props)) model[key] = validArbitrary(prop, { ...ctx, field: key });
  const known = fc.record(model, { requiredKeys: required });
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && Object.keys(props).length === 0) {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validArbitrary(s.additionalProperties, ctx), { maxKeys: 5 });
  }
  return known;
}

/** Values the schema accepts. */
export function validArbitrary(schema: JsonSchema, ctx: SchemaContext = {}): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => validArbitrary(u, ctx)));
  if (s.allOf?.length) return validArbitrary(Object.assign({}, ...s.allOf.map((p) => resolve(p, ctx))) as JsonSchema, ctx);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...s, type, nullable: false }, ctx)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return validNumber(s, true);
    case 'number':
      return validNumber(s, false);
    case 'string':
      return validString(s, ctx);
    case 'array':
      return fc.array(validArbitrary(s.items ?? {}, ctx), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 8, 8) });
    case 'object':
      return validObject(s, ctx);
    default:
      return s.properties ? validObject(s, ctx) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values on each limit of the schema and one step past it. */
export function boundaryArbitrary(schema: JsonSchema, ctx: SchemaContext = {}): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  const union = s.anyOf ?? s.oneOf;
  if (union?.length) return fc.oneof(...union.map((u) => boundaryArbitrary(u, ctx)));
  const type = typesOf(s).find((t) => t !== 'null');
  if (s.enum) return fc.constantFrom(...s.enum.flatMap((v) => (typeof v === 'string' ? [v.toUpperCase(), ` ${v}`, `${v}x`, ''] : [v])));
  if (type === 'integer' || type === 'number') {
    const { min, max } = integerRange(s);
    const edges = [min, min - 1, max, max + 1, 0, -1, 1].filter((n) => Number.isFinite(n));
    return fc.oneof(fc.constantFrom(...edges), fc.constantFrom(...edges).map(String), fc.constant(min + 0.5));
  }
  if (type === 'string') {
    const lengths = [s.minLength ?? 0, (s.minLength ?? 0) - 1, s.maxLength, s.maxLength === undefined ? undefined : s.maxLength + 1].filter(
      (n): n is number => typeof n === 'number' && n >= 0 && n <= 200_000,
    );
    const filled = lengths.length
      ? fc
          .tuple(fc.constantFrom(...lengths), fc.constantFrom('a', 'é', '🔥', ' ', '9'))
          .map(([n, c]) => c.repeat(c.length === 2 ? Math.ceil(n / 2) : n))
      : fc.constant('');
    return fc.oneof(
      filled,
      fc.constantFrom('', ' ', '  padded  '),
      validString(s, ctx).map((t) => ` ${t} `),
    );
  }
  if (type === 'array') {
    const item = validArbitrary(s.items ?? {}, ctx);
    const max = s.maxItems ?? 100;
    return fc.oneof(
      fc.constant([]),
      fc.array(item, { minLength: max, maxLength: max }),
      fc.array(item, { minLength: max + 1, maxLength: max + 1 }),
    );
  }
  if (type === 'boolean') return fc.constantFrom<unknown>('true', 'false', 'on', 'yes', '1', '0', 1, 0);
  if (type === 'object' || s.properties) return validObject(s, ctx);
  return validArbitrary(s, ctx);
}

/** Wrong types and hostile values; for objects a valid object with one thing wrong, or worse. */
export function hostileArbitrary(schema: JsonSchema, ctx: SchemaContext = {}): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  const props = s.properties ?? {};
  const keys = Object.keys(props);
  if (keys.length === 0) return hostileValue;
  const valid = validObject(s, ctx);
  const broken = fc.oneof(
    ...keys.map((key) =>
      fc
        .tuple(
          valid,
          fc.oneof(
            { weight: 3, arbitrary: spicedArbitrary(props[key]!, ctx) },
            { weight: 2, arbitrary: hostileValue },
            { weight: 1, arbitrary: boundaryArbitrary(props[key]!, ctx) },
          ),
        )
        .map(([o, bad]) => ({ ...o, [key]: bad })),
    ),
  );
  const required = s.required ?? [];
  const missing = required.length
    ? fc.tuple(valid, fc.constantFrom(...required)).map(([o, key]) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key)))
    : valid;
  const extra = fc
    .tuple(
      valid,
      fc.dictionary(
        fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'id', 'isAdmin', 'roleId', 'password')),
        hostileValue,
        { minKeys: 1, maxKeys: 4 },
      ),
    )
    .map(([o, more]) => ({ ...o, ...more }));
  return fc.oneof(
    { weight: 6, arbitrary: broken },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: hostileValue },
  );
}

/**
 * A valid value spoiled by odd characters (NUL, lone surrogates...), so it still passes the
 * checks that ignore them (an e-mail pattern, a length): the inputs that reach the database.
 * Numbers and booleans are spoiled as the text a form or query string would carry.
 */
function spicedArbitrary(schema: JsonSchema, ctx: SchemaContext = {}): fc.Arbitrary<unknown> {
  return spiced(
    validArbitrary(schema, ctx).map((v) => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v))),
  );
}

/** The fuzzer's mix: about a third valid, the rest spoiled, on the limits or hostile. */
export function fuzzArbitrary(schema: JsonSchema, ctx: SchemaContext = {}): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  const scalar = !s.properties && !typesOf(s).some((t) => t === 'object' || t === 'array');
  return fc.oneof(
    { weight: 3, arbitrary: validArbitrary(schema, ctx) },
    ...(scalar ? [{ weight: 3, arbitrary: spicedArbitrary(schema, ctx) }] : []),
    { weight: 2, arbitrary: boundaryArbitrary(schema, ctx) },
    { weight: 3, arbitrary: hostileArbitrary(schema, ctx) },
  );
}
