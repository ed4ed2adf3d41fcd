// Starts what the specs run against: an in-process SMTP server capturing every mail, the
// real server (fresh PGlite, demo seed), a second one of its own for the specs that compare
// whole-database figures ('solo', see playwright.config.ts) and a third with a short inactivity
// timeout. Then signs the seeded roles in once per server and stores the browser state
// (auth-state.ts). Workers read the addresses from the environment set here.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';
import { ROOT, startAppServer, type AppServer } from '../../scripts/lib/app-server';
import { STORED_ROLES, STORED_SERVERS, keepStoredSessionsAlive, type ServerName } from './auth-state';
import { E2E, serverEnv } from './env';
import { signIn } from './fixtures';
import { startSmtp } from './smtp';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)}s`;

/**
 * Signs the roles in through the form on each stored server, all at once, and saves the storage
 * state. Only the main server stores the two-step role, so one code mail is in flight at a time.
 */
async function storeSignIns(config: FullConfig, urls: Record<ServerName, string>, stateDir: string) {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    const jobs = STORED_SERVERS.flatMap((server) => STORED_ROLES[server].map((who) => ({ server, who })));
    await Promise.all(
      jobs.map(async ({ server, who }) => {
        // A slow moment of a busy machine must not fail the whole run here, where a test would
        // have been retried: up to three tries, each in a fresh context.
        for (let attempt = 1; ; attempt++) {
          const context = await browser.newContext({ baseURL: urls[server] });
          try {
            const page = await context.newPage();
            await signIn(page, who, { fresh: true });
            await context.storageState({ path: path.join(stateDir, `${server}-${who}.json`) });
            return;
          } catch (err) {
            if (attempt === 3) throw err;
            console.warn(`[e2e] storing the sign-in of ${who} on ${server} failed (try ${attempt} of 3): ${(err as Error).message}`);
          } finally {
            await context.close();
          }
        }
      }),
    );
  } finally {
    await browser.close();
  }
}

export default async function globalSetup(config: FullConfig) {
  // Serve a snapshot of the built SPA, so a rebuild in the same checkout during the run
  // (vite empties apps/web/dist first) cannot blank the pages under test.
  const dist = path.join(ROOT, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` (npm test does it)');
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-web-'));
  cpSync(dist, webDir, { recursive: true });
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-mail-'));
  const stateDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-state-'));
  const smtp = await startSmtp(mailDir);
  const logDir = path.join(ROOT, 'test-results');
  const env = { ...serverEnv(smtp.port), WEB_DIST_DIR: webDir };
  const servers: AppServer[] = [];
  let stopHeartbeat = () => {};
  const stopAll = async () => {
    stopHeartbeat();
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.stop();
    for (const dir of [webDir, stateDir]) rmSync(dir, { recursive: true, force: true });
    if (!process.env.E2E_KEEP_DATA) rmSync(mailDir, { recursive: true, force: true });
  };

  const t0 = Date.now();
  try {
    // All at once: each is migrated and seeded by the db:migrate CLI before it starts (see
    // startAppServer), so no server start runs against its plugin timeout while the CPU is shared.
    const started = await Promise.allSettled(
      (
        [
          ['main', env],
          ['solo', env],
          ['short-idle', { ...env, IDLE_TIMEOUT_MS: String(E2E.shortIdleMs) }],
        ] as const
      ).map(([name, serverEnv]) => startAppServer({ name, env: serverEnv, logDir })),
    );
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    await stopAll();
    throw err;
  }
  const [main, solo, shortIdle] = servers;
  const urls = { main: main.url, solo: solo.url, 'short-idle': shortIdle.url };
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_SOLO_URL = solo.url;
  process.env.E2E_SHORT_IDLE_URL = shortIdle.url;
  process.env.E2E_MAIL_DIR = mailDir;
  console.log(
    `[e2e] servers ready in ${seconds(t0)}: main ${main.url}, solo ${solo.url}, short-idle ${shortIdle.url}; ` +
      `smtp 127.0.0.1:${smtp.port}; logs in test-results/server-*.log`,
  );

  const t1 = Date.now();
  try {
    await storeSignIns(config, urls, stateDir);
  } catch (err) {
    await stopAll();
    throw err;
  }
  process.env.E2E_STATE_DIR = stateDir;
  stopHeartbeat = keepStoredSessionsAlive(urls);
  console.log(`[e2e] seeded roles signed in once per server and stored in ${seconds(t1)}`);

  return stopAll;
}
