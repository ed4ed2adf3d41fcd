import { iso31661 } from 'iso-3166/1.js';

/** The 249 assigned ISO 3166-1 alpha-2 codes (from the iso-3166 package), in the package's order. */
export const COUNTRY_CODES = iso31661.map((c) => c.alpha2) as [string, ...string[]];

let byName: readonly { code: string; name: string }[] | undefined;

/**
 * ISO 3166-1 countries by English name, sorted on first use: the sort (a collator and ~2,000
 * comparisons) cost 15 ms of a phone's start-up when it ran as the module loaded, on every
 * screen, for the one form that lists them.
 */
export function countriesByName(): readonly { code: string; name: string }[] {
  const compare = new Intl.Collator('en').compare;
  byName ??= iso31661.map((c) => ({ code: c.alpha2, name: c.name })).sort((a, b) => compare(a.name, b.name));
  return byName;
}

let names: Map<string, string> | undefined;

/** 'BE' -> 'Belgium'; an unknown code as it is. */
export function countryName(code: string): string {
  names ??= new Map(iso31661.map((c) => [c.alpha2, c.name]));
  return names.get(code) ?? code;
}

export const COUNTRY_MESSAGE = 'Choose a country from the list (a two-letter ISO 3166-1 code, e.g. BE)';
