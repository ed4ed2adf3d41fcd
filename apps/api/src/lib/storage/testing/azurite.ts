import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The emulator's well-known development account (public; documented by Microsoft). */
const AZURITE_ACCOUNT = 'devstoreaccount1';
const AZURITE_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface RunningAzurite {
  port: number;
  connectionString: string;
  stop(): Promise<void>;
}

function azuriteConnectionString(port: number, host = '127.0.0.1'): string {
  return `DefaultEndpointsProtocol=http;AccountName=${AZURITE_ACCOUNT};AccountKey=${AZURITE_KEY};BlobEndpoint=http://${host}:${port}/${AZURITE_ACCOUNT};`;
}

/**
 * Starts the Azurite blob emulator (from node_modules) on a free local port with in-memory
 * persistence, waits until it accepts connections, and returns its connection string.
 * Always `await stop()` (e.g. in afterAll); the process is also killed if the test process exits.
 */
export async function startAzurite(options: { startTimeoutMs?: number } = {}): Promise<RunningAzurite> {
  const require = createRequire(import.meta.url);
  const main = path.join(path.dirname(require.resolve('azurite/package.json')), 'dist/src/blob/main.js');
  const location = await mkdtemp(path.join(tmpdir(), 'azurite-'));
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        main,
        '--disableTelemetry',
        '--skipApiVersionCheck',
        '--silent',
        '--inMemoryPersistence',
        '--blobHost',
        '127.0.0.1',
        '--blobPort',
        String(port),
      ],
      // --location cannot be combined with --inMemoryPersistence; a private cwd keeps any stray file out of the repo.
      { cwd: location, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    try {
      await waitForPort(port, child, options.startTimeoutMs ?? 20_000);
      return {
        port,
        connectionString: azuriteConnectionString(port),
        stop: async () => {
          process.off('exit', killOnExit);
          await stopChild(child);
          await rm(location, { recursive: true, force: true });
        },
      };
    } catch (err) {
      process.off('exit', killOnExit);
      await stopChild(child);
      lastError = new Error(`Azurite did not start on port ${port}: ${(err as Error).message}\n${stderr}`);
    }
  }
  await rm(location, { recursive: true, force: true });
  throw lastError;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited with ${child.exitCode ?? child.signalCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
