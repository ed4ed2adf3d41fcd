import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countriesByName, countryName } from '../src/index';

describe('countries', () => {
  it('lists the 249 assigned codes, by English name for forms', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    const sorted = countriesByName();
    expect(sorted.map((c) => c.code).sort()).toEqual([...COUNTRY_CODES].sort());
    const names = sorted.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    expect(countriesByName()).toBe(sorted);
  });

  it('names a code, and leaves an unknown one as it is', () => {
    expect(countryName('BE')).toBe('Belgium');
    expect(countryName('ZZ')).toBe('ZZ');
  });
});
