// Temporary screenshot script (not committed).
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/cli/browser';
const base = 'http://127.0.0.1:5199';
const [, , path, name, size = 'laptop', waitMs = '6000'] = process.argv;
const vp = size === 'phone' ? { width: 390, height: 844 } : { width: 1366, height: 768 };
const b = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await b.newContext({ viewport: vp, ...(size === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}) });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', String(e)));
page.on('console', (m) => { if (m.type() === 'error') console.log('CONSOLE', m.text()); });
await page.goto(base + path);
await page.waitForTimeout(Number(waitMs));
await page.screenshot({ path: `/tmp/shots-l2-content/${name}.png` });
const info = await page.evaluate(() => ({
  t: document.querySelector('[data-testid="sim-time"]')?.textContent,
  url: location.search,
  q: document.querySelector('[data-testid="view-queue"]')?.getAttribute('data-caption'),
  d: document.querySelector('[data-testid="view-queue"]')?.getAttribute('data-latest-drop'),
  figs: [...document.querySelectorAll('[data-testid="lesson-figures"] > div')].map((e) => e.textContent),
}));
console.log(JSON.stringify(info));
await b.close();
