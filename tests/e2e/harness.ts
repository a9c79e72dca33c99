// Shared set-up for the e2e tests: the system's headless Chromium, driven from Node with
// playwright, against the app as built (one build and one static server per e2e run:
// globalSetup.ts), or against a Vite dev server where `npm start` itself is under test.
import { readFile, stat } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright';
import { chromium } from 'playwright';
import { inject } from 'vitest';
import type { InlineConfig } from 'vite';
import { build, createServer, mergeConfig } from 'vite';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/cli/browser';

export { CHROMIUM_ARGS, CHROMIUM_PATH };
export const PROJECTOR = { width: 1280, height: 720 };

export interface Harness {
  browser: Browser;
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  base: string;
  close(): Promise<void>;
}

/**
 * Launches Chromium for the shared build (globalSetup.ts). Its contexts block service workers
 * unless a test asks for them (`serviceWorkers: 'allow'`): a returning visitor's page, with no
 * offline install and its notice in every test; the first visit, notice and all, is the
 * deployed-build tests' subject (firstScreen, deploy).
 */
export async function startHarness(): Promise<Harness> {
  const base = inject('appOrigin');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => {
    const context = await newContext({ serviceWorkers: 'block', ...options });
    // playwright's 30 s for a wait or an action is too short on a loaded CI machine (three
    // files' pages at once); a ceiling only, a wait returns when its state holds.
    context.setDefaultTimeout(60_000);
    return context;
  };
  return { browser, base, close: () => browser.close() };
}

/** Starts a Vite dev server (`npm start`, port 0: any free port) and launches Chromium. */
export async function startDevHarness(): Promise<Harness> {
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

// ---- The built app, served as a static host would (tests/e2e/deploy.test.ts). ----

export interface StaticServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  origin: string;
  /** Every request, as `STATUS PATH` (`DOWN PATH` for one dropped while `down`); none when
   * served with `log: false`. */
  log: string[];
  /** While true the server drops every connection unanswered (a host that is unreachable). */
  down: boolean;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

/**
 * A plain static file server for `dir` mounted at `mount` (e.g. `/lab/`), on a free port of
 * 127.0.0.1 (a secure context, so service workers register). Like any static host: files as
 * they are, `index.html` for a directory, 404 for anything else; no rewrites.
 */
export async function serveStatic(
  dir: string,
  mount: string,
  opts: { log?: boolean } = {},
): Promise<StaticServer> {
  const keepLog = opts.log ?? true;
  const root = normalize(dir);
  const log: string[] = [];
  const s: StaticServer = { origin: '', log, down: false, close: async () => {} };
  const server = createHttpServer(async (req, res) => {
    if (s.down) {
      if (keepLog) log.push(`DOWN ${req.url}`);
      req.socket.destroy();
      return;
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const send = (status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') => {
      if (keepLog) log.push(`${status} ${path}`);
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
      res.end(body);
    };
    if (path === mount.replace(/\/$/, '')) {
      if (keepLog) log.push(`301 ${path}`);
      res.writeHead(301, { Location: mount });
      res.end();
      return;
    }
    if (!path.startsWith(mount)) return send(404, 'not found');
    let file = normalize(join(root, path.slice(mount.length)));
    if (file !== root && !file.startsWith(root + sep)) return send(404, 'not found');
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      send(200, await readFile(file), type);
    } catch {
      send(404, 'not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  s.origin = `http://127.0.0.1:${port}`;
  s.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return s;
}

/**
 * Builds the app as `BASE_PATH=<base> npm run build` would (vite.config.ts, service worker
 * included) into `outDir`, quietly. `extra` is merged into the inline config (a plugin that marks
 * a second deployment, say).
 */
export async function buildApp(
  outDir: string,
  base: string,
  extra: InlineConfig = {},
): Promise<void> {
  // Vitest runs with NODE_ENV=test; a deployment is a production build (React's and Workbox's
  // production bundles).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(
      mergeConfig(
        {
          base,
          mode: 'production',
          logLevel: 'warn',
          build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
        },
        extra,
      ),
    );
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}

/**
 * Waits until the page's layout has settled: the boxes of the elements that `selectors` match
 * and the scroll position are the same for `frames` frames in a row (a view's fitted height, a
 * placement's scroll or a size observer's redraw is over). For layout checks, in place of a
 * pause of fixed length that a busy machine can outlast.
 */
export async function stillLayout(page: Page, selectors: string[], frames = 3): Promise<void> {
  await page.waitForFunction(
    ({ selectors, frames }) =>
      new Promise<boolean>((resolve) => {
        let last = '';
        let same = 0;
        const tick = () => {
          const key = JSON.stringify([
            window.scrollX,
            window.scrollY,
            ...selectors.flatMap((s) =>
              [...document.querySelectorAll(s)].map((el) => {
                const r = el.getBoundingClientRect();
                return [r.left, r.top, r.width, r.height];
              }),
            ),
          ]);
          same = key === last ? same + 1 : 0;
          last = key;
          if (same >= frames) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { selectors, frames },
    { timeout: 60_000 },
  );
}

/**
 * How wide the page is against its window (WCAG 1.4.10's sideways scroll), with what runs past
 * the right edge, as `tag.class` (at most 5; the data tables' own scrolling boxes aside).
 */
export const pageOverflow = (page: Page) =>
  page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .filter((el) => !el.closest('.data-table-wrap, .sweep-table-wrap, .conn-table-wrap'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`),
  }));
