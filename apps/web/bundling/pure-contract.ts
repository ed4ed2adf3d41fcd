// Lets Rollup drop the contract's unused schemas from the web bundle. The contract keeps
// constants and schemas side by side (one file per module), so a screen that reads a path or a
// message from a module also imports that module's schemas. Rollup drops an unused declaration
// but keeps its initialiser when the initialiser might have side effects, and a zod chain
// (`z.string().trim().max(200)`) is method calls it cannot see into: the entry chunk built some
// forty schemas no code used, at start-up, on every screen (zod's schema constructors are most
// of the contract's cost when a chunk runs: ~50 ms of a cold /home, measured with marks around
// each module).
//
// Each top-level `const` initialiser of a contract module that calls anything is wrapped in a
// pure-annotated arrow that is called at once: the same value, computed at the same moment, but
// declared free of side effects, so Rollup drops it when nothing reads the constant. Only the
// web build does this (the API imports the contract as it is written). A contract module must
// therefore keep its top-level initialisers free of side effects, which they are: declarations
// of schemas, constants and tables.
//
// A schema declaration (a call chain on `z`, a call whose constant is named `...Schema` or
// `...Field`, or an object literal of built fields, a shape) goes further: it is built at its
// first use, not when its module runs (bundling/lazy-schema.ts says why and how). Other
// constants (tables, paths, resource declarations) are still computed as their module runs. So a
// contract constant so declared must hold a schema: a value read off one (`x.options`,
// `x.shape`) is a member read, computed at once, and a helper's result that is not a schema takes
// a name without "Schema" or "Field".
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The module the lazy schema declarations import their stand-in from. */
export const LAZY_SCHEMA = fileURLToPath(new URL('./lazy-schema.ts', import.meta.url));

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** True when evaluating the expression calls or constructs something (a literal or a function needs no wrapping). */
function callsAnything(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  const n = node as Node;
  if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'ClassExpression') return false;
  if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'TaggedTemplateExpression') return true;
  return Object.entries(n).some(
    ([key, value]) => key !== 'type' && (Array.isArray(value) ? value.some(callsAnything) : callsAnything(value)),
  );
}

/** The identifier a call or member chain starts from (`z` in `z.string().max(5)`). */
function chainRoot(node: Node): Node {
  let n = node;
  while (n.type === 'CallExpression' || n.type === 'MemberExpression') n = (n.type === 'CallExpression' ? n.callee : n.object) as Node;
  return n;
}

/**
 * A zod schema is what the declaration holds: a call on `z`, or a call that names its result a
 * schema or a field; or a shape (an object literal with built values, `{ name: requiredText(...),
 * email: emailField }`, spread into or given to `z.object`: every such literal of the contract is
 * one). A shape's stand-in is a plain object's: spread, keys and reads work, freezing does not.
 */
function declaresSchema(declarator: Node, init: Node): boolean {
  if (init.type === 'ObjectExpression') {
    return (init.properties as Node[]).some((p) => p.type === 'Property' && (p.value as Node).type === 'CallExpression');
  }
  if (init.type !== 'CallExpression') return false;
  const root = chainRoot(init);
  const id = declarator.id as Node;
  const name = id.type === 'Identifier' ? (id.name as string) : '';
  return (root.type === 'Identifier' && root.name === 'z') || /(Schema|Field)$/.test(name);
}

/** Top-level variable declarations, exported or not. */
function topLevelDeclarations(program: Node): Node[] {
  const out: Node[] = [];
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === 'VariableDeclaration') out.push(...(declaration.declarations as Node[]));
  }
  return out;
}

export function pureContract(contractDir: string): Plugin {
  return {
    name: 'pure-contract',
    apply: 'build',
    // After esbuild has turned the TypeScript into JavaScript, which Rollup's parser reads.
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(contractDir) || !/\.ts$/.test(id)) return null;
      const program = this.parse(code) as unknown as Node;
      const out = new MagicString(code);
      let changed = false;
      let lazy = false;
      for (const declarator of topLevelDeclarations(program)) {
        const init = declarator.init as Node | null;
        if (!init || !callsAnything(init)) continue;
        if (declaresSchema(declarator, init)) {
          out.prependLeft(init.start, '/* @__PURE__ */ __lazySchema(() => (');
          out.appendRight(init.end, '))');
          lazy = true;
        } else {
          out.prependLeft(init.start, '/* @__PURE__ */ (() => (');
          out.appendRight(init.end, '))()');
        }
        changed = true;
      }
      if (lazy) out.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(LAZY_SCHEMA)};\n`);
      return changed ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}
