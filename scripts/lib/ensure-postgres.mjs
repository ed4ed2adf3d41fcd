// The cluster tier needs a PostgreSQL server (the replicas and the worker share one database; the
// embedded PGlite is one process's). Node's own modules only, like ensure.mjs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { answers, log, run } from './ensure.mjs';

/** The server the cluster tier creates its throwaway database on: DATABASE_URL's when it is PostgreSQL. */
function clusterPostgresUrl() {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * Makes sure that server answers. A local one that does not is started as .ci/run does
 * (pg_ctlcluster, Debian's postgresql package); a remote one is the caller's to fix.
 */
export async function ensurePostgres() {
  const url = new URL(clusterPostgresUrl());
  const host = url.hostname;
  const port = Number(url.port || 5432);
  if (await answers(host, port)) return;
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql').sort() : [];
  const ctl = spawnSync('sh', ['-c', 'command -v pg_ctlcluster']).status === 0;
  if (!local || !versions.length || !ctl) {
    throw new Error(
      `PostgreSQL is not answering on ${host}:${port}; the cluster tier needs one (DATABASE_URL=postgres://… or a local server; Debian: postgresql)`,
    );
  }
  log(`starting PostgreSQL ${versions[0]} (nothing answered on ${host}:${port})`);
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start']);
  for (let i = 0; i < 30; i++) {
    if (await answers(host, port)) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`PostgreSQL did not start on ${host}:${port}`);
}
