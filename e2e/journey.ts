import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage, operator, type RunningServer, startServer } from './harness.ts';
import { demoPlayerToken } from './player.ts';

/**
 * The two ways issue 13 asks every player journey to be walked: in PT-BR on a phone and in EN on a
 * desktop. A journey file loops over these (`describe.each(JOURNEYS)`) instead of copying its test.
 */
export interface JourneySetting {
  lang: 'pt-BR' | 'en';
  phone: boolean;
  viewport: { width: number; height: number };
  /** For test names and screenshot files: "pt-BR phone 390x844". */
  name: string;
}

export const JOURNEYS: readonly JourneySetting[] = [
  { lang: 'pt-BR', phone: true, viewport: { width: 390, height: 844 }, name: 'pt-BR phone 390x844' },
  { lang: 'en', phone: false, viewport: { width: 1366, height: 900 }, name: 'en desktop 1366x900' },
];

/** A fresh context (own storage) in the setting's language and size. */
export async function journeyPage(
  browser: Browser,
  setting: JourneySetting,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, { lang: setting.lang, phone: setting.phone });
  await opened.page.setViewportSize(setting.viewport);
  return opened;
}

export interface JourneyRun {
  server: RunningServer;
  browser: Browser;
  /** The demo player's session token (with `demoPlayer`), for `signInContext` and `playerApi`. */
  token: string;
}

/**
 * The set-up every journey file shares: the built server on a fresh database (with `env`), one
 * Chromium, the merchant's `flags` set through the operator API, and with `demoPlayer` the demo
 * merchant opened to scripts (those flags on top) and the demo player signed in; all closed after
 * the file. The fields are there from the file's first test on.
 */
export function useJourney(
  options: {
    env?: Record<string, string>;
    flags?: Record<string, boolean>;
    demoPlayer?: Record<string, boolean>;
  } = {},
): JourneyRun {
  const run = {} as JourneyRun;
  beforeAll(async () => {
    run.server = await startServer(options.env);
    run.browser = await launchBrowser();
    if (options.flags) await operator(run.server, 'PATCH', '/bo/merchants/demo/flags', options.flags);
    if (options.demoPlayer) run.token = await demoPlayerToken(run.server, options.demoPlayer);
  });
  afterAll(async () => {
    await run.browser?.close();
    await run.server?.close();
  });
  return run;
}
