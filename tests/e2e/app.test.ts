// End-to-end: the real page, served by Vite, in real headless Chromium (playwright-core).
import type { Browser, Page } from 'playwright';
import { chromium } from 'playwright';
import type { ViteDevServer } from 'vite';
import { createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ViteDevServer;
let browser: Browser;
let base = '';

beforeAll(async () => {
  server = await createServer({ server: { port: 0, strictPort: false }, logLevel: 'error' });
  await server.listen();
  const addr = server.httpServer!.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${addr.port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + path);
  return { page, errors };
}

const metric = (page: Page, key: string) =>
  page.locator(`[data-metric="${key}"] .metric-value`).textContent();

describe('the app in Chromium', () => {
  it('opens on the default scenario, runs it in the worker and shows live metrics, without console errors', async () => {
    const { page, errors } = await open('/');
    await expect
      .poll(() => page.getByTestId('sim-time').textContent(), { timeout: 20_000 })
      .not.toBe('0.000');
    await expect
      .poll(() => metric(page, 'efficiency'), { timeout: 20_000 })
      .toMatch(/^\d+\.\d\d %$/);
    expect(await page.getByTestId('scenario-query').textContent()).toBe('?v=1');
    expect(await page.getByTestId('worker-failure').count()).toBe(0);
    expect(await page.getByTestId('url-issues').count()).toBe(0);
    await page.screenshot({ path: 'artifacts/app-default-1280x720.png', fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('a broken link shows a banner naming each rejected key, and the page still runs', async () => {
    const { page, errors } = await open('/?preset=s2-deadlock&duration=2&mtu=abc&bogus=1');
    const banner = page.getByTestId('url-issues');
    await expect
      .poll(() => banner.textContent())
      .toContain('mtu: "abc" is not an integer from 128 to 65527 bytes');
    expect(await banner.textContent()).toContain('bogus: unknown parameter');
    await expect
      .poll(() => page.getByTestId('sim-time').textContent(), { timeout: 20_000 })
      .toBe('2.000');
    expect(await metric(page, 'timeouts')).toMatch(/^\d+$/);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
