import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { ensureDebianPackage } from '../../lib/ensure.mjs';

/** The flags every benchmark starts Debian's Chromium with (this machine's closed network, root). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The full Chromium of Debian's `chromium` package (the e2e tier installs only the headless shell),
 * installed here when it is missing and apt-get may run; or CHROMIUM_PATH. A string says why not.
 */
export async function chromiumPath(): Promise<{ path: string } | string> {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!process.env.CHROMIUM_PATH) await ensureDebianPackage({ bin: path, pkg: 'chromium', why: 'the browser benchmarks' });
  return existsSync(path) ? { path } : `no Chromium at ${path}`;
}

/**
 * Debian's Chromium (never a downloaded one) with the flags this machine needs: no sandbox as
 * root, and no background networking (its connections are refused here). A string says why not.
 */
export async function launchChromium(): Promise<Browser | string> {
  const found = await chromiumPath();
  if (typeof found === 'string') return found;
  const executablePath = found.path;
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    args: CHROMIUM_FLAGS,
  });
}
