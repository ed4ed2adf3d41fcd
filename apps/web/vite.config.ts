import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type PluginOption, version as viteVersion } from 'vite';

const contractDir = fileURLToPath(new URL('../../packages/contract/src', import.meta.url));

// Long-lived vendor code gets its own cached chunks. Mantine is deliberately NOT forced into
// one chunk: Rollup then splits it per component, so /login only downloads the few
// components the sign-in page renders (bundle goal: <= 180 kB gzip of JS for /login).
function manualChunks(id: string): string | undefined {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/]react-router[\\/]/.test(id)) return 'router';
  return undefined;
}

// The workspace root holds Vite 8 (for Vitest) and @vitejs/plugin-react resolves that one, while
// this app runs Vite 7. Seeing Vite 8, the plugin switches to Rolldown-only internals that crash
// the Vite 7 dev server ("Missing field moduleType"). When the majors differ, leave JSX to
// esbuild (tsconfig "jsx": "react-jsx"): same output, only React Fast Refresh is lost in dev.
// Aligning the two Vite versions in package.json removes the need for this check.
function pluginReactVite(): string {
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@vitejs/plugin-react'));
  return JSON.parse(readFileSync(fromPlugin.resolve('vite/package.json'), 'utf8')).version as string;
}
const major = (v: string) => v.split('.')[0];
const reactPlugin: PluginOption[] = major(pluginReactVite()) === major(viteVersion) ? [react() as unknown as PluginOption] : [];

export default defineConfig({
  plugins: reactPlugin,
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: lets scripts/login-bundle-size.mjs (and the bench) walk the chunk graph.
    manifest: true,
    // Every browser the console supports has native modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The contract is pure declarations (zod schemas, constants); its index re-exports
      // everything, so tell Rollup it has no side effects and unused schemas can be dropped.
      treeshake: {
        moduleSideEffects: (id) => !id.startsWith(contractDir),
      },
      output: { manualChunks },
      // React/Mantine/TanStack ship "use client" directives for server-component bundlers;
      // meaningless in an SPA (what @vitejs/plugin-react silences when it is active).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
