// The live class in real Chromium against the real class server, for an e2e file: the built
// app (globalSetup.ts) served by `npm run classroom`'s code as a child process on 127.0.0.1
// with a temp database, one Chromium, pages opened as a projector or a phone, the server
// killed (SIGKILL) and started again on the same database, and the room read over a socket.
// `classFixture()` registers its beforeAll/afterAll in the calling file.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright';
import { chromium } from 'playwright';
import { afterAll, beforeAll, inject } from 'vitest';
import WebSocket from 'ws';
import type { RoomState } from '../../src/classroom/protocol';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './harness';

export const SHOTS = process.env.CLASS_SHOTS ?? join(tmpdir(), 'atm-lab-class-shots');
export const PROJECTOR = { width: 1366, height: 768 };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

export function classFixture() {
  let outDir = '';
  let dbDir = '';
  let port = 0;
  let server: ChildProcess | null = null;
  let log = '';
  let browser: Browser;
  const base = () => `http://127.0.0.1:${port}`;

  /** Starts the class server (the CLI of `npm run classroom`) and waits until it answers. */
  async function startServer(): Promise<void> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/classroom.ts',
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--db',
        join(dbDir, 'class.sqlite'),
        '--dist',
        outDir,
        '--qr',
        'none',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    log = '';
    child.stdout?.on('data', (d) => (log += String(d)));
    child.stderr?.on('data', (d) => (log += String(d)));
    for (;;) {
      if (child.exitCode !== null) throw new Error(`class server exited: ${log}`);
      if (log.includes('Ctrl-C stops the server.')) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** SIGKILL: no shutdown handler runs. */
  async function killServer(): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await gone;
    server = null;
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    outDir = inject('appDir');
    dbDir = mkdtempSync(join(tmpdir(), 'atm-lab-class-db-'));
    port = await freePort();
    await startServer();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await killServer();
    if (dbDir) rmSync(dbDir, { recursive: true, force: true });
  });

  /** A page at `path` in a context of its own, its console errors and page errors kept. */
  async function open(
    path: string,
    options: Parameters<Browser['newContext']>[0],
  ): Promise<Opened> {
    const context = await browser.newContext({ acceptDownloads: true, ...options });
    const page = await context.newPage();
    const errors: string[] = [];
    watch(page, errors);
    await page.goto(base() + path);
    return { context, page, errors };
  }

  /** The room as a projector's hello reads it now (over its own socket, with the host token). */
  function roomState(code: string, token: string): Promise<RoomState> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/class/ws`);
      ws.on('open', () =>
        ws.send(JSON.stringify({ type: 'hello', role: 'host', room: code, token })),
      );
      ws.on('message', (d) => {
        const m = JSON.parse(String(d));
        if (m.type === 'welcome') {
          ws.close();
          resolve(m.room as RoomState);
        } else if (m.type === 'error') {
          ws.close();
          reject(new Error(m.message));
        }
      });
      ws.on('error', reject);
    });
  }

  return {
    base,
    /** The socket address of the class server. */
    wsUrl: () => `ws://127.0.0.1:${port}/class/ws`,
    /** The built app the server serves. */
    appDir: () => outDir,
    browser: () => browser,
    open,
    startServer,
    killServer,
    roomState,
    serverLog: () => log,
  };
}

/** Keeps `page`'s console errors and page errors in `errors`. */
export function watch(page: Page, errors: string[]): void {
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
}

export const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
