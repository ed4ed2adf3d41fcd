#!/usr/bin/env node
// `npm test`: every tier, in order, stopping at the first failing one.
//   typecheck -> lint (Biome, import boundaries, knip) -> unit (vitest) -> api (vitest, PGlite or DATABASE_URL)
//   -> cluster (vitest: two API replicas, a worker and HAProxy on PostgreSQL and Redis) -> e2e (Playwright + Chromium)
//   -> bench (the benchmarks' short pass: each one end to end at a small size, its values not judged)
// TEST_TIERS=unit,api runs a subset. The last line printed is "N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  bold,
  ensureApiBuild,
  ensureDebianPackage,
  ensureDeps,
  ensureRedis,
  ensureWebBuild,
  green,
  red,
  run,
  yellow,
} from './lib/ensure.mjs';
import { ensurePostgres } from './lib/ensure-postgres.mjs';

const ALL_TIERS = ['typecheck', 'lint', 'unit', 'api', 'cluster', 'e2e', 'bench'];
const OUT = path.join(ROOT, 'test-results');
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** Vitest's JSON reporter (jest-compatible shape). */
const vitestCounts = (file) => {
  const r = readJson(file);
  if (!r) return null;
  return {
    passed: r.numPassedTests ?? 0,
    failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
};

/** Playwright's JSON reporter: expected = passed, unexpected = failed, flaky = passed on retry. */
const playwrightCounts = (file) => {
  const r = readJson(file);
  if (!r?.stats) return null;
  const s = r.stats;
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0, flaky: s.flaky ?? 0 };
};

const vitestTier = (project) => async () => {
  const out = path.join(OUT, `${project}.json`);
  const code = await run(bin('vitest'), [
    'run',
    '--project',
    project,
    '--passWithNoTests',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  return { code, counts: vitestCounts(out) };
};

/**
 * The production builds the e2e tier serves (web app and API bundle), started beside the first
 * tiers when e2e is selected: vite and tsc each keep one core busy, and the builds took ~40 s on
 * the 2-core CI machine before e2e could start. Their output goes to test-results/build.log.
 */
let builds = null;
let buildChild = null;
function startBuilds() {
  const log = path.join(OUT, 'build.log');
  const out = openSync(log, 'w');
  console.log(`building the web app and the API beside the first tiers (npm run build; output in ${path.relative(ROOT, log)})`);
  builds = new Promise((resolve) => {
    buildChild = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', out, out] });
    buildChild.on('error', () => resolve(127));
    buildChild.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  }).then((code) => ({ code, log }));
}

/** Waits for the builds startBuilds began, if it did (false when it did not); throws when they failed. */
async function awaitBuilds() {
  if (!builds) return false;
  const { code, log } = await builds;
  if (code !== 0) {
    console.error(readFileSync(log, 'utf8').slice(-6000));
    throw new Error(`npm run build failed with exit code ${code} (${path.relative(ROOT, log)})`);
  }
  return true;
}

const TIERS = {
  typecheck: {
    title: 'Typecheck (tsc --noEmit in every workspace, e2e and scripts)',
    async run() {
      const code = await run('npm', ['run', 'typecheck']);
      return { code, counts: { passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 } };
    },
  },
  lint: {
    title: 'Lint (Biome format + lint, import boundaries with a self-test, knip dead code)',
    async run() {
      // Each check counts as one test; all three run so one report shows every problem.
      const checks = [
        [bin('biome'), ['ci', '--error-on-warnings', '.']],
        [process.execPath, [path.join(ROOT, 'scripts', 'check-boundaries.mjs')]],
        [bin('knip'), ['--no-progress']],
      ];
      let failed = 0;
      for (const [cmd, args] of checks) if ((await run(cmd, args)) !== 0) failed += 1;
      return { code: failed ? 1 : 0, counts: { passed: checks.length - failed, failed, skipped: 0 } };
    },
  },
  unit: { title: 'Unit tests (vitest project "unit": contract and web logic)', run: vitestTier('unit') },
  api: {
    get title() {
      const db = process.env.DATABASE_URL ? `PostgreSQL ${redact(process.env.DATABASE_URL)}` : 'embedded PGlite';
      return `API integration tests (vitest project "api" on ${db})`;
    },
    // The rate-limit test shares counters between two apps through Redis (REDIS_URL in production);
    // the media tests take video poster frames with Debian's ffmpeg (FFMPEG_PATH in production).
    async prepare() {
      // The crash proofs start the API bundle: not while the early build may be writing it.
      await awaitBuilds();
      await ensureRedis();
      const ok = await ensureDebianPackage({ bin: 'ffmpeg', pkg: 'ffmpeg', why: 'video poster frames in the API tests' });
      if (!ok) throw new Error('ffmpeg is required for the api tier (Debian package ffmpeg)');
    },
    run: vitestTier('api'),
  },
  cluster: {
    title: 'Cluster tests (vitest project "cluster": two API replicas, a queue worker and HAProxy on PostgreSQL and Redis)',
    // The topology of deploy/ (README "Deployment and scale-out") from the API bundle, on a throwaway
    // database of DATABASE_URL's PostgreSQL server (or the local one, even when the other tiers run
    // on the embedded database) and a Redis key prefix of its own.
    async prepare() {
      if (!(await ensureDebianPackage({ bin: '/usr/sbin/haproxy', pkg: 'haproxy', why: 'the load balancer of the cluster tests' })))
        throw new Error('HAProxy is required for the cluster tier (Debian package haproxy)');
      await ensureRedis();
      await ensurePostgres();
      await awaitBuilds();
      await ensureApiBuild();
    },
    run: vitestTier('cluster'),
  },
  e2e: {
    title: 'End-to-end tests (Playwright in Debian Chromium against the real server)',
    async prepare() {
      // Debian's headless Chromium (playwright.config.ts); CHROMIUM_PATH runs another build instead.
      const ok =
        !!process.env.CHROMIUM_PATH ||
        (await ensureDebianPackage({
          bin: '/usr/lib/chromium/chromium-headless-shell',
          pkg: 'chromium-headless-shell',
          why: 'the browser the end-to-end tests drive',
        }));
      if (!ok) throw new Error('Chromium is required for the e2e tier (or run a subset: TEST_TIERS=typecheck,unit,api npm test)');
      // Video poster frames (the server finds ffmpeg on the PATH) and the spec's test video.
      if (!(await ensureDebianPackage({ bin: 'ffmpeg', pkg: 'ffmpeg', why: 'video poster frames in the e2e tests' })))
        throw new Error('ffmpeg is required for the e2e tier (Debian package ffmpeg)');
      // The e2e servers run the API bundle, as npm start does; both builds are this run's own.
      if (!(await awaitBuilds())) {
        await ensureWebBuild({ force: true });
        await ensureApiBuild({ force: true });
      }
    },
    async run() {
      const out = path.join(OUT, 'e2e.json');
      const code = await run(bin('playwright'), ['test'], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out } });
      return { code, counts: playwrightCounts(out) };
    },
  },
  bench: {
    title: 'Benchmarks, short pass (npm run bench at a small size, BENCH_SHORT=1: each runs end to end; values not judged)',
    async prepare() {
      // The benchmarks serve the production builds, as npm start does (scripts/bench/lib/context.ts).
      if (!(await awaitBuilds())) {
        await ensureWebBuild();
        await ensureApiBuild();
      }
    },
    async run() {
      // One count per benchmark: it ran and measured (scripts/bench/lib/short.ts), or it failed.
      const out = path.join(ROOT, '.bench', 'short-results.json');
      rmSync(out, { force: true });
      const code = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'bench', 'index.ts')], {
        env: { ...process.env, BENCH_SHORT: '1' },
      });
      const results = readJson(out)?.results;
      const failed = results?.filter((r) => r.error).length ?? 0;
      return { code, counts: results ? { passed: results.length - failed, failed, skipped: 0 } : null };
    },
  },
};

function redact(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(DATABASE_URL)';
  }
}

function selectedTiers() {
  const raw = process.env.TEST_TIERS?.trim();
  if (!raw) return ALL_TIERS;
  const wanted = raw.split(/[\s,]+/).filter(Boolean);
  const unknown = wanted.filter((t) => !ALL_TIERS.includes(t));
  if (unknown.length) {
    console.error(red(`unknown tier(s) in TEST_TIERS: ${unknown.join(', ')} (known: ${ALL_TIERS.join(', ')})`));
    process.exit(2);
  }
  return ALL_TIERS.filter((t) => wanted.includes(t));
}

function heading(text) {
  const line = '='.repeat(Math.max(60, text.length + 4));
  console.log(`\n${bold(line)}\n${bold(`  ${text}`)}\n${bold(line)}`);
}

async function main() {
  const tiers = selectedTiers();
  const started = Date.now();
  const results = [];
  let failedTier = null;

  heading(`Preparing (tiers: ${tiers.join(', ')})`);
  try {
    await ensureDeps();
    // pdftotext reads exported PDFs in the API tests; missing it is reported, not fatal here.
    if (!(await ensureDebianPackage({ bin: 'pdftotext', pkg: 'poppler-utils', why: 'reads exported PDFs in the tests' }))) {
      console.error(yellow('continuing without pdftotext; tests that read PDFs will fail'));
    }
    rmSync(OUT, { recursive: true, force: true });
    mkdirSync(OUT, { recursive: true });
    if (tiers.includes('e2e') || tiers.includes('bench')) startBuilds();
  } catch (err) {
    console.error(red(err.message));
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }

  for (const name of tiers) {
    const tier = TIERS[name];
    heading(`Tier ${name}: ${tier.title}`);
    const t0 = Date.now();
    let code;
    let counts;
    try {
      await tier.prepare?.();
      ({ code, counts } = await tier.run());
    } catch (err) {
      console.error(red(err.message));
      code = 1;
    }
    // A crashed runner may leave no report: count the tier itself as one failure.
    if (!counts) counts = { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 };
    if (code !== 0 && counts.failed === 0) counts.failed = 1;
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    results.push({ name, code, seconds, ...counts });
    if (code !== 0) {
      failedTier = name;
      break;
    }
  }

  heading('Summary');
  for (const r of results) {
    const status = r.code === 0 ? green('ok  ') : red('FAIL');
    const extra = [r.skipped ? `${r.skipped} skipped` : '', r.flaky ? `${r.flaky} flaky` : ''].filter(Boolean).join(', ');
    console.log(
      `  ${status} ${r.name.padEnd(10)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed  ${r.seconds}s${extra ? `  (${extra})` : ''}`,
    );
  }
  for (const name of tiers.slice(results.length)) console.log(`  ${yellow('skip')} ${name.padEnd(10)} not run (an earlier tier failed)`);
  if (results.some((r) => r.name === 'e2e' && r.code !== 0) && existsSync(path.join(ROOT, 'playwright-report'))) {
    console.log(`  Playwright report with traces and screenshots: playwright-report/index.html (npx playwright show-report)`);
  }
  console.log(`  total time ${((Date.now() - started) / 1000).toFixed(0)}s${failedTier ? red(`; stopped at tier ${failedTier}`) : ''}`);
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  // An earlier tier failed while the builds were still running: they are of no use now.
  if (buildChild && buildChild.exitCode === null && buildChild.signalCode === null) buildChild.kill();
  process.exit(failedTier ? 1 : 0);
}

main();
