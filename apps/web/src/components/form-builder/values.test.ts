import { describe, expect, it } from 'vitest';
import type { FormField } from './types';
import { changedFrom } from './values';

const fields: FormField[] = [
  { name: 'name', label: 'Name', type: 'text' },
  { name: 'tags', label: 'Tags', type: 'multiselect', options: ['a', 'b'] },
  { name: 'logo', label: 'Logo', type: 'file' },
];

describe('changedFrom', () => {
  const start = { name: 'Acme', tags: ['a'], logo: null, notAField: 1 };

  it('is false for the same values, a list with the same items included', () => {
    expect(changedFrom(start, { ...start, tags: ['a'] }, fields)).toBe(false);
  });

  it('is true for another text, another list or a file picked', () => {
    expect(changedFrom(start, { ...start, name: 'Acme Ltd' }, fields)).toBe(true);
    expect(changedFrom(start, { ...start, tags: ['a', 'b'] }, fields)).toBe(true);
    expect(changedFrom(start, { ...start, logo: new File(['x'], 'logo.png') }, fields)).toBe(true);
  });

  it('looks at the form’s fields only', () => {
    expect(changedFrom(start, { ...start, notAField: 2 }, fields)).toBe(false);
  });
});
