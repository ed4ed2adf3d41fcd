// Front-end quality bars (issue 17, DESIGN s.5) in Debian's Chromium:
// - Lighthouse 12 (default config: mobile, simulated 4x CPU / slow 4G) on /login, /home, the users
//   list with 500 rows (/platform/users?limit=500, 520 users created through the API first) and
//   the product dashboard: performance >= 90 and accessibility = 100 per page.
// - Interaction to next paint of sorting that 500-row table: a click on a sortable column header
//   with 4x CPU throttling (as Lighthouse mobile), measured by the page's own PerformanceObserver on
//   'event' entries (durationThreshold 16): the longest entry of the click's interaction. Goal <= 200 ms.
// BENCH_LIGHTHOUSE_CALIBRATED=1 adds, per page, runs with the CPU slowdown Lighthouse's throttling
// calculator gives this host (4x is meant for a host of benchmark index ~1,533; lib/cpu-calibration.ts).
// Scores move with the machine (a busy CPU inflates the trace Lighthouse simulates from): each page
// runs BENCH_LIGHTHOUSE_RUNS times (default 3), the median is judged and the range is in details.
// The pages come from a server of their own at the lowest CPU priority (BenchContext.pageLoadApp):
// Lighthouse judges the renderer's tasks by their wall-clock length, and on a 2-core host the API
// answering the page's requests stretched them (a task of 17 ms of CPU lasted 42 ms).
// Signed in through the real sign-in form; Lighthouse keeps cookies between runs (it clears caches
// and service workers only), so every signed-in run is a cold load of a live session.
import { mkdir, writeFile } from 'node:fs/promises';
import { type LaunchedChrome, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromium, type Page } from 'playwright-core';
import { ADMIN_API_PATHS, API_PATHS, COOKIE_NAMES, HEADER_NAMES } from '@console/contract';
import { CHROMIUM_FLAGS, chromiumPath } from '../lib/chromium';
import { BENCH_ADMIN } from '../lib/context';
import { calibratedCpuSlowdown } from '../lib/cpu-calibration';
import { median, round } from '../lib/stats';
import type { Benchmark, Measurement } from '../lib/types';
import { sized } from '../lib/short';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? sized(3, 1));
/** A subset of the pages by name (BENCH_LIGHTHOUSE_PAGES=users-500,dashboard), and/or "inp"; default all. */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const SORTS = Number(process.env.BENCH_INP_SORTS ?? sized(6, 1));
/**
 * BENCH_LIGHTHOUSE_CALIBRATED=1: each page also runs with the CPU slowdown that makes this host
 * emulate Lighthouse's intended phone (lib/cpu-calibration.ts), from the index its default runs
 * measured. The default runs stay the judged ones (the issue asks for Lighthouse's defaults).
 */
const CALIBRATED = process.env.BENCH_LIGHTHOUSE_CALIBRATED === '1';
/**
 * BENCH_LIGHTHOUSE_CPU=6 (with CALIBRATED): that slowdown instead of the calibrated one, for A/B
 * runs of two builds. The calibration follows the host's index, which moves 2x within an hour
 * here, and a score taken at 4x is not comparable with one taken at 8x.
 */
const FIXED_CPU = Number(process.env.BENCH_LIGHTHOUSE_CPU) || undefined;
const USERS = sized(520, 110);
const CHROME_FLAGS = ['--headless', ...CHROMIUM_FLAGS];
const PAGES = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'home', path: '/home', signedIn: true },
  { name: 'users-500', path: '/platform/users?limit=500', signedIn: true },
  { name: 'dashboard', path: '/platform/dashboard', signedIn: true },
] as const;
const wanted = (name: string) => !ONLY || ONLY.includes(name);

/**
 * `benchmarkIndex`: Lighthouse's own measure of the host's CPU, in every report. Its 4x slowdown
 * assumes a fast desktop (1500-2000); a slower host emulates a slower phone and scores lower
 * (Lighthouse's docs/throttling.md). Reported with the scores so runs on different days compare.
 */
type Scores = {
  performance: number;
  accessibility: number;
  finalPath: string;
  failing: string[];
  metrics: Record<string, number>;
  benchmarkIndex?: number;
};

/** Creates users through the API (as an administrator would) until the list has USERS rows. */
async function seedUsers(baseUrl: string) {
  const res = await fetch(`${baseUrl}/api${API_PATHS.auth.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`bench sign-in answered ${res.status}`);
  const token = ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
  const cookie = (name: string) => {
    const line = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
    return line ? decodeURIComponent(line.slice(name.length + 1).split(';')[0]) : '';
  };
  const [csrf, sessionId] = [cookie(COOKIE_NAMES.csrf), cookie(COOKIE_NAMES.sessionId)];
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    [HEADER_NAMES.csrf]: csrf,
    [HEADER_NAMES.sessionId]: sessionId,
    cookie: `${COOKIE_NAMES.csrf}=${csrf}; ${COOKIE_NAMES.sessionId}=${sessionId}`,
  };
  const create = async (i: number) => {
    const r = await fetch(`${baseUrl}/api${ADMIN_API_PATHS.users.add}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        firstname: `First${i % 97}`,
        lastname: `Last${(i * 7) % 113}`,
        email: `lh-user-${i}@bench.example`,
        roleId: 2 + (i % 2),
        password: 'Bench-User-Pass-8812',
        status: i % 10 === 0 ? 'inactive' : 'active',
      }),
    });
    if (!r.ok) throw new Error(`creating user ${i} answered ${r.status}: ${await r.text()}`);
  };
  // Four at a time: password hashing makes each create a few ms of server CPU.
  for (let i = 0; i < USERS; i += 4) await Promise.all([i, i + 1, i + 2, i + 3].filter((n) => n < USERS).map(create));
}

/** One Lighthouse run; a trace that failed to record (NO_NAVSTART and the like, seen on a busy machine) is retried. */
async function audit(chrome: LaunchedChrome, url: string, cpuSlowdown?: number, attempt = 1): Promise<Scores> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // Calibrated runs: Lighthouse mobile's network and the host's own CPU slowdown.
    ...(cpuSlowdown ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } } : {}),
  }).catch((error: Error) => {
    if (attempt < 3) return audit(chrome, url, cpuSlowdown, attempt + 1);
    throw error;
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if ('performance' in result) return result;
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_SAVE=dir keeps each run's whole report (lhr JSON) for a look at its audits,
  // and the trace it was computed from (-trace.json: open it in Chrome's Performance panel).
  if (process.env.BENCH_LIGHTHOUSE_SAVE) {
    const dir = process.env.BENCH_LIGHTHOUSE_SAVE;
    await mkdir(dir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}`;
    await writeFile(`${dir}/${name}.json`, JSON.stringify(lhr));
    if (result.artifacts.Trace) await writeFile(`${dir}/${name}-trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError && attempt < 3) return audit(chrome, url, cpuSlowdown, attempt + 1);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN, 0);
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a.score !== null && a.score < 0.9)
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    finalPath: new URL(lhr.finalDisplayedUrl).pathname,
    failing,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
      si: metric('speed-index'),
    },
  };
}

/** Playwright on the Lighthouse browser's default context (the one Lighthouse's tabs share). */
async function withPage<T>(chrome: LaunchedChrome, fn: (page: Page) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      return await fn(page);
    } finally {
      await page.close();
    }
  } finally {
    await browser.close(); // disconnects; the browser stays up
  }
}

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^email/i).fill(BENCH_ADMIN.email);
  await page.getByLabel(/^password/i).fill(BENCH_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/home', { timeout: 60_000 });
}

/** The longest 'event' entry of each click interaction on a sortable header, SORTS times. */
async function sortInp(page: Page, baseUrl: string): Promise<number[]> {
  // A desktop window: in the launcher's default 800x600 window the table scrolls sideways and
  // a header off to the right cannot be clicked. The CPU is still throttled 4x below.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseUrl}${PAGES[2].path}`);
  // The page has arrived when its rows are drawn and the rest are held (components/data-table/row-window.tsx).
  await page.locator('main table tbody tr[data-held]').waitFor({ state: 'attached', timeout: 180_000 });
  await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached', timeout: 60_000 });
  // Throttled from here on: the sorts are what is measured (a throttled load of 500 rows took
  // minutes on the shared machine).
  await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.evaluate(() => {
    const w = window as unknown as { __inp: { id: number; name: string; duration: number }[] };
    w.__inp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
        if (e.interactionId) w.__inp.push({ id: e.interactionId, name: e.name, duration: e.duration });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  const headers = ['Email', 'Role', 'Name', 'Created'];
  const out: number[] = [];
  for (let i = 0; i < SORTS; i++) {
    const header = page.locator('main table thead th', { hasText: headers[i % headers.length] }).first();
    const before = await page.evaluate(() => (window as unknown as { __inp: unknown[] }).__inp.length);
    // force: the header is there, but a busy machine may still be settling the column widths
    // after the last sort, which Playwright's "stable" check would wait out.
    await header.click({ force: true });
    // The sorted page arrives and renders; then a quiet moment so the entry is reported.
    await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached', timeout: 60_000 });
    await page.waitForTimeout(1_000);
    const entries = await page.evaluate(
      (from) => (window as unknown as { __inp: { id: number; duration: number }[] }).__inp.slice(from),
      before,
    );
    // No entry: the interaction took under 16 ms (the observer's threshold).
    out.push(entries.length ? Math.max(...entries.map((e) => e.duration)) : 16);
  }
  return out;
}

/** The median Lighthouse benchmark index of some runs (NaN when none reported one). */
const hostIndexOf = (list: Scores[]) => median(list.flatMap((s) => (s.benchmarkIndex === undefined ? [] : [s.benchmarkIndex])));

/** A page's score with the host's calibrated CPU slowdown: what Lighthouse's intended phone would score. */
function calibratedScore(p: (typeof PAGES)[number], { cpu, list }: { cpu: number; list: Scores[] }): Measurement {
  const performance = list.map((s) => s.performance);
  return {
    id: `lighthouse.${p.name}.performance-calibrated`,
    label: `${p.name}: the same, ${FIXED_CPU ? 'CPU slowed by BENCH_LIGHTHOUSE_CPU' : "CPU calibrated to Lighthouse's phone"} (${round(cpu, 1)}x; median of ${list.length}; ${Math.min(...performance)}-${Math.max(...performance)})`,
    value: median(performance),
    unit: 'score',
    goal: { op: '>=', value: 90 },
    details: { cpuSlowdown: round(cpu, 2), runs: list.map(({ finalPath, ...run }) => run) },
  };
}

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description: 'Lighthouse mobile performance/accessibility of /login, /home, a 500-row list, the dashboard; sort INP',
  async run(ctx) {
    const app = await ctx.pageLoadApp();
    await seedUsers(app.url);
    // Lighthouse leaves promises unawaited (its wait for a quiet CPU, evaluations in a tab it
    // closed): on a busy machine their PROTOCOL_TIMEOUT / "Target closed" would end the whole
    // bench process. The audit itself still returns (or throws) and is judged.
    const ignoreProtocolTimeout = (reason: unknown) => {
      console.error(`  (Lighthouse, not awaited: ${(reason as Error)?.message ?? reason})`);
    };
    process.on('unhandledRejection', ignoreProtocolTimeout);
    const found = await chromiumPath();
    if (typeof found === 'string') throw new Error(found);
    const chrome = await launch({ chromePath: found.path, chromeFlags: CHROME_FLAGS });
    const out: Measurement[] = [];
    try {
      const scores = new Map<string, Scores[]>();
      const calibrated = new Map<string, { cpu: number; list: Scores[] }>();
      const runs = async (p: (typeof PAGES)[number], cpuSlowdown?: number) => {
        const list: Scores[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A page Lighthouse cannot finish (three tries) is reported as score 0 with the reason.
          const s = await audit(chrome, `${app.url}${p.path}`, cpuSlowdown).catch(
            (error: Error): Scores => ({
              performance: 0,
              accessibility: 0,
              finalPath: p.path.split('?')[0],
              failing: [`error: ${error.message}`],
              metrics: {},
            }),
          );
          if (s.finalPath !== p.path.split('?')[0]) throw new Error(`Lighthouse on ${p.path} ended at ${s.finalPath}`);
          list.push(s);
          if (process.env.BENCH_VERBOSE) console.error(p.path, JSON.stringify(s));
        }
        return list;
      };
      const runPage = async (p: (typeof PAGES)[number]) => {
        const list = await runs(p);
        scores.set(p.name, list);
        const cpu = CALIBRATED ? (FIXED_CPU ?? calibratedCpuSlowdown(hostIndexOf(list))) : undefined;
        if (cpu) calibrated.set(p.name, { cpu, list: await runs(p, cpu) });
      };
      for (const p of PAGES.filter((x) => !x.signedIn && wanted(x.name))) await runPage(p);
      await withPage(chrome, (page) => signIn(page, app.url));
      for (const p of PAGES.filter((x) => x.signedIn && wanted(x.name))) await runPage(p);
      const inp = wanted('inp') ? await withPage(chrome, (page) => sortInp(page, app.url)) : [];

      for (const p of PAGES.filter((x) => scores.has(x.name))) {
        const list = scores.get(p.name) as Scores[];
        const range = (k: 'performance' | 'accessibility') => list.map((s) => s[k]);
        const details = {
          path: p.path,
          runs: list.map(({ finalPath, ...run }) => run),
        };
        const hostIndex = hostIndexOf(list);
        out.push(
          {
            id: `lighthouse.${p.name}.performance`,
            label: `${p.name}: Lighthouse mobile performance (median of ${list.length}; ${Math.min(...range('performance'))}-${Math.max(...range('performance'))}; host index ${Number.isFinite(hostIndex) ? Math.round(hostIndex) : '?'})`,
            value: median(range('performance')),
            unit: 'score',
            goal: { op: '>=', value: 90 },
            details,
          },
          ...(calibrated.has(p.name) ? [calibratedScore(p, calibrated.get(p.name) as { cpu: number; list: Scores[] })] : []),
          {
            id: `lighthouse.${p.name}.accessibility`,
            label: `${p.name}: Lighthouse accessibility`,
            value: Math.min(...range('accessibility')),
            unit: 'score',
            goal: { op: '>=', value: 100 },
            exact: true,
          },
        );
      }
      if (inp.length === 0) return out;
      out.push({
        id: 'lighthouse.sort-inp',
        label: `users list, 500 rows: INP of a header sort, 4x CPU (median of ${inp.length}; max ${round(Math.max(...inp), 0)})`,
        value: round(median(inp), 0),
        unit: 'ms',
        goal: { op: '<=', value: 200 },
        details: { samples: inp },
      });
    } finally {
      await chrome.kill();
      process.off('unhandledRejection', ignoreProtocolTimeout);
    }
    return out;
  },
};
