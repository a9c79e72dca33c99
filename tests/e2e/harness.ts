// Shared set-up for the e2e tests: a Vite dev server on a free port and the system's headless
// Chromium, driven from Node with playwright. Same approach as app.test.ts, in one place so the
// e2e files can share it.
import type { Browser, BrowserContextOptions, Page } from 'playwright';
import { chromium } from 'playwright';
import type { ViteDevServer } from 'vite';
import { createServer } from 'vite';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
export const PROJECTOR = { width: 1280, height: 720 };

export interface Harness {
  server: ViteDevServer;
  browser: Browser;
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  base: string;
  close(): Promise<void>;
}

/** Starts the dev server (port 0: any free port) and launches Chromium. */
export async function startHarness(): Promise<Harness> {
  const server = await createServer({ server: { port: 0, strictPort: false }, logLevel: 'error' });
  let browser: Browser | undefined;
  try {
    await server.listen();
    const addr = server.httpServer!.address();
    if (!addr || typeof addr === 'string') throw new Error('no address');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  } catch (e) {
    await server.close();
    throw e;
  }
  const addr = server.httpServer!.address() as { port: number };
  const b = browser;
  return {
    server,
    browser: b,
    base: `http://127.0.0.1:${addr.port}`,
    async close() {
      await b.close();
      await server.close();
    },
  };
}

export interface Opened {
  page: Page;
  /** Console errors and uncaught page errors seen since the page opened. */
  errors: string[];
  close(): Promise<void>;
}

/** Opens `path` in a fresh browser context (so context options apply to this page only). */
export async function openPage(
  h: Harness,
  path: string,
  options: BrowserContextOptions = {},
): Promise<Opened> {
  const context = await h.browser.newContext({ viewport: PROJECTOR, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(h.base + path);
  return { page, errors, close: () => context.close() };
}

/** The simulated clock the page shows, in seconds. */
export const simTime = async (page: Page) =>
  Number(await page.getByTestId('sim-time').textContent());

/** A numeric `data-NAME` attribute of the element with `data-testid=testId` (NaN if absent). */
export const dataAttr = async (page: Page, testId: string, name: string) =>
  Number(await page.getByTestId(testId).getAttribute(`data-${name}`));
