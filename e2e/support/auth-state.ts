// Stored sign-ins: global setup signs each seeded role in once per server through the real
// sign-in form and saves the browser's storage state (cookies + localStorage); signIn() in
// fixtures.ts then loads it instead of typing the form again. A heartbeat keeps those sessions
// from reaching the idle limit while the run lasts, as an open tab would.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS, COOKIE_NAMES, HEADER_NAMES } from '@console/contract';
import type { UserKey } from './env';

export type ServerName = 'main' | 'solo' | 'short-idle';

/**
 * Servers whose sessions are stored. The short-idle server is left out: its 30 s idle limit is
 * what the inactivity spec tests, so every test there signs in for itself.
 */
export const STORED_SERVERS = ['main', 'solo'] as const satisfies readonly ServerName[];

/**
 * Roles stored per server. The two-step role only on main: its code mail goes to one shared
 * mailbox, read by address, so global setup and the two-step spec need it signed in once.
 * Solo specs do not sign in as that role.
 */
export const STORED_ROLES: Record<(typeof STORED_SERVERS)[number], readonly UserKey[]> = {
  main: ['admin', 'manager', 'agent', 'guest'],
  solo: ['admin', 'manager', 'guest'],
};

const stateDir = () => process.env.E2E_STATE_DIR;

/** The stored state of a role on a server, or undefined when there is none (signIn then uses the form). */
export function storedStatePath(server: ServerName, who: UserKey): string | undefined {
  const dir = stateDir();
  if (!dir) return undefined;
  const file = path.join(dir, `${server}-${who}.json`);
  return existsSync(file) ? file : undefined;
}

type StoredState = { cookies: { name: string; value: string }[] };

/** The heartbeat call of one stored session, with the headers the SPA sends. */
async function heartbeat(baseURL: string, file: string): Promise<void> {
  const { cookies } = JSON.parse(readFileSync(file, 'utf8')) as StoredState;
  const get = (name: string) => cookies.find((c) => c.name === name)?.value ?? '';
  const details = get(COOKIE_NAMES.userDetails);
  if (!details) return;
  const { accessToken } = JSON.parse(decodeURIComponent(details)) as { accessToken: string };
  const csrf = decodeURIComponent(get(COOKIE_NAMES.csrf));
  const sessionId = decodeURIComponent(get(COOKIE_NAMES.sessionId));
  const res = await fetch(`${baseURL}/api${API_PATHS.auth.heartbeat}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      [HEADER_NAMES.csrf]: csrf,
      [HEADER_NAMES.sessionId]: sessionId,
      'content-type': 'application/json',
      cookie: `${COOKIE_NAMES.csrf}=${csrf}; ${COOKIE_NAMES.sessionId}=${sessionId}`,
    },
    body: '{}',
  });
  if (!res.ok) console.warn(`[e2e] heartbeat of the stored session ${path.basename(file)} answered ${res.status}`);
}

/**
 * Touches every stored session once a minute (the idle limit is minutes, a run is longer) and
 * returns the function that stops it. A failing heartbeat is only logged: the spec that then
 * uses the dead session fails with its own clear error (signIn does not reach /home).
 */
export function keepStoredSessionsAlive(urls: Record<ServerName, string>): () => void {
  const beat = () => {
    for (const server of STORED_SERVERS) {
      for (const who of STORED_ROLES[server]) {
        const file = storedStatePath(server, who);
        if (file) heartbeat(urls[server], file).catch((err) => console.warn(`[e2e] heartbeat failed: ${(err as Error).message}`));
      }
    }
  };
  const timer = setInterval(beat, 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
