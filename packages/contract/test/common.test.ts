import { describe, expect, it } from 'vitest';
import {
  ALL_ROLE_KEYS,
  buildModuleCatalogue,
  formBoolean,
  hexColorField,
  idField,
  idListField,
  MAX_INT4,
  optionalPhone,
  listQuerySchema,
  PERMISSION_CATALOGUE,
  superAdminFallbackPath,
  totalPagesFor,
  userCreateSchema,
} from '../src/index.js';

describe('list query (spec s.3)', () => {
  it('keeps only the part of sortField before the first colon', () => {
    expect(listQuerySchema.parse({ sortField: 'name:asc:x' }).sortField).toBe('name');
  });
  it('coerces paging and defaults', () => {
    const q = listQuerySchema.parse({ page: '3', limit: '25' });
    expect(q).toMatchObject({ page: 3, limit: 25, search: '', sortOrder: 'asc' });
    expect(listQuerySchema.parse({ sortOrder: 'DESC' }).sortOrder).toBe('desc');
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
  it('counts pages', () => {
    expect(totalPagesFor(0, 10)).toBe(0);
    expect(totalPagesFor(21, 10)).toBe(3);
  });
});

describe('catalogue', () => {
  const modules = buildModuleCatalogue({ slug: 'platform', name: 'Platform' });
  it('has the five modules with unique menu ids and the super-admin module as id 5', () => {
    expect(modules.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    const menuIds = modules.flatMap((m) => m.menus.map((x) => x.id));
    expect(new Set(menuIds).size).toBe(menuIds.length);
    expect(modules[4].slug).toBe('platform');
  });
  it('has unique role keys and group ids', () => {
    expect(new Set(ALL_ROLE_KEYS).size).toBe(ALL_ROLE_KEYS.length);
    expect(new Set(PERMISSION_CATALOGUE.map((p) => p.id)).size).toBe(PERMISSION_CATALOGUE.length);
  });
  it('falls back for a super admin per spec s.4', () => {
    expect(superAdminFallbackPath('tone-portal', 'platform')).toBe('/tone-dashboard/home');
    expect(superAdminFallbackPath('aes', 'platform')).toBe('/aes/generate');
    expect(superAdminFallbackPath('demo-admin', 'platform')).toBe('/demo-admin/client-dashboard');
    expect(superAdminFallbackPath('platform', 'platform')).toBe('/platform/dashboard');
    expect(superAdminFallbackPath('profile', 'platform')).toBe('/profile/about');
    expect(superAdminFallbackPath('other', 'platform')).toBe('/other');
  });
});

describe('form fields', () => {
  it('prepends # to a colour', () => {
    expect(hexColorField.parse('143f6f')).toBe('#143f6f');
    expect(hexColorField.safeParse('#12345').success).toBe(false);
    expect(hexColorField.parse(' #ABCDEF ')).toBe('#ABCDEF');
    expect(hexColorField.safeParse('##abcdef').success).toBe(false);
  });
  it('checks phone numbers after trimming them', () => {
    const phone = (v: string) => optionalPhone.safeParse(v);
    for (const ok of ['+1 (555) 010-9999', ' 0123 ', '1234', '(01) 23.45-67']) expect(phone(ok).success, ok).toBe(true);
    for (const bad of ['+   ', '123', 'abcd', '+1 555 CALL', '1'.repeat(40)]) expect(phone(bad).success, bad).toBe(false);
    expect(phone('1'.repeat(39)).success).toBe(true);
  });
  it('bounds every id to PostgreSQL integer', () => {
    expect(idField().parse('2147483647')).toBe(2147483647);
    for (const bad of ['2147483648', '0', '-1', '1.5', 'NaN', '', 'abc']) expect(idField().safeParse(bad).success, bad).toBe(false);
    expect(idListField(2).safeParse([1, 2147483648]).success).toBe(false);
    expect(idListField(2).safeParse(['1']).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: String(MAX_INT4 + 1) }).success).toBe(false);
  });
  it('reads booleans from multipart strings', () => {
    expect(formBoolean.parse('true')).toBe(true);
    expect(formBoolean.parse('false')).toBe(false);
  });
  it('parses a multipart user creation', () => {
    const u = userCreateSchema.parse({
      firstname: ' Ada ',
      lastname: 'Lovelace',
      email: 'ada@example.com',
      roleId: '2',
      companyId: '',
      password: 'secret12',
      twoFactorEnabled: 'true',
      phone: '',
    });
    expect(u).toMatchObject({ firstname: 'Ada', roleId: 2, companyId: null, twoFactorEnabled: true, phone: null, primaryColor: '#143f6f' });
  });
});
