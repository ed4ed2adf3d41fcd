import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { CONTRACT, chunkGroup, sideEffectFree } from './bundling/chunk-groups';
import { chunkGuard } from './bundling/chunk-guard';
import { precompress } from './bundling/precompress';
import { preloadLogin } from './bundling/preload-login';
import { preloadSignedIn } from './bundling/preload-signed-in';
import { deferSignedInEntry } from './bundling/defer-signed-in-entry';
import { pureContract } from './bundling/pure-contract';
import { mantineUseId } from './bundling/mantine-use-id';

export default defineConfig({
  plugins: [
    react(),
    mantineUseId(),
    pureContract(CONTRACT),
    chunkGuard(),
    preloadLogin(),
    preloadSignedIn(),
    deferSignedInEntry(),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // .vite/manifest.json: lets the login-bundle benchmark walk the chunk graph.
    manifest: true,
    // Every browser the console supports has native modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The contract is pure declarations (zod schemas, constants) and our index.ts files only
      // re-export: tell Rollup they have no side effects, so what is not used is dropped and an
      // import through an index does not tie a chunk to everything the index lists.
      treeshake: {
        moduleSideEffects: (id) => !sideEffectFree(id),
      },
      // A handful of long-lived chunks per route instead of ~100 (bundling/chunk-groups.ts).
      // chunk-groups.ts names a group for every module it wants grouped; without
      // onlyExplicitManualChunks Rollup would also pull each grouped module's imports into its
      // group (through Mantine's index: all of Mantine into the sign-in page's group).
      output: { manualChunks: chunkGroup, onlyExplicitManualChunks: true },
      // React/Mantine/TanStack ship "use client" directives for server-component bundlers;
      // meaningless in an SPA (what @vitejs/plugin-react silences when it is active).
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
