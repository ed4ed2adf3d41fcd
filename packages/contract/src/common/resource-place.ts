// Where a resource lives in the SPA, without its schemas: the SPA's entry builds its routes from
// this (registry/resource-index.ts), and a module it imports runs at every signed-in screen's
// start-up, zod and all, if it also declares schemas.

/** The placeholder of the configurable product slug in `module`. */
export const PRODUCT_MODULE = '{product}';

/** The SPA path of a resource's list screen; `product` is the configured PRODUCT_SLUG for `{product}` modules. */
export function resourceListPath(place: { module: string; route?: string; name: string }, product?: string) {
  const module = place.module === PRODUCT_MODULE ? (product ?? 'platform') : place.module;
  return `/${module}/${place.route ?? place.name}`;
}
