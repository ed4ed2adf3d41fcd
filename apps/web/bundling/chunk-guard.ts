// Fails the build when the chunk groups (chunk-groups.ts) stop doing their job: the sign-in
// page must not download a signed-in group, and a route's data prefetch must not wait for UI
// code. Either can happen silently when an import moves (chunk-groups.ts reads the module graph,
// and a miss there makes Rollup link a public chunk to a signed-in one).
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { LOGIN } from './chunk-groups';

/** chunk name -> groups its static imports (transitively) must not reach. */
const FORBIDDEN: Record<string, string[]> = {
  entry: ['data', 'public', 'shell', 'vendor-ui', 'app'],
  login: ['data', 'public', 'shell', 'vendor-ui', 'app'],
  public: ['shell', 'vendor-ui', 'app'],
  data: ['public', 'shell', 'vendor-ui', 'app'],
  shell: ['vendor-ui', 'app'],
};

/** What may not sit inside the data chunk: components (.tsx) and UI packages. */
const UI_CODE = /\.tsx$|[\\/]node_modules[\\/](@mantine|@tabler)[\\/]/;

function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const stack = [start];
  while (stack.length > 0) {
    const chunk = stack.pop() as OutputChunk;
    if (seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') stack.push(next);
    }
  }
  return [...seen.values()];
}

export function chunkGuard(): Plugin {
  return {
    name: 'console-chunk-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const data = chunks.find((c) => c.name === 'data');
      const roots: [string, OutputChunk | undefined][] = [
        ['entry', chunks.find((c) => c.isEntry)],
        ['login', chunks.find((c) => c.moduleIds.includes(LOGIN))],
        ['public', chunks.find((c) => c.name === 'public')],
        ['data', data],
        ['shell', chunks.find((c) => c.name === 'shell')],
      ];
      const ui = data?.moduleIds.filter((id) => UI_CODE.test(id)) ?? [];
      if (ui.length > 0) {
        this.error(`the data chunk holds UI code (${ui.slice(0, 3).join(', ')}): a route's queries must not import components`);
      }
      for (const [role, chunk] of roots) {
        if (!chunk) continue;
        const reached = staticClosure(bundle, chunk).filter((c) => FORBIDDEN[role].includes(c.name));
        if (reached.length > 0) {
          this.error(
            `the ${role} chunk (${chunk.fileName}) imports the ${reached.map((c) => c.name).join(', ')} group: see bundling/chunk-groups.ts` +
              ' (often an import of something that needs a component, or of a module chunk-groups.ts misread)',
          );
        }
      }
    },
  };
}
