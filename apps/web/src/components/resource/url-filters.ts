import { isValid, parseISO } from 'date-fns';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list's filters, kept in the URL next to its list query (back/forward, reload and a shared
 * link keep them). Each filter is declared by how its URL value is read:
 * - 'id': a database id (a positive 32-bit integer), read as a number;
 * - 'day': a calendar day 'YYYY-MM-DD';
 * - a list of values: one of them.
 * Anything else in the URL is dropped instead of sent (the API would answer 400), so a
 * hand-edited link still opens the list.
 */
type FilterKind = 'id' | 'day' | readonly string[];
export type FilterSpec = Readonly<Record<string, FilterKind>>;

type ValueOf<K extends FilterKind> = K extends 'id' ? number : K extends readonly (infer V)[] ? V : string;
/** The filters that are set; absent means "any". */
export type FilterValues<S extends FilterSpec> = { -readonly [N in keyof S]?: ValueOf<S[N]> };
/** A change of some filters; undefined (or '') clears one. */
export type FilterPatch<S extends FilterSpec> = Partial<Record<keyof S, string | undefined>>;

/** How a filter the contract declares (its list.filters) reads from the URL: an enum's values, a number an id, a date a day. */
type KindOf<T> =
  T extends z.ZodOptional<infer I>
    ? KindOf<I>
    : T extends z.ZodPipe<infer _In, infer Out>
      ? KindOf<Out>
      : T extends z.ZodEnum<infer E>
        ? readonly E[keyof E][]
        : T extends z.ZodNumber | z.ZodCoercedNumber<infer _N>
          ? 'id'
          : 'day';
export type SpecOf<S> = { readonly [N in keyof S]: KindOf<S[N]> };

type Def = { type: string; innerType?: z.ZodType; out?: z.ZodType; entries?: Record<string, string> };
function kindOf(schema: z.ZodType): FilterKind {
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if ((def.type === 'optional' || def.type === 'nullable') && def.innerType) return kindOf(def.innerType);
  if (def.type === 'pipe' && def.out) return kindOf(def.out);
  if (def.type === 'enum' && def.entries) return Object.values(def.entries);
  if (def.type === 'number') return 'id';
  // A date or date-time bound (user requests' from/to): the screens pick whole days.
  if (def.type === 'union') return 'day';
  throw new Error(`A list filter of type ${def.type} cannot be read from the URL`);
}

/**
 * The URL reading of filters a resource declares (`resource.list.filters`), all of them or the
 * `names` a screen offers: what each value is comes from the contract, not from a copy of it.
 */
export function urlFilterSpec<S extends z.ZodRawShape, N extends keyof S & string = keyof S & string>(
  filters: S,
  names?: readonly N[],
): SpecOf<Pick<S, N>> {
  const picked = names ?? (Object.keys(filters) as N[]);
  return Object.fromEntries(picked.map((name) => [name, kindOf(filters[name] as unknown as z.ZodType)])) as SpecOf<Pick<S, N>>;
}

const ID = /^[1-9]\d{0,9}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readOne(kind: FilterKind, raw: string | null): number | string | undefined {
  if (!raw) return undefined;
  if (kind === 'id') return ID.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : undefined;
  if (kind === 'day') return DAY.test(raw) && isValid(parseISO(raw)) ? raw : undefined;
  return kind.includes(raw) ? raw : undefined;
}

/** The valid filters of `params`. */
export function parseFilters<S extends FilterSpec>(spec: S, params: URLSearchParams): FilterValues<S> {
  const found: Record<string, number | string> = {};
  for (const [name, kind] of Object.entries(spec)) {
    const value = readOne(kind, params.get(name));
    if (value !== undefined) found[name] = value;
  }
  return found as FilterValues<S>;
}

/** Whether a 'day' filter of `spec` is set: its day is the browser's, so the list call names the zone. */
export function setsDay(spec: FilterSpec, filters: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(spec).some(([name, kind]) => kind === 'day' && filters[name] !== undefined);
}

/** `params` with the patch merged in; back to page 1 (the old page may not exist in the new selection), other parameters kept. */
export function writeFilters<S extends FilterSpec>(spec: S, params: URLSearchParams, patch: FilterPatch<S>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of Object.keys(spec)) {
    if (!(name in patch)) continue;
    const value = patch[name];
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  next.delete('page');
  return next;
}

/**
 * The filters of `spec` from the URL, with setters. `normalise` may reshape what was read (e.g. a
 * date range given backwards). The filters keep their identity while their values stay the
 * same: they are part of the list's query key.
 */
export function useUrlFilters<S extends FilterSpec>(spec: S, normalise?: (filters: FilterValues<S>) => FilterValues<S>) {
  const [params, setParams] = useSearchParams();
  const key = Object.keys(spec)
    .map((name) => params.get(name))
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for params (a new object on every URL change); spec and normalise are module constants
  const filters = useMemo(() => {
    const read = parseFilters(spec, params);
    return normalise ? normalise(read) : read;
  }, [key]);
  const setFilters = useCallback((patch: FilterPatch<S>) => setParams((current) => writeFilters(spec, current, patch)), [setParams, spec]);
  const clearFilters = useCallback(
    () => setFilters(Object.fromEntries(Object.keys(spec).map((name) => [name, undefined])) as FilterPatch<S>),
    [setFilters, spec],
  );
  return { filters, setFilters, clearFilters, active: Object.keys(filters).length > 0 };
}
