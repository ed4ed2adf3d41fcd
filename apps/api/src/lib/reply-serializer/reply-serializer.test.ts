import { listResultSchema, userListItemSchema, userRequestSchema } from '@console/contract';
import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorReplySchema } from '../http-schemas.js';
import { replySerializerCompiler } from './index.js';
import { NO, shapeOf } from './reply-shape.js';

// The reply serialiser against fastify-type-provider-zod's, which it replaces: for the same data,
// the same bytes, or the same failure; undeclared fields never written.

type Route = Parameters<typeof zodSerializerCompiler>[0];
const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test' }) as Route;

/** Both serialisers' answers to `data`: the JSON, or the error class when one throws. */
function both(schema: z.ZodType, data: unknown) {
  const run = (write: (d: unknown) => string) => {
    try {
      return write(data);
    } catch (err) {
      return `threw ${(err as Error).constructor.name}`;
    }
  };
  return { fast: run(replySerializerCompiler(route(schema))), zod: run(zodSerializerCompiler(route(schema))) };
}

const sample = z.object({
  id: z.number().int(),
  score: z.number(),
  name: z.string(),
  nick: z.string().nullable(),
  parentId: z.number().int().nullable(),
  active: z.boolean(),
  status: z.enum(['active', 'inactive']),
  kind: z.literal('sample'),
  note: z.string().max(30).optional(),
  owner: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tags: z.array(z.object({ label: z.string(), weight: z.number().nullable() })),
  counts: z.record(z.string(), z.number().int()),
  fixed: z.object({ at: z.string() }).readonly(),
});

// Strings JSON must escape, or writes as they are: quotes, backslashes, controls, lone surrogates, U+2028.
const tricky = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u2028', '\ud800', '\udfff', '😀', 'é', '</script>'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const sampleData = fc.record(
  {
    id: fc.integer(),
    score: fc.oneof(finite, fc.constantFrom(-0, 1e21, 5e-324, Number.MAX_SAFE_INTEGER)),
    name: tricky,
    nick: fc.option(tricky, { nil: null }),
    parentId: fc.option(fc.integer(), { nil: null }),
    active: fc.boolean(),
    status: fc.constantFrom('active', 'inactive'),
    kind: fc.constant('sample'),
    note: fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
    owner: fc.option(fc.record({ id: fc.integer(), name: tricky }), { nil: null }),
    tags: fc.array(fc.record({ label: tricky, weight: fc.option(finite, { nil: null }) }), { maxLength: 4 }),
    counts: fc.dictionary(tricky, fc.integer(), { maxKeys: 4 }),
    fixed: fc.record({ at: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) }),
  },
  { requiredKeys: ['id', 'score', 'name', 'nick', 'parentId', 'active', 'status', 'kind', 'owner', 'tags', 'counts', 'fixed'] },
);

describe('reply serializer', () => {
  it('writes valid replies byte for byte as the zod serializer', () => {
    fc.assert(
      fc.property(sampleData, (data) => {
        const { fast, zod } = both(sample, data);
        expect(zod.startsWith('threw')).toBe(false);
        expect(fast).toBe(zod);
        // ...and written by the fast path, not by falling back to zod. Except a record with an own
        // "__proto__" key (fc.string makes it on purpose): reply-shape.ts leaves that one to zod.
        if (!Object.hasOwn(data.counts, '__proto__')) expect(shapeOf(sample)?.(data)).not.toBe(NO);
      }),
      { numRuns: 500 },
    );
  });

  it('drops undeclared fields at every level and writes the schema order, as zod does', () => {
    const data = {
      secret: 'top',
      kind: 'sample',
      id: 1,
      score: 2.5,
      name: 'n',
      nick: null,
      parentId: null,
      active: true,
      status: 'active',
      owner: { name: 'o', passwordHash: 'x', id: 3 },
      tags: [{ label: 'a', weight: null, hidden: true }],
      counts: { a: 1 },
      fixed: { at: '2026-01-01T00:00:00.000Z', token: 't' },
      note: undefined,
    };
    const { fast, zod } = both(sample, data);
    expect(fast).toBe(zod);
    for (const key of ['secret', 'passwordHash', 'hidden', 'token', 'note']) expect(fast).not.toContain(key);
    expect(Object.keys(JSON.parse(fast))).toEqual([
      'id',
      'score',
      'name',
      'nick',
      'parentId',
      'active',
      'status',
      'kind',
      'owner',
      'tags',
      'counts',
      'fixed',
    ]);
  });

  it('fails where zod fails: wrong types, missing fields, values its checks refuse', () => {
    const valid = fc.sample(sampleData, { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;
    const broken: Record<string, unknown>[] = [
      { ...valid, id: 1.5 },
      { ...valid, id: '1' },
      { ...valid, score: Number.NaN },
      { ...valid, score: Number.POSITIVE_INFINITY },
      { ...valid, name: null },
      { ...valid, nick: 5 },
      { ...valid, parentId: 1.5 },
      { ...valid, parentId: '2' },
      { ...valid, active: 'yes' },
      { ...valid, active: null },
      { ...valid, status: 'deleted' },
      { ...valid, kind: 'other' },
      { ...valid, note: 'x'.repeat(31) },
      { ...valid, owner: { id: 1 } },
      { ...valid, tags: [{ label: 'a' }] },
      { ...valid, counts: { a: 'one' } },
      { ...valid, fixed: new Date() },
      Object.fromEntries(Object.entries(valid).filter(([k]) => k !== 'name')),
    ];
    for (const data of broken) {
      const { fast, zod } = both(sample, data);
      expect(zod).toMatch(/^threw/);
      expect(fast).toBe(zod);
    }
  });

  it('answers list pages and error replies as zod does, without copying a page that already fits', () => {
    const user = {
      id: 7,
      roleId: 2,
      roleName: 'Admin',
      companyId: null,
      companyName: null,
      firstname: 'Ann "A"',
      lastname: 'Lee\\',
      email: 'ann@example.com',
      phone: null,
      profile: 'profile/a.png',
      profileName: 'a.png',
      primaryColor: '#143f6f',
      secondaryColor: '#0d97fd',
      status: 'active',
      twoFactorEnabled: false,
      hasApiKey: true,
      lastLoginAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.123Z',
      manageable: true,
    };
    const users = { data: [user, { ...user, id: 8, lastLoginAt: '2026-01-03T09:05:00.000Z' }], total: 2, totalPages: 1 };
    const usersSchema = listResultSchema(userListItemSchema);
    expect(shapeOf(usersSchema)?.(users)).toBe(users);
    expect(both(usersSchema, users).fast).toBe(both(usersSchema, users).zod);

    // The list's rows carry the export's flat names too: pruned, as zod prunes them.
    const request = {
      id: 1,
      eventId: 'e',
      deviceCode: 'DEV-1',
      location: { id: 1, name: 'Hall' },
      toneSequence: { id: 2, name: 'Seq', code: 'T1' },
      platform: 'ios',
      deviceModel: null,
      osVersion: '17',
      appVersion: null,
      requestedAt: '2026-01-01T00:00:00.000Z',
      receivedAt: '2026-01-01T00:00:01.000Z',
      locationName: 'Hall',
      toneSequenceName: 'Seq',
      toneCode: 'T1',
    };
    const requests = { data: [request], total: 20_000, totalPages: 21, totalCapped: true };
    const requestsSchema = listResultSchema(userRequestSchema);
    const { fast, zod } = both(requestsSchema, requests);
    expect(fast).toBe(zod);
    expect(fast).not.toContain('locationName');

    for (const error of [
      { success: false, message: 'Invalid', code: 'VALIDATION', fieldErrors: { email: 'Required', 'address.city': 'Too "long"' } },
      { success: false, message: 'No', code: 'INVALID_CREDENTIALS', responseType: false, loginType: 'default', stack: 'at x' },
    ]) {
      const out = both(errorReplySchema, error);
      expect(out.fast).toBe(out.zod);
      expect(out.fast).not.toContain('stack');
    }
  });

  it('leaves schemas it cannot promise the same bytes for to zod', () => {
    const schemas = [
      z.object({ a: z.union([z.string(), z.number()]) }),
      z.object({ a: z.string().default('x') }),
      z.object({ a: z.date() }),
      z.object({ a: z.string() }).passthrough(),
      z.object({ a: z.string() }).strict(),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.array(z.string().optional()) }),
    ];
    for (const schema of schemas) expect(shapeOf(schema)).toBeUndefined();
    const loose = z.object({ a: z.string() }).passthrough();
    const { fast, zod } = both(loose, { a: 'x', extra: 1 });
    expect(fast).toBe(zod);
    expect(fast).toContain('extra');
    expect(shapeOf(z.object({ a: z.string() }))?.({ a: 1 })).toBe(NO);
  });
});
