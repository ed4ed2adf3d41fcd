import { describe, expect, it } from 'vitest';
import { indexedPart } from './search-term.js';

describe('indexedPart', () => {
  it('looks a code up by its longest word with a digit', () => {
    expect(indexedPart('DEV-001234')).toBe('001234');
    expect(indexedPart('user4242@example.com')).toBe('user4242');
    expect(indexedPart('ab12-x-123456-zz')).toBe('123456');
  });

  it('keeps the whole term when it is one word or has no word with a digit of four characters', () => {
    expect(indexedPart('iphone')).toBeUndefined();
    expect(indexedPart('001234')).toBeUndefined();
    expect(indexedPart('jonas.mueller@example.com')).toBeUndefined();
    expect(indexedPart('anr-zoo-01')).toBeUndefined();
    expect(indexedPart('galaxy s24')).toBeUndefined();
  });

  it('returns a substring of the term, so it matches every row the term matches', () => {
    for (const term of ['DEV-001234', 'Müller 2024-05', 'x 1234 y 12345']) {
      const part = indexedPart(term);
      expect(part && term.includes(part)).toBe(true);
    }
  });
});
