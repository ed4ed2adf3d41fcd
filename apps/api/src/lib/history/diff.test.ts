import { clientInputSchema, userUpdateSchema } from '@console/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { diffFields } from './entries.js';
import { inputFields } from './revert.js';

describe('diffFields', () => {
  it('lists what an edit changed, without bookkeeping, in either key order of nested objects', () => {
    const before = { id: 1, name: 'A', company: { id: 2, name: 'Co' }, phone: null, updatedAt: '2026-01-01T00:00:00Z' };
    const after = { id: 1, name: 'B', company: { name: 'Co', id: 2 }, phone: '', updatedAt: '2026-01-02T00:00:00Z' };
    expect(diffFields(before, after)).toEqual([
      { field: 'name', before: 'A', after: 'B' },
      { field: 'phone', before: null, after: '' },
    ]);
  });
  it('leaves out a joined row shown beside its id', () => {
    const before = { companyId: 1, company: { id: 1, name: 'A' }, companyName: 'A' };
    const after = { companyId: 2, company: { id: 2, name: 'B' }, companyName: 'B' };
    expect(diffFields(before, after).map((c) => c.field)).toEqual(['companyId', 'companyName']);
    expect(diffFields(null, { owner: { id: 1 } }).map((c) => c.field)).toEqual(['owner']);
  });
  it('shows every field of a creation and of a deletion against null', () => {
    expect(diffFields(null, { id: 3, name: 'New', createdAt: 'x' })).toEqual([{ field: 'name', before: null, after: 'New' }]);
    expect(diffFields({ id: 3, name: 'Old' }, null)).toEqual([{ field: 'name', before: 'Old', after: null }]);
  });
  it('never shows a secret, at any depth, and drops an after-only note that says nothing happened', () => {
    const diff = diffFields(
      { email: 'a@b.co', passwordHash: 'h1', nested: { apiKey: 'k1', keep: 1 } },
      { email: 'a@b.co', passwordHash: 'h2', nested: { apiKey: 'k2', keep: 2 }, passwordChanged: false, token: 't' },
    );
    expect(diff).toEqual([{ field: 'nested', before: { keep: 1 }, after: { keep: 2 } }]);
    expect(diffFields({ email: 'a' }, { email: 'a', passwordChanged: true })).toEqual([
      { field: 'passwordChanged', before: null, after: true },
    ]);
  });
});

describe('inputFields', () => {
  it('reads the fields of an input schema through refinements, defaults and pipes', () => {
    expect(inputFields(clientInputSchema)).toContain('companyId');
    expect(inputFields(userUpdateSchema)).toEqual(expect.arrayContaining(['firstname', 'roleId', 'password']));
    const piped = z
      .object({ a: z.string(), b: z.number() })
      .refine(() => true)
      .transform((v) => v);
    expect(inputFields(piped)).toEqual(['a', 'b']);
    expect(inputFields(z.string())).toEqual([]);
  });
});
