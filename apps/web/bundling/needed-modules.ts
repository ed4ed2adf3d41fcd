// Which modules a root really needs, as Rollup's tree-shaking will decide, read from the module
// graph Rollup hands to `manualChunks`. The plain import graph is far too wide: the sign-in page
// imports `{ Button }` from Mantine's index, which imports all of Mantine. So imports are
// followed by name through modules that only re-export (package indexes, our own index.ts),
// and inside modules declared side-effect free (the contract) by declaration.
import type { ManualChunkMeta, ModuleInfo } from 'rollup';

type Binding = { id: string; name: string };
type AstNode = { type: string; [key: string]: unknown };
type Spec = { type: string; local: { name: string }; imported?: Named; exported?: Named };
type Named = { name?: string; value?: string };
const nameOf = (n: Named | undefined) => n?.name ?? n?.value ?? 'default';

type Edges = {
  /** The module's imports: target and imported names ('*': a namespace, or the module's own side effects). */
  imports: { id: string; names: string[] }[];
  /** Local import binding -> where it comes from. */
  locals: Map<string, Binding>;
  /** Exported name -> where it really comes from, for re-exports. */
  reexports: Map<string, Binding>;
  /** `export * from`: a name not found above may come from these. */
  stars: string[];
  /** Top-level declarations by name (declaration-level following). */
  declarations: Map<string, AstNode>;
};

/** Every identifier used inside a node (an upper bound of what a declaration refers to). */
function identifiers(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) identifiers(n, out);
  else if (node && typeof node === 'object') {
    const n = node as AstNode;
    if (n.type === 'Identifier' && typeof n.name === 'string') out.add(n.name);
    for (const key of Object.keys(n)) if (key !== 'type') identifiers(n[key], out);
  }
  return out;
}

/**
 * How a module uses an imported binding: the members it reads (`z.object` -> ['object']) when it
 * only ever reads members, so a namespace such as zod's `z` does not count as all of zod; else undefined.
 */
function membersUsed(body: unknown, local: string): string[] | undefined {
  const members = new Set<string>();
  let other = false;
  const visit = (node: unknown, parent?: AstNode) => {
    if (Array.isArray(node)) for (const n of node) visit(n, parent);
    else if (node && typeof node === 'object') {
      const n = node as AstNode;
      if (n.type === 'ImportDeclaration') return;
      if (n.type === 'Identifier' && n.name === local) {
        const property = parent?.property as { type?: string; name?: string } | undefined;
        if (parent?.type === 'MemberExpression' && parent.object === n && !parent.computed && property?.name) members.add(property.name);
        else other = true;
      }
      for (const key of Object.keys(n)) if (key !== 'type') visit(n[key], n);
    }
  };
  visit(body);
  return other || members.size === 0 ? undefined : [...members];
}

/** A module's edges, read from its AST (Rollup lists importedIds in the order of their sources). */
function edgesOf(info: ModuleInfo): Edges {
  const body = ((info.ast as { body?: AstNode[] } | null)?.body ?? []) as AstNode[];
  const source = (n: AstNode) => (n.source as { value: string } | null | undefined)?.value;
  const sources = [...new Set(body.map(source).filter((s): s is string => s !== undefined))];
  const idOf = (n: AstNode) => info.importedIds[sources.indexOf(source(n) as string)];
  const edges: Edges = { imports: [], locals: new Map(), reexports: new Map(), stars: [], declarations: new Map() };
  const exportedLocals: [string, string][] = [];
  for (const n of body) {
    const specifiers = (n.specifiers ?? []) as Spec[];
    if (n.type === 'ImportDeclaration') {
      const imported = specifiers.map((s) => (s.type === 'ImportNamespaceSpecifier' ? '*' : nameOf(s.imported)));
      // `import { z } from 'zod'` used as `z.object(...)`: asks for 'z.object' ('*.object' of a namespace is 'object').
      const names = specifiers.flatMap((s, i) => {
        const members = membersUsed(body, s.local.name);
        if (!members) return [imported[i]];
        return members.map((m) => (imported[i] === '*' ? m : `${imported[i]}.${m}`));
      });
      edges.imports.push({ id: idOf(n), names: names.length > 0 ? names : ['*'] });
      for (const [i, s] of specifiers.entries()) edges.locals.set(s.local.name, { id: idOf(n), name: imported[i] });
    } else if (n.type === 'ExportAllDeclaration') {
      if (n.exported) edges.reexports.set(nameOf(n.exported as Named), { id: idOf(n), name: '*' });
      else edges.stars.push(idOf(n));
    } else if (n.type === 'ExportNamedDeclaration' && source(n)) {
      for (const s of specifiers) edges.reexports.set(nameOf(s.exported), { id: idOf(n), name: nameOf(s.local as Named) });
    } else {
      for (const s of specifiers) exportedLocals.push([nameOf(s.exported), s.local.name]);
      const declaration = (
        n.type === 'ExportNamedDeclaration' || n.type === 'ExportDefaultDeclaration' ? n.declaration : n
      ) as AstNode | null;
      if (n.type === 'ExportDefaultDeclaration') edges.declarations.set('default', n);
      // `const a = …`, `const { a, b } = …`, `function a() {}`, `class A {}`
      for (const d of (declaration?.declarations as AstNode[] | undefined) ?? [declaration]) {
        for (const name of identifiers(d?.id)) edges.declarations.set(name, d as AstNode);
      }
    }
  }
  // `import { A } from './a'; export { A }` (Mantine's index) is a re-export too.
  for (const [exported, local] of exportedLocals) {
    const binding = edges.locals.get(local);
    if (binding) edges.reexports.set(exported, binding);
    else if (edges.declarations.has(local)) edges.declarations.set(exported, edges.declarations.get(local) as AstNode);
  }
  return edges;
}

/**
 * The modules whose code `roots` need. A module with code is taken whole with all its imports;
 * a module of `sideEffectFree` counts only when one of its declarations is asked for (then whole:
 * a module sits in one chunk with every import its kept code makes).
 */
export function neededModules(
  meta: ManualChunkMeta,
  roots: string[],
  { sideEffectFree }: { sideEffectFree: (id: string) => boolean },
): Set<string> {
  const out = new Set<string>();
  const asked = new Map<string, Set<string>>();
  const cache = new Map<string, Edges>();
  const queue: [string, string[]][] = roots.map((id) => [id, ['*']]);
  while (queue.length > 0) {
    const [id, names] = queue.pop() as [string, string[]];
    const info = meta.getModuleInfo(id);
    if (!info) continue;
    const edges = cache.get(id) ?? edgesOf(info);
    cache.set(id, edges);
    const seen = asked.get(id) ?? new Set<string>();
    asked.set(id, seen);
    if (seen.has('*') || names.every((n) => seen.has(n))) continue;
    const whole = names.includes('*') || !sideEffectFree(id);
    if (info.isIncluded !== false && whole && !out.has(id)) {
      out.add(id);
      for (const edge of edges.imports) queue.push([edge.id, edge.names]);
    }
    const wanted = names.includes('*') ? ['*', ...edges.reexports.keys()] : names;
    for (const name of wanted) {
      if (seen.has(name)) continue;
      seen.add(name);
      // 'z.object': the member `object` of what this module exports as `z`.
      const [head, ...rest] = name === '*' ? [name] : name.split('.');
      const member = rest.join('.');
      const binding = edges.reexports.get(head);
      const declaration = edges.declarations.get(head);
      if (binding) {
        const target = binding.name === '*' ? member || '*' : member ? `${binding.name}.${member}` : binding.name;
        queue.push([binding.id, [target]]);
      }
      // A declaration of a side-effect-free module: the module is needed after all, and then
      // whole (a module sits in one chunk, with every import its kept code makes).
      else if (declaration && !whole) queue.push([id, ['*']]);
      else if (name === '*') for (const star of edges.stars) queue.push([star, ['*']]);
      else if (!declaration) for (const star of edges.stars) queue.push([star, [name]]);
    }
  }
  return out;
}
