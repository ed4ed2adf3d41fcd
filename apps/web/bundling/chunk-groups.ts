// Which chunk a module goes to (Rollup `manualChunks`). Left to itself, Rollup gives every
// distinct set of screens that share a module its own chunk: ~100 files per signed-in route,
// which on a busy 2-core machine queue behind the browser's 6 connections and take seconds.
// The groups give a route a handful of long-lived files instead. They are read from the module
// graph, not from lists of files, so a new screen or package lands in the right group:
//   react      React, React DOM and React Router (every page, /login included)
//   (entry)    what main.tsx needs (left to Rollup: the entry chunk)
//   login      what the sign-in page needs besides the entry (budget: <= 180 kB gzip of JS with
//              the entry); the other public screens and every signed-in one reuse it
//   data       what a route's data prefetch runs (app/route-data.ts, the feature queries it
//              imports, TanStack Query, the contract's schemas): free of UI code, so the first
//              API call of a cold load does not wait for Mantine to download and run
//   public     what the other public screens (password reset, two-step code, sign-out, help)
//              need besides those: they do not download the signed-in groups below
//   shell      what the signed-in frame and /home (the launcher, where a sign-in lands) need
//              besides the groups above: /home does not download or run the table, the forms
//              and their packages (issue 17: start-up work was /home's Lighthouse blocking time)
//   vendor-ui  the other packages the signed-in screens share (Mantine, the data table, icons)
//   app        the other code of lib/, components/, app/ and the contract (table, forms, media)
//   charts     Mantine charts, Recharts and components/charts: the dashboards only
//   (screens)  each screen's own code, and the packages one screen alone uses (markdown,
//              ciphers): left to Rollup
// bundling/chunk-guard.ts fails the build when a public chunk would import a signed-in group.
import { fileURLToPath } from 'node:url';
import type { ManualChunkMeta } from 'rollup';
import { neededModules } from './needed-modules';
import { LAZY_SCHEMA } from './pure-contract';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
export const CONTRACT = fileURLToPath(new URL('../../../packages/contract/src/', import.meta.url));
const MAIN = `${SRC}main.tsx`;
export const LOGIN = `${SRC}features/auth/login/login-page.tsx`;
/** The signed-in frame and the launcher (app/router.tsx): the shell group's roots. */
const SHELL = [`${SRC}app/signed-in-layout.tsx`, `${SRC}features/home/home-page.tsx`];
/** The route loaders' prefetch, with the feature queries it imports. */
const ROUTE_DATA = `${SRC}app/route-data.ts`;
/** The public screens besides sign-in (app/router.tsx). */
const PUBLIC = [
  'auth/forgot/forgot-password-page.tsx',
  'auth/reset/reset-password-page.tsx',
  'auth/otp/otp-page.tsx',
  'auth/logout/logout-page.tsx',
  'auth/token-expiry/token-expiry-page.tsx',
  'docs/docs-index-page.tsx',
  'docs/docs-topic-page.tsx',
].map((page) => `${SRC}features/${page}`);

const REACT = new Set(['react', 'react-dom', 'scheduler', 'react-router']);
/** Packages only some screens use, and the group they go to (none: they stay with their screen). */
const SCREEN_ONLY: Record<string, 'charts' | undefined> = {
  '@mantine/charts': 'charts',
  recharts: 'charts',
  'react-markdown': undefined,
  '@noble/ciphers': undefined,
  // The per-day area chart's drawing (components/charts/area-chart-drawing.tsx, loaded lazily).
  uplot: undefined,
};
const isScreenOnly = (pkg: string | undefined) => pkg !== undefined && pkg in SCREEN_ONLY;

const NODE_MODULES = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/g;
/** The package of a module (its innermost node_modules folder); undefined for our own code. */
function packageOf(id: string): string | undefined {
  let name: string | undefined;
  for (const m of id.matchAll(NODE_MODULES)) name = m[1].replace(/\\/g, '/');
  return name;
}
/** Our code: the app, the contract, and the contract's lazy-schema stand-in (bundling/pure-contract.ts). */
const isOwnCode = (id: string) => id.startsWith(SRC) || id.startsWith(CONTRACT) || id === LAZY_SCHEMA;
/**
 * Modules declared side-effect free to Rollup (vite.config.ts): the contract (pure declarations:
 * unused schemas are dropped) and our index.ts files, which only re-export. Without the latter,
 * importing one function through components/resource/index.ts would make a chunk wait for
 * everything that index re-exports (the resource page, the data table and their CSS).
 */
export const sideEffectFree = (id: string) =>
  id.startsWith(CONTRACT) || id === LAZY_SCHEMA || (id.startsWith(SRC) && /[\\/]index\.ts$/.test(id));

type Graph = {
  entry: Set<string>;
  login: Set<string>;
  data: Set<string>;
  public: Set<string>;
  shell: Set<string>;
  /** Per package module: the packages our own code imports that lead to it. */
  reachedFrom: Map<string, Set<string>>;
  /** Own modules that lead to a screen-only package, and to a chart package. */
  screenOnly: Set<string>;
  charts: Set<string>;
};

/** Every module `root` imports, directly or not (no tree-shaking: an upper bound). */
function allImports(meta: ManualChunkMeta, root: string): Set<string> {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(meta.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

function buildGraph(meta: ManualChunkMeta): Graph {
  const ids = [...meta.getModuleIds()];
  const reachedFrom = new Map<string, Set<string>>();
  const roots = new Set<string>();
  for (const id of ids) {
    if (!isOwnCode(id)) continue;
    const info = meta.getModuleInfo(id);
    for (const dep of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) if (packageOf(dep)) roots.add(dep);
  }
  for (const root of roots) {
    const pkg = packageOf(root) as string;
    for (const reached of allImports(meta, root)) {
      if (!packageOf(reached)) continue;
      const from = reachedFrom.get(reached) ?? new Set<string>();
      from.add(pkg);
      reachedFrom.set(reached, from);
    }
  }
  // Own modules that lead to a screen-only package: walk the importers up from its modules.
  const leadingTo = (packages: (pkg: string | undefined) => boolean) => {
    const leads = new Set<string>();
    const stack = ids.filter((id) => packages(packageOf(id)));
    while (stack.length > 0) {
      for (const importer of meta.getModuleInfo(stack.pop() as string)?.importers ?? []) {
        if (leads.has(importer)) continue;
        leads.add(importer);
        stack.push(importer);
      }
    }
    return new Set([...leads].filter(isOwnCode));
  };
  const needs = (roots: string[]) => {
    const missing = roots.filter((root) => !meta.getModuleInfo(root));
    if (missing.length > 0) throw new Error(`bundling/chunk-groups.ts names modules that are gone: ${missing.join(', ')}`);
    return neededModules(meta, roots, { sideEffectFree });
  };
  return {
    entry: needs([MAIN]),
    login: needs([LOGIN]),
    data: needs([ROUTE_DATA]),
    public: needs(PUBLIC),
    shell: needs(SHELL),
    reachedFrom,
    screenOnly: leadingTo(isScreenOnly),
    charts: leadingTo((pkg) => isScreenOnly(pkg) && SCREEN_ONLY[pkg as string] === 'charts'),
  };
}

const graphs = new WeakMap<ManualChunkMeta['getModuleInfo'], Graph>();

export function chunkGroup(id: string, meta: ManualChunkMeta): string | undefined {
  let graph = graphs.get(meta.getModuleInfo);
  if (!graph) {
    graph = buildGraph(meta);
    graphs.set(meta.getModuleInfo, graph);
  }
  const pkg = packageOf(id);
  const from = [...(graph.reachedFrom.get(id) ?? [])];
  // React's own packages, what only they import, and the CommonJS interop helper React needs.
  if ((pkg && (REACT.has(pkg) || (from.length > 0 && from.every((p) => REACT.has(p))))) || id === '\0commonjsHelpers.js') return 'react';
  // What this reader counts as the entry's but Rollup's tree-shaking does not keep there ends up
  // in a small chunk of its own: an extra file, never a wrong import (chunk-guard.ts checks those).
  if (graph.entry.has(id)) return undefined;
  if (graph.login.has(id)) return 'login';
  if (graph.data.has(id)) return 'data';
  // The public screens' group comes first: a public chunk must never import a signed-in one.
  if (graph.shell.has(id) && !graph.public.has(id) && !(id.startsWith(`${SRC}features/`) || isScreenOnly(pkg))) return 'shell';
  if (pkg) {
    // A package our screens share, or one only screen-only packages use (charts' own dependencies).
    const shared = from.some((p) => !isScreenOnly(p));
    if (shared) return graph.public.has(id) ? 'public' : 'vendor-ui';
    return from.map((p) => SCREEN_ONLY[p]).find(Boolean);
  }
  if (!isOwnCode(id) || id.startsWith(`${SRC}features/`)) return undefined;
  if (graph.charts.has(id)) return 'charts';
  if (graph.screenOnly.has(id)) return undefined;
  return graph.public.has(id) ? 'public' : 'app';
}
