import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_HEARTBEAT_MS, MEDIA_MAX_BYTES, PASSWORD_MIN_LENGTH, SECURITY_DEFAULTS as S } from '@console/contract';
import { z } from 'zod';

/**
 * The only module that reads process.env. Everything else receives a typed Config, which is
 * what lets tests build the app with overrides instead of mutating the environment.
 */

/** The repository (the package.json with workspaces) above this file, whether it runs from src/ or from the dist/ bundle. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg) && 'workspaces' in JSON.parse(readFileSync(pkg, 'utf8'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

// Environment values are strings; "false" must not become true the way Boolean("false") would.
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
// Minutes may be fractional so a test (or an impatient operator) can use seconds-scale windows.
const num = (fallback: number) => z.coerce.number().positive().default(fallback);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

const envSchema = z.object({
  PORT: int(3000, 0).pipe(z.number().max(65535)),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`).optional()),
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  APP_URL: optionalString.pipe(z.url().optional()),
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes')
    .default('platform'),
  PRODUCT_NAME: z.string().min(1).default('Platform'),
  SUPPORT_EMAIL: z.email().default('support@example.com'),
  REDIS_URL: optionalString,
  LIVE_HEARTBEAT_MS: int(LIVE_HEARTBEAT_MS, 100),
  SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  SEED_DEMO_PASSWORD: optionalString,
  WEB_DIST_DIR: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool(false),
  LOCKOUT_THRESHOLD: int(S.lockoutThreshold, 1),
  LOCKOUT_MINUTES: num(S.lockoutMinutes),
  IDLE_TIMEOUT_MS: int(S.idleTimeoutMs, 1),
  SESSION_ABSOLUTE_HOURS: num(S.absoluteSessionHours),
  REMEMBER_SESSION_DAYS: num(S.rememberSessionDays),
  REMEMBER_IDLE_DAYS: num(S.rememberIdleDays),
  OTP_TTL_MINUTES: num(S.otpTtlMinutes),
  OTP_MAX_ATTEMPTS: int(S.otpMaxAttempts, 1),
  RESET_TOKEN_TTL_MINUTES: num(S.resetTokenTtlMinutes),
  RATE_LIMIT_LOGIN_PER_MINUTE: int(S.loginRateLimitPerMinute, 1),
  RATE_LIMIT_OTP_PER_MINUTE: int(S.otpRateLimitPerMinute, 1),
  RATE_LIMIT_RESET_PER_MINUTE: int(S.passwordResetRateLimitPerMinute, 1),
  // Batches per API key per minute on POST /device/user-requests. Generous: a whole fleet of devices shares its owner's key.
  RATE_LIMIT_INGEST_PER_MINUTE: int(600, 1),
  STORAGE_DRIVER: z.enum(['local', 'azure', '']).optional(),
  AZURE_STORAGE_CONNECTION_STRING: optionalString,
  AZURE_STORAGE_CONTAINER: z
    .string()
    .regex(/^(?!.*--)[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/, 'an Azure container name (3-63 lower-case letters, digits and single dashes)')
    .default('console-files'),
  UPLOAD_MAX_BYTES: int(5 * 1024 * 1024, 1024),
  MEDIA_MAX_BYTES: int(MEDIA_MAX_BYTES, 1024),
  QUEUE_WORKERS: bool(true),
  QUEUE_CONCURRENCY: int(2, 1),
  FFMPEG_PATH: optionalString,
  // A secret like an API key: short ones can be guessed.
  METRICS_KEY: optionalString.pipe(z.string().min(16, 'at least 16 characters').optional()),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
    .default('32MB'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** PGlite data directory (DATA_DIR/pglite); 'memory://' keeps it in memory (tests). */
  pgliteDataDir: string;
  /** PGlite's shared_buffers: its page cache inside this process (the OS caches the files too). */
  pgliteSharedBuffers?: string;
  /** ffmpeg for video poster frames: unset = 'ffmpeg' on the PATH if there is one; 'off' = none. */
  ffmpegPath?: string;
  adminEmail: string;
  adminPassword?: string;
  smtpUrl?: string;
  appUrl: string;
  productSlug: string;
  productName: string;
  supportEmail: string;
  redisUrl?: string;
  /** Heartbeat of live-update streams, and how often each re-checks its session and permission. */
  liveHeartbeatMs: number;
  seedDemo: boolean;
  /** With seedDemo: also clients, media, actions, locations and uploads (default on; API tests turn it off). */
  seedDemoContent?: boolean;
  seedDemoPassword?: string;
  webDistDir: string;
  logLevel: string;
  trustProxy: boolean;
  lockoutThreshold: number;
  lockoutMinutes: number;
  idleTimeoutMs: number;
  sessionAbsoluteHours: number;
  rememberSessionDays: number;
  rememberIdleDays: number;
  otpTtlMinutes: number;
  otpMaxAttempts: number;
  resetTokenTtlMinutes: number;
  rateLimitLoginPerMinute: number;
  rateLimitOtpPerMinute: number;
  rateLimitResetPerMinute: number;
  rateLimitIngestPerMinute: number;
  /** Where uploaded files live: local disk under DATA_DIR/storage, or an Azure Blob container. */
  storageDriver: 'local' | 'azure';
  azureStorageConnectionString?: string;
  azureStorageContainer: string;
  /** Largest accepted image upload (logos, avatars), in bytes. */
  uploadMaxBytes: number;
  /** Largest demo/campaign media file (image, video or audio), in bytes. */
  mediaMaxBytes: number;
  /** Run background jobs in this process (always on PGlite, which only this process can open). */
  queueWorkers: boolean;
  /** Jobs of one kind a process runs at once. */
  queueConcurrency: number;
  /** Bearer key of GET /metrics (plugins/metrics.ts); unset = no metrics (404, prom-client not loaded). */
  metricsKey?: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Azure when a connection string is given (DESIGN.md s.2), unless STORAGE_DRIVER says otherwise.
  const storageDriver = e.STORAGE_DRIVER || (e.AZURE_STORAGE_CONNECTION_STRING ? 'azure' : 'local');
  if (storageDriver === 'azure' && !e.AZURE_STORAGE_CONNECTION_STRING && !overrides.azureStorageConnectionString) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  AZURE_STORAGE_CONNECTION_STRING: required when STORAGE_DRIVER=azure',
    );
  }
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDataDir: path.join(dataDir, 'pglite'),
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    ffmpegPath: e.FFMPEG_PATH,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    smtpUrl: e.SMTP_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    productSlug: e.PRODUCT_SLUG,
    productName: e.PRODUCT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    redisUrl: e.REDIS_URL,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS,
    // Demo data makes the embedded database useful at once; a real PostgreSQL is production-like.
    seedDemo: e.SEED_DEMO === undefined || e.SEED_DEMO === '' ? !e.DATABASE_URL : ['true', '1', 'yes'].includes(e.SEED_DEMO),
    seedDemoPassword: e.SEED_DEMO_PASSWORD,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    lockoutThreshold: e.LOCKOUT_THRESHOLD,
    lockoutMinutes: e.LOCKOUT_MINUTES,
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    sessionAbsoluteHours: e.SESSION_ABSOLUTE_HOURS,
    rememberSessionDays: e.REMEMBER_SESSION_DAYS,
    rememberIdleDays: e.REMEMBER_IDLE_DAYS,
    otpTtlMinutes: e.OTP_TTL_MINUTES,
    otpMaxAttempts: e.OTP_MAX_ATTEMPTS,
    resetTokenTtlMinutes: e.RESET_TOKEN_TTL_MINUTES,
    rateLimitLoginPerMinute: e.RATE_LIMIT_LOGIN_PER_MINUTE,
    rateLimitOtpPerMinute: e.RATE_LIMIT_OTP_PER_MINUTE,
    rateLimitResetPerMinute: e.RATE_LIMIT_RESET_PER_MINUTE,
    rateLimitIngestPerMinute: e.RATE_LIMIT_INGEST_PER_MINUTE,
    storageDriver,
    azureStorageConnectionString: e.AZURE_STORAGE_CONNECTION_STRING,
    azureStorageContainer: e.AZURE_STORAGE_CONTAINER,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    mediaMaxBytes: e.MEDIA_MAX_BYTES,
    queueWorkers: e.QUEUE_WORKERS,
    queueConcurrency: e.QUEUE_CONCURRENCY,
    metricsKey: e.METRICS_KEY,
  };
  return { ...config, ...stripUndefined(overrides) };
}

const stripUndefined = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Derived durations, in milliseconds, so services never repeat the unit arithmetic. */
export const limits = (c: Config) => ({
  idleMs: c.idleTimeoutMs,
  rememberIdleMs: c.rememberIdleDays * 86_400_000,
  absoluteMs: c.sessionAbsoluteHours * 3_600_000,
  rememberAbsoluteMs: c.rememberSessionDays * 86_400_000,
  lockoutMs: c.lockoutMinutes * 60_000,
  otpTtlMs: c.otpTtlMinutes * 60_000,
  resetTtlMs: c.resetTokenTtlMinutes * 60_000,
});

/** The configuration for an entry point (server, worker): an invalid value ends the process with its message, no stack. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
