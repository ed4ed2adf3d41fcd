import path from 'node:path';
import { useId as mantineUseId } from '@mantine/hooks';
import { cleanup, render } from '@testing-library/react';
import { createElement, useId as reactUseId } from 'react';
import { type Plugin, rollup } from 'rollup';
import { describe, expect, it } from 'vitest';
import { mantineUseId as plugin, USE_ID_SOURCE } from './mantine-use-id';

// The replacement's own source, run with React's useId for its one import (nothing is written
// to disk; a changed import line leaves the `import` in place and fails to compile here).
const REACT_IMPORT = "import { useId as useReactId } from 'react';";
const replacement = new Function(
  'useReactId',
  USE_ID_SOURCE.replace(REACT_IMPORT, '').replace('export function useId', 'return function useId'),
)(reactUseId) as (staticId?: string) => string;

/** Renders one component that asks for an id, and counts its renders and the ids it got. */
function renders(useId: (staticId?: string) => string, staticId?: string) {
  const ids: string[] = [];
  function Field() {
    const id = useId(staticId);
    ids.push(id);
    return createElement('label', { htmlFor: id }, 'Name');
  }
  render(createElement(Field));
  cleanup();
  return ids;
}

describe('mantine-use-id (the web build)', () => {
  it("Mantine's own hook renders a component twice on its first commit (the random id swapped in)", () => {
    const ids = renders(mantineUseId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it("the replacement renders it once, with React's id under Mantine's prefix, and keeps a static id", () => {
    const ids = renders(replacement);
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatch(/^mantine-[a-zA-Z0-9_-]+$/);
    expect(renders(replacement, 'own-id')).toEqual(['own-id']);
  });

  it("replaces the module in a build, and fails the build when Mantine's module is not there", async () => {
    const entry = (code: string): Plugin => ({
      name: 'entry',
      resolveId: (id) => (id === 'entry' ? '\0entry' : null),
      load: (id) => (id === '\0entry' ? code : null),
    });
    const mantine = path.resolve(__dirname, '../../../node_modules/@mantine/hooks/esm/use-id/use-id.mjs');
    const build = await rollup({
      input: 'entry',
      external: ['react'],
      plugins: [entry(`export { useId } from ${JSON.stringify(mantine)};`), plugin() as unknown as Plugin],
    });
    const { output } = await build.generate({ format: 'es' });
    expect(output[0].code).toContain("'mantine-' + ");
    expect(output[0].code).not.toContain('randomId');
    await expect(rollup({ input: 'entry', plugins: [entry('export const x = 1;'), plugin() as unknown as Plugin] })).rejects.toThrow(
      /did Mantine move it/,
    );
  });
});
