import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

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
 * Debian's Chromium (never a downloaded one) with the flags this machine needs: no sandbox as
 * root, and no background networking (its connections are refused here). A string says why not.
 */
export async function launchChromium(): Promise<Browser | string> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `no Chromium at ${executablePath}`;
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    args: CHROMIUM_FLAGS,
  });
}
