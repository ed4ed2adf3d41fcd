// Gzip size of the JavaScript the /login route loads. Two views:
//  - static: the entry script and modulepreload links of apps/web/dist/index.html
//  - browser: every script Chromium actually fetches to render /login (includes lazy route
//    chunks); this one is judged against the goal when Chromium is available.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../../lib/app-server';
import { launchChromium } from '../lib/chromium';
import { round } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';

const GOAL_KB = 180;
const DIST = path.join(ROOT, 'apps/web/dist');
const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
const kb = (bytes: number) => round(bytes / 1024, 1);

function staticEntryScripts(): string[] {
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const urls = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) urls.add(m[1]);
  return [...urls];
}

async function browserScripts(baseUrl: string): Promise<{ url: string; gzip: number; raw: number }[] | string> {
  const browser = await launchChromium();
  if (typeof browser === 'string') return browser;
  try {
    const page = await browser.newPage();
    const pending: Promise<{ url: string; gzip: number; raw: number } | null>[] = [];
    page.on('response', (res) => {
      const isJs = res.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(res.url());
      if (!isJs || !res.url().startsWith(baseUrl)) return;
      pending.push(
        res.body().then(
          (b) => ({ url: new URL(res.url()).pathname, gzip: gz(b), raw: b.length }),
          () => null,
        ),
      );
    });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ timeout: 15_000 });
    return (await Promise.all(pending)).filter((x): x is { url: string; gzip: number; raw: number } => x !== null);
  } finally {
    await browser.close();
  }
}

export const loginBundleBenchmark: Benchmark = {
  name: 'login-bundle',
  description: 'gzip size of the JS the /login route loads',
  async run(ctx) {
    if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first');
    const entries = staticEntryScripts().map((url) => {
      const buf = readFileSync(path.join(DIST, url.replace(/^\//, '')));
      return { url, gzip: gz(buf), raw: buf.length };
    });
    const staticTotal = entries.reduce((n, e) => n + e.gzip, 0);
    const out: Measurement[] = [];

    const app = await ctx.app();
    const loaded = await browserScripts(app.url);
    if (typeof loaded === 'string') {
      out.push({
        id: 'login-js.static',
        label: 'login JS, gzip (index.html entry + preloads)',
        value: kb(staticTotal),
        unit: 'kB',
        goal: { op: '<=', value: GOAL_KB },
        exact: true,
        details: { files: entries, browser: loaded },
      });
    } else {
      const total = loaded.reduce((n, e) => n + e.gzip, 0);
      out.push({
        id: 'login-js.static',
        label: 'login JS, gzip (index.html entry + preloads)',
        value: kb(staticTotal),
        unit: 'kB',
        details: { files: entries },
      });
      out.push({
        id: 'login-js.loaded',
        label: `login JS, gzip (all ${loaded.length} scripts Chromium loads)`,
        value: kb(total),
        unit: 'kB',
        goal: { op: '<=', value: GOAL_KB },
        exact: true,
        details: { files: loaded },
      });
    }
    return out;
  },
};
