import { existsSync } from 'node:fs';
import type { BrowserContext } from 'playwright-core';

/** The distribution's Chromium (scripts/install-browser.sh installs it); playwright-core downloads none. */
export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser suite cannot run here, or undefined when it can; printed once when it skips. */
export function browserUnavailable(): string | undefined {
  if (!existsSync(CHROMIUM)) return `browser tests skipped: no ${CHROMIUM} (run scripts/install-browser.sh as root to install the distribution's chromium)`;
  return undefined;
}

/**
 * A headless Chromium that reaches no network of its own accord, with a fresh profile in
 * `profileDir` (playwright names the profile folder itself: `--user-data-dir` is its argument).
 */
export async function launchChromium(profileDir: string): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
