import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COOKIE_NAMES, HEADER_NAMES, type LoginResponse } from '@console/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import type { Config } from '../config.js';
import { createSeededTestDatabase } from './seeded-database.js';
import { createTestDatabase } from './test-db.js';
import { ADMIN, DEMO_PASSWORD, TEST_SEED } from './test-seed.js';
import { injectUntilReady } from './live-client.js';
import { codeOf, startMailbox } from './mailbox.js';

export { ADMIN, DEMO_PASSWORD };
export const USERS = {
  admin: ADMIN,
  manager: { email: 'manager@example.com', password: DEMO_PASSWORD },
  agent: { email: 'agent@example.com', password: DEMO_PASSWORD },
  guest: { email: 'guest@example.com', password: DEMO_PASSWORD },
} as const;

/** A clock the tests move forward; real time keeps flowing underneath unless a test freezes it. */
function createTestClock() {
  let offset = 0;
  let frozenAt: number | undefined;
  return {
    now: () => new Date((frozenAt ?? Date.now()) + offset),
    advance: (ms: number) => {
      offset += ms;
    },
    /** Stops the clock at `at` (advance still moves it): codes that depend on the time are then exact. */
    freeze: (at: Date) => {
      frozenAt = at.getTime();
      offset = 0;
    },
  };
}

export type TestSession = { token: string; sessionId: string; csrf: string; userId: number; roleId: number };

/**
 * The app on a fresh database with the demo seed, an in-process SMTP server and a movable clock.
 * Rate limits are high unless a test overrides them: every request comes from 127.0.0.1.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: BuildOptions & {
    beforeReady?: (app: FastifyInstance) => void;
    /** false: migrate and seed an empty database at start (tests of the migrations and the seed themselves). */
    seedImage?: boolean;
    /** Rewrites the test database's settings before the app opens it (e.g. through a TCP proxy the test cuts). */
    databaseVia?: (database: Partial<Config>) => Partial<Config>;
  } = {},
) {
  const database = options.seedImage === false ? await createTestDatabase() : await createSeededTestDatabase(overrides);
  const mailbox = await startMailbox();
  const clock = createTestClock();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const app = await buildApp(
    {
      logLevel: 'silent',
      dataDir,
      webDistDir: path.join(dataDir, 'no-web-build'),
      smtpUrl: mailbox.url,
      appUrl: 'http://console.test',
      ...TEST_SEED,
      rateLimitLoginPerMinute: 10_000,
      rateLimitOtpPerMinute: 10_000,
      rateLimitResetPerMinute: 10_000,
      ...(options.databaseVia ? options.databaseVia(database.overrides) : database.overrides),
      ...overrides,
    },
    { clock, ...options },
  );
  options.beforeReady?.(app);
  await app.ready();

  const inject = (opts: InjectOptions) => app.inject(opts);

  async function login(who: keyof typeof USERS | { email: string; password: string }, rememberMe = false): Promise<TestSession> {
    const creds = typeof who === 'string' ? USERS[who] : who;
    const since = Date.now();
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { ...creds, rememberMe } });
    if (res.statusCode !== 200) throw new Error(`login ${creds.email} answered ${res.statusCode}: ${res.body}`);
    const body = res.json<LoginResponse>();
    if (body.loginType === 'default') return sessionFrom(res);
    // Two-step users: read the code from the captured mail and submit it.
    const otp = codeOf(await mailbox.waitFor(creds.email, since));
    const done = await inject({ method: 'POST', url: '/api/auth/otp/verification', payload: { token: body.data?.accessToken, otp } });
    if (done.statusCode !== 200) throw new Error(`code for ${creds.email} answered ${done.statusCode}: ${done.body}`);
    return sessionFrom(done);
  }

  /** Sends a request as a signed-in user; mutations carry the CSRF header unless told otherwise. */
  function as(s: TestSession | undefined, opts: InjectOptions & { csrf?: string | null }) {
    const { csrf, headers, ...rest } = opts;
    const h: Record<string, string> = { ...(headers as Record<string, string>) };
    if (s) h.authorization = `Bearer ${s.token}`;
    const method = (rest.method ?? 'GET').toUpperCase();
    const header = csrf === undefined ? s?.csrf : csrf;
    if (header !== null && header !== undefined && method !== 'GET') h[HEADER_NAMES.csrf] = header;
    return inject({ ...rest, headers: h });
  }

  /** A live-update stream as `s`, read up to its `ready` event (live-client.ts). */
  function live(s: TestSession | undefined, url: string) {
    return injectUntilReady(app, { method: 'GET', url, headers: s ? { authorization: `Bearer ${s.token}` } : {} });
  }

  async function close() {
    await app.close();
    await mailbox.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { app, mailbox, clock, inject, login, as, live, close };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export function sessionFrom(res: LightMyRequestResponse): TestSession {
  const body = res.json<LoginResponse>();
  const cookie = (name: string) => res.cookies.find((c) => c.name === name)?.value ?? '';
  const user = body.data?.user;
  return {
    token: body.data?.accessToken ?? '',
    sessionId: cookie(COOKIE_NAMES.sessionId),
    csrf: cookie(COOKIE_NAMES.csrf),
    userId: user?.id ?? 0,
    roleId: user?.roleId ?? 0,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type { FastifyInstance };
