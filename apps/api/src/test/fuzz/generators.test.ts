// The fuzzer's own parts, tested: the JSON-schema -> fast-check mapper against the contract's real
// schemas, the hostile catalogue, the multipart builder (through the real parser), the checks and
// the hostile archive samples.
import {
  companyInputSchema,
  forgotPasswordRequestSchema,
  idParamSchema,
  listQuerySchema,
  loginRequestSchema,
  modulePermissionAddSchema,
  permissionAddSchema,
  roleGrantsInputSchema,
  roleInputSchema,
  userActivityAddSchema,
  userCreateSchema,
  userListQueryExtraSchema,
} from '@console/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readSheet } from '../../lib/bulk/sheet-reader.js';
import { readZip } from '../../lib/bulk/zip-reader.js';
import { findUnsafeInput } from '../../lib/input-guard.js';
import { problemsOf } from './checks.js';
import { hostileArchiveSamples } from './hostile-archives.js';
import { hostileString, hostileValue, MAX_INT4 } from './hostile-values.js';
import { buildMultipart, MULTIPART_ODDITIES } from './multipart-body.js';
import { boundaryArbitrary, fuzzArbitrary, hostileArbitrary, type JsonSchema, validArbitrary } from './schema-arbitrary.js';

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

const CONTRACT_SCHEMAS: [string, z.ZodType][] = [
  ['login', loginRequestSchema],
  ['forgot password', forgotPasswordRequestSchema],
  ['role', roleInputSchema],
  ['company form', companyInputSchema],
  ['user form', userCreateSchema],
  ['activity', userActivityAddSchema],
  ['permission grants', permissionAddSchema],
  ['module grants', modulePermissionAddSchema],
  ['role grants', roleGrantsInputSchema],
  ['list query', listQuerySchema.extend(userListQueryExtraSchema.shape)],
  ['id param', idParamSchema],
];

describe('validArbitrary', () => {
  it.each(CONTRACT_SCHEMAS)('generates only values the %s schema accepts', (_name, schema) => {
    fc.assert(
      fc.property(validArbitrary(jsonSchemaOf(schema)), (value) => {
        const parsed = schema.safeParse(value);
        if (!parsed.success) throw new Error(`${JSON.stringify(value)}: ${parsed.error.message}`);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('resolves $ref, type lists, nullable and exclusive bounds', () => {
    const root = { components: { schemas: { Id: { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 5 } } } };
    const values = fc
      .sample(validArbitrary({ type: 'array', items: { $ref: '#/components/schemas/Id' }, minItems: 1 }, { root }), 200)
      .flat();
    expect(values.every((v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 4)).toBe(true);
    const mixed = fc.sample(validArbitrary({ type: ['string', 'null'], maxLength: 3 }), 300);
    expect(mixed).toContain(null);
    expect(mixed.some((v) => typeof v === 'string')).toBe(true);
    expect(fc.sample(validArbitrary({ type: 'boolean', nullable: true }), 300)).toContain(null);
  });
});

describe('boundaryArbitrary', () => {
  it('sits on both sides of each limit', () => {
    const text = jsonSchemaOf(z.string().min(2).max(5));
    const lengths = new Set(fc.sample(boundaryArbitrary(text), 500).map((v) => (v as string).length));
    for (const n of [1, 2, 5, 6]) expect(lengths).toContain(n);
    const id = jsonSchemaOf(idParamSchema).properties!.id!;
    const numbers = fc.sample(boundaryArbitrary(id), 500).map(Number);
    expect(numbers).toEqual(expect.arrayContaining([0, 1, MAX_INT4, MAX_INT4 + 1]));
  });
});

describe('hostile values', () => {
  const sample = fc.sample(hostileValue, { numRuns: 5000, seed: 11 });
  const texts = sample.filter((v): v is string => typeof v === 'string');

  it('cover NUL, lone surrogates, RTL, emoji, 100 kB strings, huge and negative numbers, deep nesting', () => {
    expect(texts.some((t) => t.includes('\u0000'))).toBe(true);
    expect(texts.some((t) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(t))).toBe(true);
    expect(texts.some((t) => t.includes('\u202E'))).toBe(true);
    expect(texts.some((t) => /\p{Extended_Pictographic}/u.test(t))).toBe(true);
    expect(texts.some((t) => t.length >= 100_000)).toBe(true);
    const numbers = sample.filter((v): v is number => typeof v === 'number');
    expect(numbers.some((n) => n > MAX_INT4)).toBe(true);
    expect(numbers.some((n) => n < 0)).toBe(true);
    expect(sample.some((v) => findUnsafeInput(v)?.message.includes('deep'))).toBe(true);
  });

  it('break one property of an otherwise valid object, drop required ones and add extras', () => {
    const schema = jsonSchemaOf(roleInputSchema);
    const objects = fc
      .sample(hostileArbitrary(schema), { numRuns: 1000, seed: 3 })
      .filter((v) => typeof v === 'object' && v && !Array.isArray(v)) as Record<string, unknown>[];
    expect(objects.some((o) => !('name' in o))).toBe(true);
    expect(objects.some((o) => Object.keys(o).some((k) => k !== 'name' && k !== 'description'))).toBe(true);
    expect(objects.some((o) => typeof o.name === 'string' && o.name.includes('\u0000'))).toBe(true);
  });

  it('mostly fail the contract schema, and are sometimes valid in the mix', () => {
    const results = fc
      .sample(fuzzArbitrary(jsonSchemaOf(loginRequestSchema)), { numRuns: 1000, seed: 5 })
      .map((v) => loginRequestSchema.safeParse(v).success);
    const accepted = results.filter(Boolean).length;
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(900);
  });
});

describe('buildMultipart', () => {
  const fields = { name: 'Acme', address: 'Main Street 1' };
  const file = { name: 'logo', filename: 'a.png', type: 'image/png', content: Buffer.from([1, 2, 3, 4]) };

  it('builds a form a standard parser reads back field by field', async () => {
    const { payload, contentType } = buildMultipart({ fields, files: [file], oddity: 'none', cutAt: 1 });
    const form = await new Response(new Uint8Array(payload), { headers: { 'content-type': contentType } }).formData();
    expect(form.get('name')).toBe('Acme');
    expect(form.get('address')).toBe('Main Street 1');
    const logo = form.get('logo') as File;
    expect([logo.name, logo.type, logo.size]).toEqual(['a.png', 'image/png', 4]);
  });

  it.each(MULTIPART_ODDITIES)('builds a form with %s that differs from the well-formed one', (oddity) => {
    const good = buildMultipart({ fields, files: [file], oddity: 'none', cutAt: 0.5 });
    const odd = buildMultipart({ fields, files: [file], oddity, cutAt: 0.5 });
    expect(odd.payload.equals(good.payload) && odd.contentType === good.contentType).toBe(false);
  });
});

describe('problemsOf', () => {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  it('accepts a 200 and a 4xx in the error shape', () => {
    expect(problemsOf({ statusCode: 200, headers: json, body: '{"data":[]}' })).toEqual([]);
    expect(
      problemsOf({ statusCode: 400, headers: json, body: '{"success":false,"message":"Bad","code":"VALIDATION","fieldErrors":{"a":"b"}}' }),
    ).toEqual([]);
  });

  it.each([
    ['a 500', 500, '{"success":false,"message":"x","code":"INTERNAL"}', /answered 500/],
    ["Fastify's shape", 400, '{"error":"Bad Request","code":"FST_ERR_BAD_URL","message":"x","statusCode":400}', /success:false/],
    ['a text error', 404, 'Not found', /not JSON/],
    ['a stack trace', 400, '{"success":false,"message":"Error\\n    at handler (/srv/app.js:10:5)","code":"X"}', /stack frame/],
    ['SQL', 400, '{"success":false,"message":"duplicate key value violates unique constraint","code":"X"}', /SQL error/],
    ['a server path', 400, '{"success":false,"message":"/x/node_modules/pg/lib/client.js","code":"X"}', /server path/],
  ])('flags %s', (_name, status, body, problem) => {
    expect(problemsOf({ statusCode: status, headers: json, body }).join(' ')).toMatch(problem);
  });

  it('does not flag an answer that merely echoes the hostile inputs', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        expect(problemsOf({ statusCode: 200, headers: json, body: JSON.stringify({ data: { name: text } }) })).toEqual([]);
      }),
      { numRuns: 2000, seed: 9 },
    );
  });
});

describe('hostile archive samples', () => {
  it('each is refused by the bulk readers for the reason it stands for', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'fuzz-archives-'));
    const outcome = async (name: string, content: Buffer) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      try {
        if (name.startsWith('xlsx')) for await (const _ of readSheet(file, { format: 'xlsx', schema: z.object({ name: z.string() }) }));
        else for await (const item of readZip(file)) if (!item.ok) return item.message;
        return 'read';
      } catch (err) {
        return (err as Error).message;
      }
    };
    try {
      const samples = hostileArchiveSamples();
      const seen = Object.fromEntries(await Promise.all(Object.entries(samples).map(async ([k, s]) => [k, await outcome(k, s.content)])));
      expect(seen).toEqual({
        zipManyEntries: 'The archive has more than 1000 entries',
        zipLongNames: 'The archive has an entry name longer than 255 bytes',
        zipOverlapping: 'The archive has overlapping entries (two entries share the same bytes)',
        zipLyingSizes: expect.stringMatching(/^Unreadable entry \(too many bytes/),
        // Copied with the size it really has (2 MB, under the limit) and read: its headers gain nothing.
        xlsxLyingSizes: 'read',
        xlsxOverlapping: 'The workbook has overlapping entries (two entries share the same bytes)',
      });
      for (const s of Object.values(samples)) expect(s.content.length).toBeLessThan(100_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
