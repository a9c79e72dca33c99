/**
 * Headless Chromium against the built app, shared by `npm run bench:ui` and `npm run soak`:
 * build and serve dist/ with `vite preview`, launch the system's Chromium, and read the page's
 * and the worker's heap after a forced GC through the DevTools protocol.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright';
import { chromium } from 'playwright';
import type { PreviewServer } from 'vite';
import { build, preview } from 'vite';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/** The system Chromium and its flags, for the measurement scripts and the e2e tests alike. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];
export const MB = 1024 * 1024;

export const fmt = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

/** Builds the app into `outDir` (unminified if asked, for readable profiles). */
export async function buildApp(root: string, outDir: string, minify = true): Promise<void> {
  await build({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, ...(minify ? {} : { minify: false }) },
  });
}

/** Serves `outDir` with `vite preview` on a free port; returns the server and its base URL. */
export async function serveDist(
  root: string,
  outDir: string,
): Promise<{ server: PreviewServer; base: string }> {
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const addr = server.httpServer.address();
  if (!addr || typeof addr === 'string') {
    await server.close();
    throw new Error('preview server has no address');
  }
  return { server, base: `http://127.0.0.1:${addr.port}` };
}

export interface AppPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  worker: WorkerHeap;
  /** Console errors and uncaught page errors since the page opened. */
  errors: string[];
}

/** The page's screen: CSS pixel size, device pixel ratio, and a phone's touch and mobile
 * viewport. */
export interface PageDevice {
  width: number;
  height: number;
  deviceScaleFactor: number;
  mobile: boolean;
}

/** Launches Chromium with a page (1280×720 unless `device` says otherwise), a CDP session and
 * the worker heap reader attached; `initScript` runs before the app's scripts. Navigate with
 * `page.goto` afterwards. */
export async function launchPage(initScript?: string, device?: PageDevice): Promise<AppPage> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info'],
  });
  const context = await browser.newContext({
    viewport: { width: device?.width ?? 1280, height: device?.height ?? 720 },
    deviceScaleFactor: device?.deviceScaleFactor ?? 1,
    isMobile: device?.mobile ?? false,
    hasTouch: device?.mobile ?? false,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (initScript) await page.addInitScript({ content: initScript });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const worker = new WorkerHeap(cdp);
  await worker.attach();
  return { browser, context, page, cdp, worker, errors };
}

/**
 * The dedicated worker's heap, through a non-flattened auto-attach on the page's CDP session
 * (Playwright's CDPSession has no sessionId parameter; Target.sendMessageToTarget carries the
 * worker's messages instead). Best effort: n/a if the worker is not attached.
 */
export class WorkerHeap {
  private sessions: string[] = [];
  private next = 1;
  private pending = new Map<number, (v: unknown) => void>();
  constructor(private cdp: CDPSession) {
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker') this.sessions.push(e.sessionId);
    });
    cdp.on('Target.detachedFromTarget', (e) => {
      this.sessions = this.sessions.filter((s) => s !== e.sessionId);
    });
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: unknown };
      if (m.id !== undefined) this.pending.get(m.id)?.(m.result ?? m.error);
      if (m.id !== undefined) this.pending.delete(m.id);
    });
  }
  attach() {
    return this.cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
  }
  private send(sessionId: string, method: string): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.cdp
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) })
        .catch(() => resolve(undefined));
      setTimeout(() => resolve(undefined), 5_000);
    });
  }
  /** Used JS heap + ArrayBuffer backing stores of the (last attached) worker, after a GC. */
  async read(): Promise<{ used: number; backing: number }> {
    const s = this.sessions[this.sessions.length - 1];
    if (!s) return { used: NaN, backing: NaN };
    await this.send(s, 'HeapProfiler.collectGarbage');
    const u = (await this.send(s, 'Runtime.getHeapUsage')) as
      { usedSize?: number; backingStorageSize?: number } | undefined;
    return { used: u?.usedSize ?? NaN, backing: u?.backingStorageSize ?? NaN };
  }
}

export interface HeapReading {
  /** V8 heap of the page (CDP Performance.getMetrics JSHeapUsedSize). */
  jsHeap: number;
  /** ArrayBuffer backing stores of the page (Runtime.getHeapUsage.backingStorageSize). */
  backing: number;
  /** jsHeap + backing: what the targets are checked against. */
  total: number;
  /** performance.memory.usedJSHeapSize (precise; includes backing stores), a cross-check. */
  perfMemory: number;
  workerUsed: number;
  workerBacking: number;
}

/** The page's and the worker's heap after a forced GC (bytes). */
export async function readHeap(
  page: Page,
  cdp: CDPSession,
  worker: WorkerHeap,
): Promise<HeapReading> {
  // GC, let the ArrayBuffer sweeper release freed backing stores, GC again.
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((r) => setTimeout(r, 300));
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const jsHeap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN;
  const usage = await cdp.send('Runtime.getHeapUsage');
  const backing = (usage as { backingStorageSize?: number }).backingStorageSize ?? NaN;
  const perfMemory = await page.evaluate(
    () =>
      (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory
        ?.usedJSHeapSize ?? NaN,
  );
  const w = await worker.read();
  return {
    jsHeap,
    backing,
    total: jsHeap + backing,
    perfMemory,
    workerUsed: w.used,
    workerBacking: w.backing,
  };
}

/** The simulated clock the page shows, in seconds (NaN if it cannot be read). */
export const simTime = async (page: Page, clock = 'sim-time') =>
  Number(
    await page
      .getByTestId(clock)
      .textContent({ timeout: 2_000 })
      .catch(() => 'NaN'),
  );

/** Waits for the app's `tal:first-frame` mark; returns its time (ms) or null on timeout. */
export async function firstFrame(page: Page, timeoutMs: number): Promise<number | null> {
  try {
    await page.waitForFunction(
      () => performance.getEntriesByName('tal:first-frame').length > 0,
      null,
      { timeout: timeoutMs, polling: 100 },
    );
  } catch {
    return null;
  }
  return page.evaluate(() => performance.getEntriesByName('tal:first-frame')[0].startTime);
}

/** Runs a measurement script's `main` and exits with its code; a failure is logged, exit 1. */
export function runMeasurement(main: () => Promise<number>, log: (s: string) => void): void {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      log(`measurement failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      process.exit(1);
    },
  );
}
