// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PERMISSION_KEYS, RESOURCES } from '@console/contract';
import { describe, expect, it } from 'vitest';
import { buildShellRoutes } from './route-table';

/**
 * One name per module (docs/module-names.md): a module has the same name in its permission-key
 * group, its contract file, its API folder, its web feature folder, its query-key root and its
 * route segment. The spec fixes some routes and keys that differ; each such place is listed
 * below by name, with the reason, and a listed exception that no longer differs fails too.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

type Place = 'keys' | 'contract' | 'api' | 'web' | 'route';
const EXCEPTIONS: Record<string, Partial<Record<Place, string>>> = {
  'product-dashboard': {
    keys: 'spec: the keys are `{product}-dashboard.*` with the product slug `platform`',
    route: 'spec: /{product}/dashboard',
  },
  'tone-home': { route: 'spec: /tone-home-dashboard and /tone-dashboard/home' },
  'user-requests': { route: 'spec: /tone-dashboard/user-request (singular)' },
  'tone-sequences': {
    web: 'a panel of the locations screen (features/locations), not a screen of its own',
    route: 'no route: a panel of /tone-dashboard/locations',
  },
  'module-permissions': { api: 'shares the grants service and its locking with modules/permissions' },
  aes: {
    contract: 'no API: the tool runs in the browser',
    api: 'no API: the tool runs in the browser',
    route: 'spec: /aes/generate',
  },
  profile: { route: 'spec: /profile/about' },
  'user-activity': { web: 'a screen of the profile feature (features/profile/user-activity), sharing its list page' },
  'user-sessions': { web: 'a screen of the profile feature (features/profile/user-sessions), sharing its list page' },
};

const modules = Object.entries(PERMISSION_KEYS).map(([group, keys]) => ({
  name: kebab(group),
  keyPrefix: new Set(Object.values(keys as Record<string, string>).map((k) => k.split('.')[0])),
  keys: Object.values(keys as Record<string, string>),
}));
const routes = buildShellRoutes('platform');
const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();

/** Where each place of a module is, and whether it carries the module's name. */
const checks: Record<Place, (m: (typeof modules)[number]) => boolean> = {
  keys: (m) => m.keyPrefix.size === 1 && m.keyPrefix.has(m.name),
  contract: (m) => existsSync(path.join(ROOT, 'packages/contract/src/modules', `${m.name}.ts`)),
  api: (m) => isDir(path.join(ROOT, 'apps/api/src/modules', m.name)),
  web: (m) => isDir(path.join(ROOT, 'apps/web/src/features', m.name)),
  // Every page guarded by one of the module's keys ends in the module's name.
  route: (m) => {
    const own = routes.filter((r) => [r.roleKey].flat().some((k) => k && m.keys.includes(k)));
    return own.length > 0 && own.every((r) => r.path.split('/').pop() === m.name);
  },
};

describe('one name per module', () => {
  it.each(modules.map((m) => [m.name, m]))('%s has one name in keys, contract, API, web and routes', (_name, m) => {
    const wrong = (Object.keys(checks) as Place[]).filter((place) => !checks[place](m) !== Boolean(EXCEPTIONS[m.name]?.[place]));
    expect(
      wrong.map((place) => (EXCEPTIONS[m.name]?.[place] ? `${place}: listed as an exception but no longer differs` : `${place}: drifts`)),
    ).toEqual([]);
  });

  it('every resource of the registry is a module, named as its key group, with its query keys under its name', () => {
    const names = new Set(modules.map((m) => m.name));
    for (const [name, resource] of Object.entries(RESOURCES)) {
      expect(names).toContain(name);
      expect(resource.name).toBe(name);
    }
  });

  it('the literal query-key roots of a feature are its own module or a module it reads', () => {
    const names = new Set(modules.map((m) => m.name));
    const featuresDir = path.join(ROOT, 'apps/web/src/features');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? files(path.join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name)
            ? [path.join(dir, e.name)]
            : [],
      );
    const drift: string[] = [];
    for (const feature of readdirSync(featuresDir)) {
      if (!names.has(feature)) continue;
      for (const file of files(path.join(featuresDir, feature))) {
        for (const [, root] of readFileSync(file, 'utf8').matchAll(/queryKey:\s*\[\s*'([^']+)'/g)) {
          if (root !== feature && !names.has(root)) drift.push(`${path.relative(ROOT, file)}: '${root}'`);
        }
      }
    }
    expect(drift).toEqual([]);
  });
});
