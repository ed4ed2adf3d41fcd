import { describe, expect, it } from 'vitest';
import { SCREEN_HEADINGS, screenHeading } from '../lib/screen-headings';
import { buildShellRoutes } from './route-table';

describe('screen headings', () => {
  it('name only screens that exist, by the pattern the route table spells', () => {
    const patterns = new Set(buildShellRoutes('{product}').map((route) => route.path));
    expect(Object.keys(SCREEN_HEADINGS).filter((path) => !patterns.has(path))).toEqual([]);
  });

  it('are found by path, whatever the product slug', () => {
    expect(screenHeading('/acme/users', 'acme')).toBe(SCREEN_HEADINGS['/{product}/users']);
    expect(screenHeading('/acme/dashboard', 'acme')).toBe(SCREEN_HEADINGS['/{product}/dashboard']);
    expect(screenHeading('/demo-admin/clients', 'acme')).toBe(SCREEN_HEADINGS['/demo-admin/clients']);
    expect(screenHeading('/acme/permissions', 'acme')).toBeUndefined();
  });
});
