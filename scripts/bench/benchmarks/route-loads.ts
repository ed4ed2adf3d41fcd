// Cold loads of the main routes in Chromium (issue 15): a fresh browser context per load (the
// session cookies, an empty HTTP cache), measured with the page's own Resource Timing. Per route:
// - JS files and their gzip size (level 9, as login-bundle measures), and all requests;
// - when the first /api request started and when the main content showed, from the navigation
//   start. Reported as a ratio (first API / main content): timings move with the machine, the
//   ratio says whether the data waited for the code (near 1) or ran beside it. Raw ms in details.
// No goal: the front-end budget is a later issue. Median of RUNS loads per route.
// BENCH_CPU_THROTTLE=4 slows Chromium's CPU four times (DevTools emulation), like a busy machine.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, networkQuiet } from '../lib/chromium';
import { BENCH_ADMIN } from '../lib/context';
import { median, round } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';
import { sized } from '../lib/short';

const RUNS = Number(process.env.BENCH_ROUTE_RUNS ?? sized(3, 1));
const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);

/** Route, and what shows that its main content is there (besides nothing being busy). */
const ROUTES: { name: string; path: string; content: string; signedIn: boolean }[] = [
  { name: 'login', path: '/login', content: 'form button[type="submit"]', signedIn: false },
  { name: 'home', path: '/home', content: 'main h1', signedIn: true },
  { name: 'companies', path: '/platform/companies', content: 'main table', signedIn: true },
  { name: 'clients', path: '/demo-admin/clients', content: 'main table', signedIn: true },
  { name: 'users', path: '/platform/users', content: 'main table', signedIn: true },
  { name: 'demo-media', path: '/demo-admin/demo-media', content: 'main table', signedIn: true },
  { name: 'tones-home', path: '/tone-dashboard/home', content: 'main h2', signedIn: true },
];

/**
 * Runs in the page from its first script: records performance.now() at the first frame where
 * the route's content is in the DOM and nothing is loading (no aria-busy region, no page loader).
 * A string, not a function: tsx would wrap a function's inner helpers in its own `__name`,
 * which does not exist in the page.
 */
const watchMainContent = (selector: string) => `(() => {
  const ready = () =>
    document.querySelector(${JSON.stringify(selector)}) !== null &&
    document.querySelector('[aria-busy="true"]') === null &&
    document.querySelector('[role="status"][aria-label^="Loading"]') === null;
  const tick = () => {
    if (ready()) window.__mainContentAt = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

type Load = { jsFiles: number; jsGzip: number; jsTransfer: number; requests: number; firstApi?: number; lastJs: number; main: number };

async function coldLoad(browser: Browser, baseUrl: string, route: (typeof ROUTES)[number], storageState?: string): Promise<Load> {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, storageState });
  try {
    await context.addInitScript(watchMainContent(route.content));
    const page = await context.newPage();
    if (CPU_THROTTLE > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const gzips: Promise<number>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(baseUrl)) {
        gzips.push(
          res.body().then(
            (b) => gzipSync(b, { level: 9 }).length,
            () => 0,
          ),
        );
      }
    });
    await page.goto(route.path);
    await page
      .waitForFunction(() => '__mainContentAt' in window, undefined, { timeout: 120_000 })
      .catch(async (error: Error) => {
        const state = await page.evaluate(
          (selector) => ({
            content: document.querySelector(selector) !== null,
            busy: [...document.querySelectorAll('[aria-busy="true"]')].map((e) => e.outerHTML.slice(0, 120)),
            loading: document.querySelector('[role="status"][aria-label^="Loading"]')?.outerHTML.slice(0, 120),
          }),
          route.content,
        );
        throw new Error(`${route.path}: the main content did not show (${JSON.stringify(state)}): ${error.message}`);
      });
    await networkQuiet(page);
    const { entries, main } = await page.evaluate(() => ({
      main: (window as unknown as { __mainContentAt: number }).__mainContentAt,
      entries: performance.getEntriesByType('resource').map((e) => {
        const r = e as PerformanceResourceTiming;
        return { name: r.name, start: r.startTime, end: r.responseEnd, transfer: r.transferSize, initiator: r.initiatorType };
      }),
    }));
    const js = entries.filter((e) => new URL(e.name).pathname.endsWith('.js'));
    const api = entries.filter((e) => new URL(e.name).pathname.startsWith('/api/'));
    return {
      jsFiles: js.length,
      jsGzip: (await Promise.all(gzips)).reduce((n, b) => n + b, 0),
      jsTransfer: js.reduce((n, e) => n + e.transfer, 0),
      requests: entries.length + 1, // + the document
      firstApi: api.length > 0 ? Math.min(...api.map((e) => e.start)) : undefined,
      lastJs: Math.max(...js.map((e) => e.end)),
      main,
    };
  } finally {
    await context.close();
  }
}

async function signedInState(browser: Browser, baseUrl: string): Promise<string> {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^email/i).fill(BENCH_ADMIN.email);
  await page.getByLabel(/^password/i).fill(BENCH_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/home', { timeout: 60_000 });
  const file = `${process.env.TMPDIR ?? '/tmp'}/bench-route-loads-${process.pid}.json`;
  await context.storageState({ path: file });
  await context.close();
  return file;
}

export const routeLoadsBenchmark: Benchmark = {
  name: 'route-loads',
  description: 'cold loads of the main routes in Chromium: JS files and bytes, requests, first API call vs main content',
  async run(ctx) {
    const app = await ctx.app();
    const browser = await launchChromium();
    if (typeof browser === 'string') throw new Error(browser);
    const out: Measurement[] = [];
    try {
      const state = await signedInState(browser, app.url);
      for (const route of ROUTES) {
        const loads: Load[] = [];
        for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, app.url, route, route.signedIn ? state : undefined));
        const m = (pick: (l: Load) => number) => median(loads.map(pick));
        const details = { path: route.path, runs: loads, cpuThrottle: CPU_THROTTLE };
        const id = `route.${route.name}`;
        out.push(
          { id: `${id}.js-files`, label: `${route.name}: JS files`, value: m((l) => l.jsFiles), unit: 'files', details },
          { id: `${id}.js-kb`, label: `${route.name}: JS gzip`, value: round(m((l) => l.jsGzip) / 1024, 1), unit: 'kB' },
          { id: `${id}.requests`, label: `${route.name}: requests`, value: m((l) => l.requests), unit: 'requests' },
        );
        if (loads.every((l) => l.firstApi !== undefined)) {
          out.push({
            id: `${id}.first-api`,
            label: `${route.name}: first /api request / main content`,
            value: round(m((l) => (l.firstApi as number) / l.main)),
            unit: 'x',
            details: {
              firstApiMs: round(m((l) => l.firstApi as number)),
              lastJsMs: round(m((l) => l.lastJs)),
              mainContentMs: round(m((l) => l.main)),
              firstApiPerLastJs: round(m((l) => (l.firstApi as number) / l.lastJs)),
            },
          });
        }
      }
    } finally {
      await browser.close();
    }
    return out;
  },
};
