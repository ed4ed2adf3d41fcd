// Writes dist/signed-in.html: index.html with the entry script and its modulepreload links taken
// out and listed in a <meta name="app-entry"> instead. The server sends it for a signed-in
// screen (a session cookie, not a public path: plugins/static-spa.ts), and public/boot-shell.js
// adds the scripts once the browser has painted the frame it draws.
//
// Why: on a phone, the ~340 kB of JavaScript of a signed-in screen shares the network with the
// stylesheet the first paint needs, so the frame waited for all of it. Lighthouse's simulation
// (Lantern) goes further: it counts every script of High priority that arrived before the first
// paint as blocking it, and on this machine's loopback every script arrives before the frame is
// drawn. /home measured first paint 2.8 s and largest paint 3.3 s (the frame's title is the largest
// element) against 1.1 s and 1.3-1.4 s with the scripts added after the paint (issue 17). The
// cost: the scripts start one frame later, after the stylesheet, which the first paint needed
// anyway. /login and the other public screens keep index.html: their first paint is React's.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// The contract's entry by path, as in preload-signed-in.ts.
import { SIGNED_IN_PAGE_FILE } from '../../../packages/contract/src/index';
import { SCREEN_HEADINGS, type ScreenHeading } from '../src/lib/screen-headings';

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const BOOT_SHELL = '<script src="/boot-shell.js"></script>';
/** The meta goes before it, beside the signed-in-preload meta. */
const THEME_INIT = '<script src="/theme-init.js"></script>';

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the entry and its preloads moved into the meta public/boot-shell.js reads, and
 * the screens' headings in another (the boot shell paints the current screen's with the frame).
 */
export function deferEntry(html: string, headings: Readonly<Record<string, ScreenHeading>> = SCREEN_HEADINGS): string {
  const entry = ENTRY.exec(html);
  if (!entry) throw new Error('defer-signed-in-entry: index.html has no module entry script');
  const preloads = [...html.matchAll(PRELOAD)].map((m) => m[1]);
  for (const script of [BOOT_SHELL, THEME_INIT]) {
    if (!html.includes(script)) throw new Error(`defer-signed-in-entry: index.html has no ${script}`);
  }
  const meta = [
    `<meta name="app-entry" content="${[entry[1], ...preloads].join(' ')}" />`,
    `<meta name="screen-headings" content="${attribute(JSON.stringify(headings))}" />`,
  ].join('\n    ');
  return html.replace(ENTRY, '').replace(PRELOAD, '').replace(THEME_INIT, `${meta}\n    ${THEME_INIT}`);
}

export function deferSignedInEntry(): Plugin {
  return {
    name: 'console:defer-signed-in-entry',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? path.dirname(options.file ?? '');
      const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
      writeFileSync(path.join(dir, SIGNED_IN_PAGE_FILE), deferEntry(html));
    },
  };
}
