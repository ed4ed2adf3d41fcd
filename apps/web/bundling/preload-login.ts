// Adds a modulepreload link for the sign-in group's chunk to index.html. The router imports it
// lazily, so without the link the browser learns of it only after the entry has downloaded and
// run: one more round trip before the first paint of /login (Lighthouse mobile, issue 17). Every
// signed-in screen reuses the group too (chunk-groups.ts), so no page downloads it in vain.
import type { OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
import { LOGIN } from './chunk-groups';

export function preloadLogin(): Plugin {
  return {
    name: 'console:preload-login',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c): c is OutputChunk => c.type === 'chunk');
        const login = chunks.find((c) => c.moduleIds.includes(LOGIN));
        if (!login || login.isEntry) return [];
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${login.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
