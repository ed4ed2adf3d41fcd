import { existsSync } from 'node:fs';
import type { Browser, Page, Request } from 'playwright-core';
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

/**
 * Resolves once no request of the page but a live-update stream (`/api/live/...`, held open by
 * design) has been in flight for `quietMs`. Playwright's `networkidle` counts that stream, so on
 * a screen with live updates it never comes.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const inFlight = new Set<Request>();
  const counted = (r: Request) => !new URL(r.url()).pathname.startsWith('/api/live/');
  const onStart = (r: Request) => counted(r) && inFlight.add(r);
  const onEnd = (r: Request) => inFlight.delete(r);
  page.on('request', onStart);
  page.on('requestfinished', onEnd);
  page.on('requestfailed', onEnd);
  try {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() - quietSince < quietMs) {
      if (Date.now() > deadline) throw new Error(`the network was not quiet for ${quietMs} ms within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (inFlight.size > 0) quietSince = Date.now();
    }
  } finally {
    page.off('request', onStart);
    page.off('requestfinished', onEnd);
    page.off('requestfailed', onEnd);
  }
}
