import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const contractDir = fileURLToPath(new URL('../../packages/contract/src', import.meta.url));

// Long-lived vendor code gets its own cached chunks. Mantine is deliberately NOT forced into
// one chunk: Rollup then splits it per component, so /login only downloads the few
// components the sign-in page renders (bundle goal: <= 180 kB gzip of JS for /login).
function manualChunks(id: string): string | undefined {
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/]react-router[\\/]/.test(id)) return 'router';
  return undefined;
}

export default defineConfig({
  plugins: [react()],
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
