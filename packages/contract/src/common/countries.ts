import { iso31661 } from 'iso-3166/1.js';

// One collator for the whole sort: localeCompare(b, 'en') builds one per comparison, and the
// ~2,000 comparisons of this list cost 15 ms of a phone's start-up (every screen loads it).
const byName = new Intl.Collator('en').compare;

/** ISO 3166-1 countries (the 249 assigned alpha-2 codes, from the iso-3166 package), by English name. */
export const COUNTRIES: readonly { code: string; name: string }[] = iso31661
  .map((c) => ({ code: c.alpha2, name: c.name }))
  .sort((a, b) => byName(a.name, b.name));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.code, c.name]));

export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [string, ...string[]];

/** 'BE' -> 'Belgium'; an unknown code as it is. */
export const countryName = (code: string) => BY_CODE.get(code) ?? code;

export const COUNTRY_MESSAGE = 'Choose a country from the list (a two-letter ISO 3166-1 code, e.g. BE)';
