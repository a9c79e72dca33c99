// Draws the app's icons (the web app manifest's and the Apple touch icon) into public/: one SVG,
// written as is, and PNGs rendered from it by the system's headless Chromium. Re-run after a
// change of design: `npx tsx scripts/make-icons.ts`. The outputs are committed.
//
// The design is the favicon's, larger: three ATM cells on the app's dark blue, the third one
// amber (the cell a congested switch drops). The "maskable" variants fill the whole square and
// keep the cells inside the central 80 % circle that every platform mask leaves visible.
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';

export const THEME = '#1e3a5f';
const CELL = '#7dd3fc';
const MARKED = '#fbbf24';
const HEADER = '#0c2440';

function icon(maskable: boolean): string {
  // 512-unit square; cells 84 wide and 150 tall with a 20-unit gap: 292 x 150 in all, centred.
  const cells = [CELL, CELL, MARKED]
    .map((fill, i) => {
      const x = 110 + i * 104;
      return (
        `<rect x="${x}" y="181" width="84" height="150" rx="10" fill="${fill}"/>` +
        // The 5-byte header of the 53-byte cell, as a darker band at the top.
        `<rect x="${x + 10}" y="193" width="64" height="14" rx="4" fill="${HEADER}" opacity="0.55"/>`
      );
    })
    .join('');
  const bg = maskable
    ? `<rect width="512" height="512" fill="${THEME}"/>`
    : `<rect width="512" height="512" rx="96" fill="${THEME}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${bg}${cells}</svg>\n`;
}

const PNGS: { file: string; size: number; maskable: boolean }[] = [
  { file: 'pwa-192x192.png', size: 192, maskable: false },
  { file: 'pwa-512x512.png', size: 512, maskable: false },
  { file: 'maskable-512x512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

async function main(): Promise<void> {
  writeFileSync('public/icon.svg', icon(false));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const { file, size, maskable } of PNGS) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      const src = `data:image/svg+xml;base64,${Buffer.from(icon(maskable)).toString('base64')}`;
      await page.setContent(
        `<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      writeFileSync(`public/${file}`, await page.screenshot({ omitBackground: true }));
      await page.close();
      console.log(`public/${file} (${size} x ${size}${maskable ? ', maskable' : ''})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
