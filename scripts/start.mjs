#!/usr/bin/env node
// `npm start`: install dependencies when needed, build the SPA when stale, then run the
// server (which migrates and seeds on start). Embedded database (PGlite under ./data)
// unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT, ensureDeps, ensureWebBuild, log, red } from './lib/ensure.mjs';

try {
  await ensureDeps();
  await ensureWebBuild({ force: process.env.FORCE_BUILD === '1' });
} catch (err) {
  console.error(red(`npm start: ${err.message}`));
  process.exit(1);
}

log(`starting the server (${process.env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'embedded PGlite database'})`);
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], { cwd: ROOT, stdio: 'inherit' });

// Forward signals so the server can shut down gracefully; a second Ctrl-C is passed on as well.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
  });
}
child.on('error', (err) => {
  console.error(red(`could not start the server: ${err.message}`));
  process.exit(1);
});
child.on('exit', (code, signal) => {
  // Mirror the child's fate: its exit code, or 128 + signal number like a shell does.
  process.exit(code ?? 128 + (os.constants.signals[signal] ?? 1));
});
