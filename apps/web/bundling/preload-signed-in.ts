// A cold load of a signed-in screen (/home, a list, a dashboard) used to learn of the signed-in
// groups (chunk-groups.ts: data, public, vendor-ui, app, and their CSS) only once the entry had
// downloaded and run: a second round of downloads before the first paint (Lighthouse mobile,
// issue 17). index.html now lists them in a <meta name="signed-in-preload">, and
// public/theme-init.js (the classic script that already runs before the first paint) adds
// preload links for them when the browser holds a session (the userDetails cookie) and the path
// is not a public screen, so they download beside the entry. /login and the other public
// screens never fetch them. The list lives in index.html (never cached for long), not in the
// script (cached for an hour), so a new build never preloads an old build's files.
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
// The contract's entry by path: Vite loads its config with Node, which cannot import the
// workspace package's TypeScript by name (it bundles relative imports).
import { COOKIE_NAMES, PUBLIC_ROUTES } from '../../../packages/contract/src/index';

/** The groups every signed-in screen imports (chunk-groups.ts), in the order they are needed. */
const GROUPS = ['data', 'public', 'vendor-ui', 'app'];

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The signed-in groups' JS and CSS files, in the order they are needed. */
function signedInFiles(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((c): c is ChunkWithCss => c.type === 'chunk');
  const files: string[] = [];
  for (const group of GROUPS) {
    const chunk = chunks.find((c) => c.name === group && !c.isEntry);
    if (!chunk) continue;
    files.push(`/${chunk.fileName}`, ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`));
  }
  return files;
}

/** A pattern of the public screens' paths (no session needed: nothing to preload). */
function publicPathPattern(): string {
  const paths = Object.values(PUBLIC_ROUTES)
    .map((route) => (typeof route === 'function' ? route('x').replace(/\/x$/, '') : route))
    .filter((route) => route !== '/')
    .concat('/docs')
    .map((route) => route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `^(?:${paths.join('|')})(?:/|$)`;
}

export function preloadSignedIn(): Plugin {
  return {
    name: 'console:preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = ctx.bundle ? signedInFiles(ctx.bundle) : [];
        if (files.length === 0) return html;
        // Read by public/theme-init.js: placed just before it, so it is parsed when the script runs.
        const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        const meta = `<meta name="signed-in-preload" content="${attr(files.join(' '))}" data-cookie="${attr(COOKIE_NAMES.userDetails)}" data-public="${attr(publicPathPattern())}" />`;
        const script = '<script src="/theme-init.js"></script>';
        if (!html.includes(script)) throw new Error(`preload-signed-in: index.html has no ${script}`);
        return html.replace(script, `${meta}\n    ${script}`);
      },
    },
  };
}
