import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './lib/tokens.js';
import { multipart } from './modules/users/users.testing.js';
import { createTestApp, type TestApp, type TestSession } from './test/test-app.js';

// Issue 14 finding 9: a request whose statement the database refuses logged the statement with
// its parameters (the session's token_hash, a new password's argon2 hash). Real database errors
// here, raised by PostgreSQL itself under a signed-in session.

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const logOf = (from: number) => logLines.slice(from).join('');

let t: TestApp;
let admin: TestSession;
beforeAll(async () => {
  t = await createTestApp({ logLevel: 'info' }, { logStream });
  admin = await t.login('admin');
});
afterAll(() => t?.close());

describe('the log of a request the database fails', () => {
  it('names the failed insert and its SQLSTATE, never the new password hash', async () => {
    await t.app.db.execute(
      sql.raw(`CREATE FUNCTION refuse_new_users() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the database refuses this row' USING ERRCODE = 'XX000'; END $$`),
    );
    await t.app.db.execute(
      sql.raw('CREATE TRIGGER refuse_new_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_new_users()'),
    );
    const from = logLines.length;
    const fields = { firstname: 'Nina', lastname: 'Log', email: 'nina.log@example.com', roleId: '2', status: 'active' };
    const res = await t.as(admin, { method: 'POST', url: '/api/users/add', ...multipart({ ...fields, password: 'Brand-New-Pass-61' }) });
    expect(res.statusCode, res.body).toBe(500);
    const log = logOf(from);
    expect(log).not.toContain('$argon2');
    expect(log).not.toContain('params');
    expect(log).toContain('"code":"XX000"');
    expect(log).toContain('"statement":"insert users"');
  });

  it('names the failed session lookup and its SQLSTATE, never the token hash', async () => {
    // The sessions table gone: every signed-in request's first statement fails.
    await t.app.db.execute(sql.raw('ALTER TABLE sessions RENAME TO sessions_offline'));
    const from = logLines.length;
    const res = await t.as(admin, { url: '/api/users' });
    await t.app.db.execute(sql.raw('ALTER TABLE sessions_offline RENAME TO sessions'));
    expect(res.statusCode, res.body).toBe(500);
    const log = logOf(from);
    expect(log).not.toContain(sha256(admin.token));
    expect(log).not.toContain('params');
    expect(log).toContain('"code":"42P01"');
    expect(log).toContain('"statement":"select sessions"');
  });
});
