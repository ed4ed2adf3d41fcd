// Starts what the specs run against: an in-process SMTP server capturing every mail, the
// real server (fresh PGlite, demo seed) and a second one with a short inactivity timeout.
// Workers read the addresses from the environment set here.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ROOT, startAppServer, type AppServer } from '../../scripts/lib/app-server';
import { E2E, serverEnv } from './env';
import { startSmtp } from './smtp';

export default async function globalSetup(_config: FullConfig) {
  // Serve a snapshot of the built SPA, so a rebuild in the same checkout during the run
  // (vite empties apps/web/dist first) cannot blank the pages under test.
  const dist = path.join(ROOT, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` (npm test does it)');
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-web-'));
  cpSync(dist, webDir, { recursive: true });
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-mail-'));
  const smtp = await startSmtp(mailDir);
  const logDir = path.join(ROOT, 'test-results');
  const env = { ...serverEnv(smtp.port), WEB_DIST_DIR: webDir };
  const servers: AppServer[] = [];
  const t0 = Date.now();
  try {
    // One after the other: first starts migrate and seed a fresh PGlite, which is CPU-bound,
    // and two at once on a 2-core machine can run past the server's plugin start timeout.
    servers.push(await startAppServer({ name: 'main', env, logDir }));
    servers.push(await startAppServer({ name: 'short-idle', env: { ...env, IDLE_TIMEOUT_MS: String(E2E.shortIdleMs) }, logDir }));
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.stop();
    rmSync(webDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
    throw err;
  }
  const [main, shortIdle] = servers;
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_SHORT_IDLE_URL = shortIdle.url;
  process.env.E2E_MAIL_DIR = mailDir;
  console.log(
    `[e2e] servers ready in ${((Date.now() - t0) / 1000).toFixed(1)}s: main ${main.url}, short-idle ${shortIdle.url}; ` +
      `smtp 127.0.0.1:${smtp.port}; logs in test-results/server-*.log`,
  );

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.stop();
    rmSync(webDir, { recursive: true, force: true });
    if (!process.env.E2E_KEEP_DATA) rmSync(mailDir, { recursive: true, force: true });
  };
}
