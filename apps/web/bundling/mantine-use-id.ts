// Mantine's useId (@mantine/hooks) starts from React's useId and then, in a layout effect, swaps
// it for a random id: a state change on the first commit of every component that asks for an id
// (AppShell, Popover, Menu, every input). A state change in a layout effect makes React render
// those components again at once, in the same task, and run the page's passive effects there too
// instead of in a task of their own: on a signed-in page that task was 0.15-0.2 s at Lighthouse
// mobile's CPU (issue 17). The swap gives ids unique across several React roots; the console has
// one root (src/main.tsx), where React's useId is unique already and stable across renders.
//
// In the web build only, the hook's module becomes React's useId with Mantine's prefix, and a
// static id still wins. The build fails if the module is not there (a Mantine upgrade moved it),
// rather than silently going back to the double render.
import type { Plugin } from 'vite';

const USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the module becomes: exported under Mantine's name. */
export const USE_ID_SOURCE = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^a-zA-Z0-9_-]/g, '');
}
`;

export function mantineUseId(): Plugin {
  let replaced = false;
  return {
    name: 'mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!USE_ID.test(id)) return null;
      replaced = true;
      return USE_ID_SOURCE;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error('mantine-use-id: @mantine/hooks/esm/use-id/use-id.mjs was not in the build (did Mantine move it?)');
    },
  };
}
