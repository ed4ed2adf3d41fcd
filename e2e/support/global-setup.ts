// Starts what the specs run against: an in-process SMTP server capturing every mail, the
// real server (fresh PGlite, demo seed) and a second one with a short inactivity timeout.
// Workers read the addresses from the environment set here.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { ROOT, startAppServer, type AppServer } from '../../scripts/lib/app-server';
import { E2E, serverEnv } from './env';
import { startSmtp } from './smtp';

export default async function globalSetup(_config: FullConfig) {
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'console-e2e-mail-'));
  const smtp = await startSmtp(mailDir);
  const logDir = path.join(ROOT, 'test-results');
  const env = serverEnv(smtp.port);
  const servers: AppServer[] = [];
  const t0 = Date.now();
  try {
    const started = await Promise.allSettled([
      startAppServer({ name: 'main', env, logDir }),
      startAppServer({ name: 'short-idle', env: { ...env, IDLE_TIMEOUT_MS: String(E2E.shortIdleMs) }, logDir }),
    ]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const failed = started.find((s) => s.status === 'rejected') as PromiseRejectedResult | undefined;
    if (failed) throw failed.reason;
  } catch (err) {
    await Promise.all(servers.map((s) => s.stop()));
    await smtp.stop();
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
    if (!process.env.E2E_KEEP_DATA) rmSync(mailDir, { recursive: true, force: true });
  };
}
