// A cold load of a signed-in screen (/home, a list, a dashboard) used to learn of the signed-in
// groups (chunk-groups.ts: data, public, shell, vendor-ui, app, and their CSS) only once the entry
// had downloaded and run: a second round of downloads (Lighthouse mobile, issue 17). index.html
// lists them in a <meta name="signed-in-preload">: `content` the groups every signed-in screen
// needs, `data-screens` those every one but /home needs. The server sends a signed-in screen
// signed-in.html (defer-signed-in-entry.ts), whose public/boot-shell.js adds preload links for
// them beside the entry. /login and the other public screens never fetch them. The list lives in
// the page (never cached for long), not in the script (cached for an hour), so a new build never
// preloads an old build's files.
import type { OutputBundle, OutputChunk } from 'rollup';
import type { Plugin } from 'vite';
// The contract's entry by path: Vite loads its config with Node, which cannot import the
// workspace package's TypeScript by name (it bundles relative imports).
import { COOKIE_NAMES, PUBLIC_PATH_PATTERN } from '../../../packages/contract/src/index';

/** The groups every signed-in screen imports (chunk-groups.ts), in the order they are needed. */
const GROUPS = ['data', 'public', 'shell'];
/** The groups every signed-in screen but /home (the launcher) imports. */
const SCREEN_GROUPS = ['vendor-ui', 'app'];

type ChunkWithCss = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The groups' JS and CSS files, in the order they are needed. */
function filesOf(bundle: OutputBundle, groups: string[]): string[] {
  const chunks = Object.values(bundle).filter((c): c is ChunkWithCss => c.type === 'chunk');
  const files: string[] = [];
  for (const group of groups) {
    const chunk = chunks.find((c) => c.name === group && !c.isEntry);
    if (!chunk) continue;
    files.push(`/${chunk.fileName}`, ...[...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`));
  }
  return files;
}

export function preloadSignedIn(): Plugin {
  return {
    name: 'console:preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const files = ctx.bundle ? filesOf(ctx.bundle, GROUPS) : [];
        if (files.length === 0) return html;
        const screens = ctx.bundle ? filesOf(ctx.bundle, SCREEN_GROUPS) : [];
        // Read by public/boot-shell.js: placed before theme-init.js, in the head.
        const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
        const meta = `<meta name="signed-in-preload" content="${attr(files.join(' '))}" data-screens="${attr(screens.join(' '))}" data-cookie="${attr(COOKIE_NAMES.userDetails)}" data-public="${attr(PUBLIC_PATH_PATTERN)}" />`;
        const script = '<script src="/theme-init.js"></script>';
        if (!html.includes(script)) throw new Error(`preload-signed-in: index.html has no ${script}`);
        return html.replace(script, `${meta}\n    ${script}`);
      },
    },
  };
}
