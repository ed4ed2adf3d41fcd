import { describe, expect, it } from 'vitest';
import { toFormData } from './to-form-data';
import type { FormField } from './types';

const fields: FormField[] = [
  { name: 'firstname', label: 'First name', type: 'text' },
  { name: 'twoFactorEnabled', label: 'Two-step', type: 'switch' },
  { name: 'roleId', label: 'Role', type: 'select' },
  { name: 'tags', label: 'Tags', type: 'multiselect' },
  { name: 'profile', label: 'Profile', type: 'file' },
  { name: 'gallery', label: 'Gallery', type: 'file', multiple: true },
];

describe('toFormData', () => {
  it('sends strings, booleans, numbers, JSON arrays and files', () => {
    const avatar = new File(['png'], 'me.png', { type: 'image/png' });
    const a = new File(['a'], 'a.jpg', { type: 'image/jpeg' });
    const b = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    const body = toFormData(
      {
        firstname: 'Ann',
        phone: '',
        twoFactorEnabled: false,
        roleId: 2,
        tags: ['x', 'y'],
        profile: avatar,
        gallery: [a, b],
        missing: undefined,
        nothing: null,
      },
      fields,
    );
    expect(body.get('firstname')).toBe('Ann');
    expect(body.get('phone')).toBe('');
    expect(body.get('twoFactorEnabled')).toBe('false');
    expect(body.get('roleId')).toBe('2');
    expect(body.get('tags')).toBe('["x","y"]');
    expect((body.get('profile') as File).name).toBe('me.png');
    expect(body.getAll('gallery').map((f) => (f as File).name)).toEqual(['a.jpg', 'b.jpg']);
    expect(body.has('missing')).toBe(false);
    expect(body.get('nothing')).toBe('');
  });

  it('keeps an existing file by not sending it, and flags a removed one', () => {
    const kept = toFormData({ profile: 'profiles/me.png' }, fields, { initialValues: { profile: 'profiles/me.png' } });
    expect(kept.has('profile')).toBe(false);
    expect(kept.has('removeProfile')).toBe(false);

    const removed = toFormData({ profile: null }, fields, { initialValues: { profile: 'profiles/me.png' } });
    expect(removed.get('removeProfile')).toBe('true');
    expect(removed.has('profile')).toBe(false);

    const replaced = toFormData({ profile: new File(['x'], 'new.png') }, fields, { initialValues: { profile: 'profiles/me.png' } });
    expect(replaced.has('removeProfile')).toBe(false);
    expect((replaced.get('profile') as File).name).toBe('new.png');
  });

  it('lists removed files of a multiple field', () => {
    const body = toFormData({ gallery: ['g/1.png'] }, fields, { initialValues: { gallery: ['g/1.png', 'g/2.png'] } });
    expect(body.get('removeGallery')).toBe('["g/2.png"]');
    expect(body.has('gallery')).toBe(false);
  });
});
