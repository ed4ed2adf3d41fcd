#!/usr/bin/env node
// `npm start`: install dependencies when needed, build the SPA and the API when stale, then run
// the server (which migrates and seeds on start). Embedded database (PGlite under ./data)
// unless DATABASE_URL is set. `node scripts/start.mjs worker` (npm run worker) runs a queue
// worker the same way, without the SPA.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT, SERVER_NODE_ARGS, ensureApiBuild, ensureDeps, ensureWebBuild, log, red } from './lib/ensure.mjs';

const entry = process.argv[2] === 'worker' ? 'worker' : 'server';
const force = process.env.FORCE_BUILD === '1';
try {
  await ensureDeps();
  if (entry === 'server') await ensureWebBuild({ force });
  await ensureApiBuild({ force });
} catch (err) {
  console.error(red(`npm ${entry === 'server' ? 'start' : 'run worker'}: ${err.message}`));
  process.exit(1);
}

const db = process.env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'embedded PGlite database';
log(`starting the ${entry} (${db})`);
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, `apps/api/dist/${entry}.mjs`], { cwd: ROOT, stdio: 'inherit' });

// Forward signals so the server can shut down gracefully; a second Ctrl-C is passed on as well.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  });
}
child.on('error', (err) => {
  console.error(red(`could not start the ${entry}: ${err.message}`));
  process.exit(1);
});
child.on('exit', (code, signal) => {
  // Mirror the child's fate: its exit code, or 128 + signal number like a shell does.
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1));
});
