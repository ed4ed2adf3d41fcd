#!/usr/bin/env node
// `npm run typecheck`: tsc --noEmit in every workspace, and in e2e (which includes the scripts).
// tsc uses one core, so the projects run side by side, as many at once as there are cores: on
// the 2-core CI machine the four took ~56 s one after another. Each project's output is printed
// whole when it ends, so two never interleave. Exits non-zero when any project has an error.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ROOT, bold, green, red } from './lib/ensure.mjs';

const PROJECTS = ['apps/api', 'apps/web', 'packages/contract', 'e2e'];
const TSC = path.join(ROOT, 'node_modules', '.bin', 'tsc');

function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(TSC, ['--noEmit', '-p', project], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const done = (code) => {
      const secs = ((performance.now() - started) / 1000).toFixed(1);
      console.log(code === 0 ? green(`✓ ${project} (${secs} s)`) : red(`✗ ${project} (${secs} s)`));
      if (out.trim()) console.log(out.trimEnd());
      resolve(code);
    };
    child.on('error', (err) => {
      out += `could not start tsc: ${err.message}`;
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

const queue = [...PROJECTS];
const failed = [];
const lane = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) if ((await check(project)) !== 0) failed.push(project);
};
const lanes = Math.max(1, Math.min(PROJECTS.length, os.availableParallelism()));
console.log(bold(`tsc --noEmit: ${PROJECTS.join(', ')} (${lanes} at a time)`));
await Promise.all(Array.from({ length: lanes }, lane));
if (failed.length) {
  console.log(red(`type errors in ${failed.join(', ')}`));
  process.exit(1);
}
