import { API_PATHS, COOKIE_NAMES, HEADER_NAMES } from '@console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_DEMO_PASSWORD, type CrashPoint, crashServer } from '../../test/crash-server.js';

// Issue 17: kill -9 during sign-in and session writes. A seeded stream of requests (sign-ins,
// wrong passwords for a real and an unknown e-mail, logouts, heartbeats), one at a time, while the
// server kills itself at three statements (crash-hook.fixture.mjs; the same ones on every run):
// after four sign-ins in a row were answered (as the 5th is written), right after the 2nd logout
// is written (before the answer), right after the 3rd failed sign-in is recorded. After a restart: every acknowledged
// sign-in still authenticates, one session row each; every acknowledged logout stays logged out;
// the failure counts and the audit rows are the acknowledged ones plus the one cut off, never more.

const SEED = 17;
const THRESHOLD = 3;
const MANAGER = { email: 'manager@example.com', password: CRASH_DEMO_PASSWORD };
const GUEST = 'guest@example.com';
const sql = (at: string, nth: number, when: 'before' | 'after'): CrashPoint => ({ channel: 'sql', at, nth, when });
/** Each round's kill; `burst`: sign-ins only (nothing else written between them and the kill). */
const ROUNDS: { point: CrashPoint; cuts: Op['kind']; burst?: true }[] = [
  { point: sql('insert into "sessions"', 5, 'before'), cuts: 'sign-in', burst: true },
  { point: sql('update "sessions" set "ended_at"', 2, 'after'), cuts: 'logout' },
  { point: sql('insert into "audit_log"', 3, 'after'), cuts: 'wrong-password' },
];

type Session = { token: string; csrf: string; id: string };
type Op = { kind: 'sign-in' | 'wrong-password' | 'logout' | 'heartbeat'; email?: string; session?: Session };

const server = crashServer('sign-in-crash-', { env: { SEED_DEMO: 'true', LOCKOUT_THRESHOLD: String(THRESHOLD) } });
afterAll(() => server.remove());

/** mulberry32: the same stream of requests on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const call = (path: string, init: { body?: unknown; session?: Session; method?: string } = {}) =>
  fetch(`${server.base}/api${path}`, {
    method: init.method ?? 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.session ? { authorization: `Bearer ${init.session.token}`, [HEADER_NAMES.csrf]: init.session.csrf } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe('sign-in and session writes across SIGKILL', () => {
  it('keeps every acknowledged sign-in and logout, and doubles nothing', async () => {
    const next = random(SEED);
    const live: Session[] = [];
    const loggedOut: Session[] = [];
    /** What reached the database without an answer: the request in flight at each kill. */
    const cutOff: Op[] = [];
    const acked = { signIns: 0, guestFailures: 0, otherFailures: 0, heartbeats: new Map<string, number>() };

    for (const round of ROUNDS) {
      await server.start(round.point);
      for (let n = 0; ; n++) {
        if (n > 200) throw new Error('the server did not die at its crash point');
        const r = next();
        const op: Op =
          r < 0.4 || live.length === 0 || round.burst
            ? { kind: 'sign-in' }
            : r < 0.6
              ? { kind: 'wrong-password', email: next() < 0.6 ? GUEST : 'nobody@example.com' }
              : r < 0.8
                ? { kind: 'logout', session: live[Math.floor(next() * live.length)] }
                : { kind: 'heartbeat', session: live[Math.floor(next() * live.length)] };
        let res: Response;
        const sentAt = Date.now();
        try {
          res =
            op.kind === 'sign-in'
              ? await call(API_PATHS.auth.login, { body: { ...MANAGER, rememberMe: false } })
              : op.kind === 'wrong-password'
                ? await call(API_PATHS.auth.login, { body: { email: op.email, password: 'Not-The-Password-1' } })
                : await call(op.kind === 'logout' ? API_PATHS.auth.logout : API_PATHS.auth.heartbeat, { session: op.session });
          if (op.kind === 'sign-in') await res.clone().json();
        } catch {
          cutOff.push(op);
          // A logout without an answer: the client cannot count on the session any more.
          if (op.kind === 'logout') live.splice(live.indexOf(op.session!), 1);
          break;
        }
        if (op.kind === 'sign-in') {
          expect(res.status).toBe(200);
          const body = (await res.json()) as { data: { accessToken: string; sessionId: string } };
          const csrf = res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0]!)
            .find((c) => c.startsWith(`${COOKIE_NAMES.csrf}=`))!
            .slice(COOKIE_NAMES.csrf.length + 1);
          live.push({ token: body.data.accessToken, csrf, id: body.data.sessionId });
          acked.signIns++;
        } else if (op.kind === 'wrong-password') {
          expect(res.status).toBe(400); // INVALID_CREDENTIALS, the one reply for every failure
          if (op.email === GUEST) acked.guestFailures++;
          else acked.otherFailures++;
        } else if (op.kind === 'logout') {
          expect(res.status).toBe(200);
          live.splice(live.indexOf(op.session!), 1);
          loggedOut.push(op.session!);
        } else {
          expect(res.status).toBe(200);
          acked.heartbeats.set(op.session!.id, sentAt);
        }
      }
      await server.exited();
      expect(cutOff.at(-1)?.kind).toBe(round.cuts);
    }

    await server.start();
    // Every acknowledged sign-in still opens the API; every acknowledged logout does not, nor the
    // logout written but not answered (the client would send it again and get the same).
    const cutLogout = cutOff.find((o) => o.kind === 'logout')!.session!;
    const opens = async (s: Session) => (await call(API_PATHS.auth.csrfToken, { session: s, method: 'GET' })).status;
    for (const s of live) expect(await opens(s), s.id).toBe(200);
    for (const s of [...loggedOut, cutLogout]) expect(await opens(s), s.id).toBe(401);
    await server.kill();

    await server.withDatabase(async (q) => {
      const [manager] = await q('select id, last_login_at from users where email = $1', [MANAGER.email]);
      const [guest] = await q('select id, failed_login_count, locked_until from users where email = $1', [GUEST]);
      const sessions = await q(
        'select id, token_hash, ended_at, end_reason, started_at, last_seen_at from sessions where user_id = $1 order by started_at',
        [manager!.id],
      );
      // One row per acknowledged sign-in (the sign-in cut off was killed before its write), none lost.
      const byId = new Map(sessions.map((s) => [s.id as string, s]));
      expect([...live, ...loggedOut].filter((s) => !byId.has(s.id)).map((s) => s.id)).toEqual([]);
      expect(sessions.length).toBe(acked.signIns);
      expect(new Set(sessions.map((s) => s.token_hash)).size).toBe(sessions.length);
      // Ended: exactly the acknowledged logouts and the one cut off after its write.
      const ended = sessions.filter((s) => s.ended_at !== null);
      expect(ended.map((s) => s.id).sort()).toEqual([...loggedOut, cutLogout].map((s) => s.id).sort());
      expect(new Set(ended.map((s) => s.end_reason))).toEqual(new Set(['logout']));
      // Touches wrote sane times: never before the start, never in the future, an acknowledged
      // heartbeat at least as late as it was sent (1 s of clock slack).
      for (const s of sessions) {
        const seen = new Date(s.last_seen_at as string).getTime();
        expect(seen).toBeGreaterThanOrEqual(new Date(s.started_at as string).getTime());
        expect(seen).toBeLessThanOrEqual(Date.now());
        const beat = acked.heartbeats.get(s.id as string);
        if (beat !== undefined) expect(seen).toBeGreaterThanOrEqual(beat - 1000);
      }
      // The last sign-in's bookkeeping went with its session (one statement).
      expect(new Date(manager!.last_login_at as string).getTime()).toBe(new Date(sessions.at(-1)!.started_at as string).getTime());

      // Failures: one audit row each, acknowledged or cut off after its write, none doubled.
      const cutFailure = cutOff.find((o) => o.kind === 'wrong-password')!;
      const [failures] = await q(`select count(*)::int as n from audit_log where action = 'auth.sign-in-failed'`);
      expect(failures!.n).toBe(acked.guestFailures + acked.otherFailures + 1);
      // The guest's count: every failure that reached the database until the lock, the lock at the threshold.
      const reached = acked.guestFailures + (cutFailure.email === GUEST ? 1 : 0);
      const [counted] = await q(`select count(*)::int as n from audit_log where action = 'auth.sign-in-failed' and entity_id = $1`, [
        String(guest!.id),
      ]);
      expect(counted!.n).toBe(Math.min(THRESHOLD, reached));
      expect(guest!.failed_login_count).toBe(reached >= THRESHOLD ? 0 : reached);
      expect(guest!.locked_until !== null).toBe(reached >= THRESHOLD);
    });
    console.log(
      `sign-in crash test: ${acked.signIns} sign-ins, ${loggedOut.length} logouts, ${acked.heartbeats.size} sessions beat, ` +
        `${acked.guestFailures + acked.otherFailures} failures acknowledged; cut off: ${cutOff.map((o) => o.kind).join(', ')}`,
    );
  }, 600_000);
});
