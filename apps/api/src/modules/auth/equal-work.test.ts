import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, passwordResetTokens, users } from '../../db/schema/index.js';
import { createTestApp, DEMO_PASSWORD, sleep, type TestApp, USERS } from '../../test/test-app.js';
import { createUser } from '../users/users.testing.js';
import { AUTH_AUDIT } from './auth.repository.js';

// Sign-in and forgot-password must not tell, by how long they take, whether an e-mail has an
// account (issue 6 s.4). Timing is for `npm run bench`; here the equality is structural: every
// failure path sends the very same SQL statements through the driver, and writes the same rows.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The SQL texts a request sends through the database driver (PGlite or pg), in order. */
async function statementsOf(send: () => Promise<{ statusCode: number }>, status: number) {
  const client = (t.app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, 'query');
  try {
    expect((await send()).statusCode).toBe(status);
    return (
      spy.mock.calls
        .map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text).replace(/\s+/g, ' ').trim())
        // The job queue polls on the same PGlite client every 2 s; a poll that falls inside the
        // request (likelier on a busy machine) is not the request's work.
        .filter((text) => !/\bpgboss\./i.test(text))
    );
  } finally {
    spy.mockRestore();
  }
}

const auditCount = async (action: string) =>
  (await t.app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action)))[0]!.n;
const login = (email: string, password: string) => () => t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const forgot = (email: string) => () => t.inject({ method: 'POST', url: '/api/auth/request-password', payload: { email } });

describe('a failed sign-in does the same work whoever the e-mail belongs to', () => {
  it('known e-mail + wrong password, unknown e-mail, locked account and disabled account send the same statements and write one audit row each', async () => {
    const locked = await createUser(t, 2, { lockedUntil: new Date(Date.now() + 3_600_000), failedLoginCount: 3 });
    const disabled = await createUser(t, 2, { status: 'inactive' });
    try {
      const cases = {
        knownWrongPassword: login(USERS.guest.email, 'not-the-password'),
        unknownEmail: login('nobody-at-all@example.com', 'not-the-password'),
        lockedRightPassword: login(locked.email, locked.password),
        disabledRightPassword: login(disabled.email, disabled.password),
      };
      const seen: Record<string, string[]> = {};
      for (const [name, send] of Object.entries(cases)) {
        const before = await auditCount(AUTH_AUDIT.signInFailed);
        seen[name] = await statementsOf(send, 400);
        expect(await auditCount(AUTH_AUDIT.signInFailed), name).toBe(before + 1);
      }
      // Two statements: read the user; count the failure and write the audit row (one write, one commit).
      expect(seen.knownWrongPassword).toHaveLength(2);
      expect(seen.knownWrongPassword![1]).toMatch(/^with counted as \(update "users" .* insert into "audit_log"/);
      for (const name of Object.keys(cases)) expect(seen[name], name).toEqual(seen.knownWrongPassword);

      // The same statement counts the failure only where it should: on a known, unlocked account.
      const rows = await t.app.db
        .select()
        .from(users)
        .where(inArray(users.email, [USERS.guest.email, locked.email, disabled.email]));
      const byEmail = Object.fromEntries(rows.map((r) => [r.email, r.failedLoginCount]));
      expect(byEmail).toEqual({ [USERS.guest.email]: 1, [locked.email]: 3, [disabled.email]: 1 });
      const [audit] = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, AUTH_AUDIT.signInFailed), eq(auditLog.entityId, String(locked.id))));
      expect(audit).toBeUndefined(); // a locked account's failures are not counted, so not attributed either
    } finally {
      await t.app.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.email, USERS.guest.email));
    }
  });

  it('a successful sign-in still works and clears the count', async () => {
    try {
      expect((await login(USERS.guest.email, 'wrong-password-1')()).statusCode).toBe(400);
      expect((await login(USERS.guest.email, DEMO_PASSWORD)()).statusCode).toBe(200);
      const [row] = await t.app.db.select().from(users).where(eq(users.email, USERS.guest.email));
      expect(row?.failedLoginCount).toBe(0);
    } finally {
      await t.app.db.update(users).set({ failedLoginCount: 0 }).where(eq(users.email, USERS.guest.email));
    }
  });
});

describe('forgot-password does the same work whoever the e-mail belongs to', () => {
  it('known, unknown and disabled e-mails send the same one statement and write one audit row each; only the known one gets a token and a mail', async () => {
    const disabled = await createUser(t, 2, { status: 'inactive' });
    const tokens = async (email: string) =>
      (
        await t.app.db
          .select({ n: count() })
          .from(passwordResetTokens)
          .innerJoin(users, eq(users.id, passwordResetTokens.userId))
          .where(eq(users.email, email))
      )[0]!.n;
    const cases = { known: USERS.agent.email, unknown: 'nobody-reset@example.com', disabled: disabled.email };
    const seen: Record<string, string[]> = {};
    const since = Date.now();
    for (const [name, email] of Object.entries(cases)) {
      const before = { audit: await auditCount(AUTH_AUDIT.resetRequested), tokens: await tokens(email) };
      seen[name] = await statementsOf(forgot(email), 200);
      expect(await auditCount(AUTH_AUDIT.resetRequested), name).toBe(before.audit + 1);
      expect(await tokens(email), name).toBe(before.tokens + (name === 'known' ? 1 : 0));
    }
    expect(seen.known).toHaveLength(1);
    expect(seen.known![0]).toMatch(/^with target as \( select .* insert into "password_reset_tokens" .* insert into "audit_log"/);
    expect(seen.unknown).toEqual(seen.known);
    expect(seen.disabled).toEqual(seen.known);

    await t.mailbox.waitFor(cases.known, since);
    await sleep(200);
    expect(t.mailbox.countTo(cases.unknown)).toBe(0);
    expect(t.mailbox.countTo(cases.disabled)).toBe(0);
  });
});
