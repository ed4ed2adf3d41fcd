import fc from 'fast-check';
import { hostileRawQuery, hostileRawSegment } from './hostile-values.js';
import {
  buildMultipart,
  type FileSamples,
  filePartsArbitrary,
  formText,
  MULTIPART_ODDITIES,
  type MultipartOddity,
} from './multipart-body.js';
import { filePartsOf, type Operation } from './operations.js';
import { fuzzArbitrary, type JsonSchema, type SchemaContext, validArbitrary } from './schema-arbitrary.js';

/** Who sends a case: the super admin (bearer + CSRF), nobody, or a forged credential. */
type Identity = 'admin' | 'anonymous' | 'forged';

/** One request of the fuzzer; the runner adds the identity's headers when it sends it. */
export type FuzzCase = {
  identity: Identity;
  /** A forged Authorization / CSRF header (identity 'forged'). */
  forged?: { authorization: string; csrf: string };
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  /** What kind of input it is, for the report: json, multipart:<oddity>, raw, none. */
  kind: string;
};

/** A valid URL piece for any string, even one with a lone surrogate (sent as U+FFFD). */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'valid': values the schemas accept; 'fuzz': the mix of valid, boundary and hostile. */
type Quality = 'valid' | 'fuzz';
const arbitraryOf = (schema: JsonSchema, ctx: SchemaContext, quality: Quality) =>
  quality === 'valid' ? validArbitrary(schema, ctx) : fuzzArbitrary(schema, ctx);

function pathArbitrary(op: Operation, ctx: SchemaContext, quality: Quality): fc.Arbitrary<string> {
  const segments = op.pathParams.map((p) => {
    const encoded = arbitraryOf(p.schema, { ...ctx, field: p.name }, quality).map((v) => encodeSegment(formText(v) ?? ''));
    return quality === 'valid' ? encoded : fc.oneof({ weight: 8, arbitrary: encoded }, { weight: 1, arbitrary: hostileRawSegment });
  });
  return fc.tuple(...segments).map((values) => {
    let url = op.path;
    op.pathParams.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, values[i]!);
    });
    return url;
  });
}

function queryArbitrary(op: Operation, ctx: SchemaContext, quality: Quality): fc.Arbitrary<string> {
  const params = op.query.map((q) =>
    fc
      .option(arbitraryOf(q.schema, { ...ctx, field: q.name }, quality), { nil: undefined, freq: q.required ? 10 : 2 })
      .map((value) => [q.name, value] as const),
  );
  const raw = fc.oneof(
    hostileRawQuery,
    fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 30 })).map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`),
  );
  const extra = quality === 'valid' ? fc.constant(null) : fc.option(raw, { freq: 4 });
  return fc.tuple(fc.tuple(...params), extra).map(([pairs, raw]) => {
    const parts: string[] = [];
    for (const [name, value] of pairs) {
      if (value === undefined) continue;
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) parts.push(`${encodeSegment(name)}=${encodeSegment(formText(v) ?? '')}`);
    }
    if (raw) parts.push(raw);
    return parts.length ? `?${parts.join('&')}` : '';
  });
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
];

type Body = Pick<FuzzCase, 'contentType' | 'payload' | 'kind'>;

function jsonBodyArbitrary(schema: JsonSchema, ctx: SchemaContext, quality: Quality): fc.Arbitrary<Body> {
  const contentType =
    quality === 'valid'
      ? fc.constantFrom(...JSON_TYPES)
      : fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...JSON_TYPES) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_TYPES) });
  return fc.tuple(arbitraryOf(schema, ctx, quality), contentType).map(([value, type]) => ({
    contentType: type,
    payload: value === undefined ? '' : JSON.stringify(value),
    kind: 'json',
  }));
}

/** Bodies no schema describes: broken JSON, wrong shapes, deep nesting, over the body limit. */
const rawBodyArbitrary: fc.Arbitrary<Body> = fc
  .tuple(
    fc.constantFrom(
      '',
      '{',
      '}',
      'null',
      '[]',
      '"text"',
      '123',
      'true',
      '{"a":1,"a":2}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '\uFEFF{}',
      '{"email":"a@b.c"',
      '['.repeat(100_000) + ']'.repeat(100_000),
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      JSON.stringify({ text: 'x'.repeat(1_100_000) }),
      '\u0000',
    ),
    fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES),
  )
  .map(([payload, contentType]) => ({ payload, contentType, kind: 'raw' }));

function multipartBodyArbitrary(schema: JsonSchema, files: FileSamples, ctx: SchemaContext, quality: Quality): fc.Arbitrary<Body> {
  const fileFields = filePartsOf(schema);
  const fieldsSchema: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !fileFields.includes(k))),
    required: (schema.required ?? []).filter((k) => !fileFields.includes(k)),
  };
  const oddity =
    quality === 'valid'
      ? fc.constant<MultipartOddity>('none')
      : fc.oneof(
          { weight: 7, arbitrary: fc.constant<MultipartOddity>('none') },
          { weight: 3, arbitrary: fc.constantFrom(...MULTIPART_ODDITIES) },
        );
  const images = Object.fromEntries(Object.entries(files).filter(([name]) => VALID_IMAGES.includes(name)));
  return fc
    .tuple(
      arbitraryOf(fieldsSchema, ctx, quality),
      filePartsArbitrary(fileFields, quality === 'valid' ? images : files, quality === 'valid'),
      oddity,
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([value, parts, odd, cutAt]) => {
      const fields: Record<string, string> = {};
      const object = isPlainObject(value) ? value : { value };
      for (const [k, v] of Object.entries(object)) {
        const text = formText(v);
        if (text !== undefined) fields[k] = text;
      }
      const { payload, contentType } = buildMultipart({ fields, files: parts, oddity: odd, cutAt });
      return { payload, contentType, kind: `multipart:${odd}` };
    });
}

/** The sample files a valid case may attach (see target.ts). */
const VALID_IMAGES = ['png', 'jpeg', 'webp', 'gif'];

function bodyArbitrary(op: Operation, files: FileSamples, ctx: SchemaContext, quality: Quality): fc.Arbitrary<Body> {
  const { json, multipart } = op.body;
  const options: { weight: number; arbitrary: fc.Arbitrary<Body> }[] = [];
  if (multipart) options.push({ weight: 6, arbitrary: multipartBodyArbitrary(multipart, files, ctx, quality) });
  if (json) options.push({ weight: multipart ? 3 : 8, arbitrary: jsonBodyArbitrary(json, ctx, quality) });
  if (!json && !multipart) options.push({ weight: 8, arbitrary: fc.constant<Body>({ kind: 'none' }) });
  if (quality === 'fuzz') options.push({ weight: json || multipart ? 1 : 2, arbitrary: rawBodyArbitrary });
  return fc.oneof(...options);
}

const forgedArbitrary = fc.record({
  authorization: fc.oneof(
    fc.constantFrom(
      'Bearer ',
      'Bearer x',
      'Basic YWRtaW46YWRtaW4=',
      `Bearer ${'a'.repeat(5_000)}`,
      "Bearer ' OR 1=1 --",
      'bearer null',
      'Bearer a\u0000b',
    ),
    fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
  ),
  csrf: fc.oneof(fc.constant(''), fc.string({ maxLength: 60 })),
});

/**
 * Every request the fuzzer may send for `op`: wholly valid (to reach the deep code paths),
 * valid but for one broken part (path, query or body), or fuzzed throughout.
 */
export function caseArbitrary(op: Operation, files: FileSamples, ctx: SchemaContext = {}): fc.Arbitrary<FuzzCase> {
  const identity = fc.oneof(
    { weight: 7, arbitrary: fc.constant<Identity>('admin') },
    { weight: 2, arbitrary: fc.constant<Identity>('anonymous') },
    { weight: 1, arbitrary: fc.constant<Identity>('forged') },
  );
  const parts = (path: Quality, query: Quality, body: Quality) =>
    fc.tuple(identity, forgedArbitrary, pathArbitrary(op, ctx, path), queryArbitrary(op, ctx, query), bodyArbitrary(op, files, ctx, body));
  return fc
    .oneof(
      { weight: 2, arbitrary: parts('valid', 'valid', 'valid') },
      { weight: 1, arbitrary: parts('fuzz', 'valid', 'valid') },
      { weight: 2, arbitrary: parts('valid', 'fuzz', 'valid') },
      { weight: 3, arbitrary: parts('valid', 'valid', 'fuzz') },
      { weight: 2, arbitrary: parts('fuzz', 'fuzz', 'fuzz') },
    )
    .map(([who, forged, path, query, body]) => ({
      identity: who,
      ...(who === 'forged' ? { forged } : {}),
      method: op.method,
      url: path + query,
      ...body,
    }));
}

/** A short, printable description of a case (for failure reports). */
export function describeCase(c: FuzzCase): string {
  const payload =
    c.payload === undefined
      ? ''
      : (() => {
          const text = Buffer.isBuffer(c.payload) ? c.payload.toString('latin1') : c.payload;
          const shown = JSON.stringify(text.length > 600 ? `${text.slice(0, 600)}…` : text);
          return ` body(${text.length} chars, ${c.kind})=${shown}`;
        })();
  const url = c.url.length > 400 ? `${c.url.slice(0, 400)}…(${c.url.length} chars)` : c.url;
  const forged = c.forged ? ` authorization=${JSON.stringify(c.forged.authorization.slice(0, 80))}` : '';
  return `${c.identity}${forged} ${c.method} ${url} content-type=${JSON.stringify(c.contentType ?? '')}${payload}`;
}
