import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { createLogger } from '../logger.js';
import { hashPassword } from '../passwords.js';
import { sha256 } from '../tokens.js';
import { createJobQueue } from './job-queue.js';

// Issue 14 finding 9: while PostgreSQL is down, the log showed each failed statement with its
// parameters (a session's token hash) and the job queue's whole pg client. Real failures here:
// drizzle on a pg Pool to a port nobody listens on.

const TOKEN_HASH = sha256('a session token');
const DB_PASSWORD = 'Db-Secret-Pw-77';
let passwordHash: string;
let port: number;

beforeAll(async () => {
  passwordHash = await hashPassword('Some-Pass-123');
  // A port just freed: connecting to it is refused (ECONNREFUSED), as with PostgreSQL stopped.
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
});

const databaseUrl = () => `postgres://app:${DB_PASSWORD}@127.0.0.1:${port}/console`;

/** What drizzle on node-postgres throws while PostgreSQL is down. */
async function failedQuery(): Promise<Error & { params?: unknown[] }> {
  const pool = new pg.Pool({ connectionString: databaseUrl(), connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {});
  try {
    const statement = sql`select id from sessions where token_hash = ${TOKEN_HASH} or password_hash = ${passwordHash}`;
    return await drizzle(pool)
      .execute(statement)
      .then(
        () => Promise.reject(new Error('the query ran')),
        (err: Error) => err,
      );
  } finally {
    await pool.end();
  }
}

function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

function expectNoSecrets(text: string) {
  expect(text).not.toContain(TOKEN_HASH);
  expect(text).not.toContain('$argon2');
  expect(text).not.toContain(DB_PASSWORD);
  expect(text).not.toContain('params');
}

describe('the err serializer', () => {
  it('logs a statement that failed with PostgreSQL down by code and table, never its SQL or parameters', async () => {
    const err = await failedQuery();
    // The error itself carries the secrets (else this test would prove nothing).
    expect(err.params).toContain(TOKEN_HASH);
    expect(err.message).toContain(passwordHash);
    const { logger, text } = capturedLogger();
    logger.error({ err }, 'request failed');
    expectNoSecrets(text());
    const logged = JSON.parse(text()).err;
    expect(logged).toMatchObject({ type: 'DrizzleQueryError', code: 'ECONNREFUSED', statement: 'select sessions' });
    expect(logged.message).toBe('Failed query (select sessions)');
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query \(select sessions\)\n {4}at /);
    expect(logged.cause).toMatchObject({ code: 'ECONNREFUSED', syscall: 'connect', port });
  });

  it("keeps a pg error's code and constraint, drops its detail (the row's values)", () => {
    const err = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(ada@example.com) already exists.',
      constraint: 'users_email_unique',
    });
    const { logger, text } = capturedLogger();
    logger.error({ err }, 'request failed');
    expect(JSON.parse(text()).err).toMatchObject({ code: '23505', constraint: 'users_email_unique' });
    expect(text()).not.toContain('ada@example.com');
  });

  it('redacts hashes logged as fields', () => {
    const { logger, text } = capturedLogger();
    logger.info({ user: { passwordHash }, tokenHash: TOKEN_HASH, row: { token_hash: TOKEN_HASH } }, 'fields');
    expectNoSecrets(text());
  });
});

describe('the job queue', () => {
  it("hands on pg-boss's errors as message and code only: no pg client, no statement data", async () => {
    const seen: unknown[] = [];
    // PgBoss connects on start(); this queue only needs its error events.
    const handle = { kind: 'postgres', db: { $client: { options: { connectionString: databaseUrl() } } } } as unknown as DatabaseHandle;
    const queue = createJobQueue({ handle, workers: false, concurrency: 1, deps: {}, onError: (e) => seen.push(e) });
    // pg-pool's error for an idle client whose server went away carries the client itself.
    const client = new pg.Client({ connectionString: databaseUrl() });
    const idle = Object.assign(new Error('Connection terminated unexpectedly'), { client });
    // pg-boss hands on a failed job's error as a plain copy with its queue's name.
    const failed = await failedQuery();
    const copy = { ...failed, message: failed.message, stack: failed.stack, queue: 'bulk-upload', worker: 'w1' };
    queue.boss.emit('error', idle);
    queue.boss.emit('error', copy);
    expect(seen).toEqual([
      { message: 'Connection terminated unexpectedly' },
      { message: 'Failed query (select sessions)', code: 'ECONNREFUSED' },
    ]);
    const { logger, text } = capturedLogger();
    for (const err of seen) logger.error({ err }, 'job queue error');
    expectNoSecrets(text());
    expect(text()).not.toContain('connectionParameters');
  });
});
