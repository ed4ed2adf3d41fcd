// @vitest-environment node
import { type Plugin, rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { LAZY_SCHEMA, pureContract } from './pure-contract';

const CONTRACT = '/virtual/contract/';
// A contract module as esbuild leaves it: constants and schemas side by side.
const MODULE = `import { z } from 'zod';
export const PATHS = { list: '/things' };
const LIMIT = 5;
export const usedSchema = z.object({ name: z.string().trim().max(LIMIT) });
export const unusedSchema = z.object({ code: z.string().regex(/^[A-Z]+$/).max(8) });
const unusedHelper = (max) => z.string().max(max);
export const unusedTable = ['a', 'b'].map((x) => x.toUpperCase());
export const usedTable = ['c', 'd'].map((x) => x.toUpperCase());
export const nameField = fieldOf(3);
const personShape = { name: fieldOf(20), nick: nameField };
export const personSchema = z.object({ ...personShape, age: z.number() });
export const LABELS = { name: 'Name', nick: LIMIT };
function fieldOf(max) { return z.string().max(max); }
export function parseName(value) { return usedSchema.parse(value); }
`;

/** Bundles an entry that reads a path and one schema from the module, with or without the plugin. */
async function bundle(withPlugin: boolean, entry: string) {
  const files: Plugin = {
    name: 'virtual',
    resolveId: (id) => (id === 'entry' ? '\0entry' : id === './things' ? `${CONTRACT}things.ts` : null),
    load: (id) => (id === '\0entry' ? entry : id === `${CONTRACT}things.ts` ? MODULE : null),
  };
  const build = await rollup({
    input: 'entry',
    // The stand-in module is TypeScript, which the web build (not bare Rollup) compiles.
    external: ['zod', LAZY_SCHEMA],
    plugins: [files, ...(withPlugin ? [pureContract(CONTRACT) as unknown as Plugin] : [])],
    // As the web build declares the contract (vite.config.ts): side-effect free.
    treeshake: { moduleSideEffects: (id) => !id.startsWith(CONTRACT) && id !== LAZY_SCHEMA },
  });
  const { output } = await build.generate({ format: 'es' });
  return output[0].code;
}

describe('pure-contract', () => {
  const entry = `import { PATHS, usedSchema } from './things'; console.log(PATHS.list, usedSchema);`;

  it('lets Rollup drop the schemas and tables nothing reads, and keeps what is read', async () => {
    const code = await bundle(true, entry);
    expect(code).toContain("'/things'");
    expect(code).toContain('trim().max(LIMIT)');
    expect(code).not.toContain('regex');
    expect(code).not.toContain('toUpperCase');
  });

  it('is what drops them: without it the unused initialisers stay in the bundle', async () => {
    const code = await bundle(false, entry);
    expect(code).toContain('regex');
    expect(code).toContain('toUpperCase');
  });

  it('keeps a schema a kept function reads, and evaluates initialisers in their order', async () => {
    const code = await bundle(true, `import { parseName } from './things'; console.log(parseName('x'));`);
    expect(code).toContain('usedSchema');
    expect(code.indexOf('usedSchema =')).toBeLessThan(code.indexOf('function parseName'));
    expect(code).not.toContain('unusedSchema');
  });

  it('builds a schema at its first use: schema declarations become lazy stand-ins, other constants are computed at once', async () => {
    const code = await bundle(
      true,
      `import { usedSchema, usedTable, nameField } from './things'; console.log(usedTable, usedSchema, nameField);`,
    );
    expect(code).toContain(`from '${LAZY_SCHEMA}'`);
    // a call chain on z, and a call whose constant is named ...Field
    expect(code).toContain('usedSchema = /* @__PURE__ */ lazySchema(() => (z.object(');
    expect(code).toContain('nameField = /* @__PURE__ */ lazySchema(() => (fieldOf(3)))');
    // a shape of built values is lazy too: the schema made from it builds it
    const shaped = await bundle(true, `import { personSchema, LABELS } from './things'; console.log(personSchema, LABELS);`);
    expect(shaped).toContain('personShape = /* @__PURE__ */ lazySchema(() => ({ name: fieldOf(20)');
    expect(shaped).toContain("LABELS = { name: 'Name'");
    // a table is no schema: its value is computed as the module runs
    expect(code).toContain("usedTable = /* @__PURE__ */ (() => (['c', 'd']");
  });

  it('adds no stand-in import to a module whose schemas nothing reads', async () => {
    const code = await bundle(true, `import { PATHS } from './things'; console.log(PATHS.list);`);
    expect(code).not.toContain(LAZY_SCHEMA);
    expect(code).not.toContain('z.object');
  });
});
