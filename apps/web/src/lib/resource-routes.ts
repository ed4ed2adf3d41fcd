import { RESOURCE_INDEX, type ResourceName, resourceListPath } from '@console/contract';
import { getAppConfig } from './app-config';

/** Resources shown inside another screen (a location's tone sequences), not at an address of their own. */
type Panel = 'tone-sequences';
/** The resources with a list screen of their own (app/resource-screens.ts gives each its page). */
export type ScreenResource = Exclude<ResourceName, Panel>;

const PANELS: readonly ResourceName[] = ['tone-sequences'] satisfies Panel[];
export const SCREEN_RESOURCES = (Object.keys(RESOURCE_INDEX) as ResourceName[]).filter(
  (name): name is ScreenResource => !PANELS.includes(name),
);

/**
 * The SPA path of a resource's list screen, from the registry's schema-free index (the sign-in
 * bundle loads this file: RESOURCES would bring every resource's schemas along). `product` (default: the configured product slug)
 * may be '{product}' for the patterns route-keys and route-data spell.
 */
export const resourcePath = (name: ScreenResource, product?: string): string =>
  resourceListPath(RESOURCE_INDEX[name], product ?? getAppConfig().productSlug);
