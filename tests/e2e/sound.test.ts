// The run as sound in real Chromium, heard through a recording stand-in for Web Audio (the
// page's AudioContext replaced before it loads: a headless browser has no speaker): off by
// default, nothing made; on, the playing run's tone glides within 220–880 Hz, drops click, a
// timeout sounds its low double tone; a pause silences the tone; the choice survives a reload;
// off again closes the context.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { startHarness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Replaces AudioContext with one that records what the page asks of it. */
function fakeAudio() {
  const w = window as unknown as { __audio: { made: number; closed: number; log: string[] } };
  w.__audio = { made: 0, closed: 0, log: [] };
  const rec = (s: string) => w.__audio.log.push(s);
  const param = (name: string) => ({
    value: 0,
    setTargetAtTime: (v: number) => rec(`${name} ${v}`),
    setValueAtTime: () => {},
    exponentialRampToValueAtTime: () => {},
  });
  class FakeContext {
    currentTime = 0;
    destination = {};
    constructor() {
      w.__audio.made++;
    }
    createOscillator() {
      const o = {
        type: 'sine',
        frequency: param('freq'),
        connect: (x: unknown) => x,
        start: () => {
          if (o.type !== 'sine') rec(`${o.type} ${o.frequency.value}`);
        },
        stop: () => {},
      };
      return o;
    }
    createGain() {
      return { gain: param('gain'), connect: (x: unknown) => x };
    }
    close() {
      w.__audio.closed++;
      return Promise.resolve();
    }
  }
  (window as unknown as { AudioContext: unknown }).AudioContext = FakeContext;
}

const audio = (page: import('playwright').Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __audio: { made: number; closed: number; log: string[] } }).__audio,
  );

describe('the run as sound', () => {
  it('off by default; on, the tone follows the buffer, drops click, a timeout sounds; kept on reload', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1366, height: 768 } });
    await context.addInitScript(fakeAudio);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    try {
      await page.goto(`${h.base}/?preset=s0-testbed&speed=0.1`);
      const toggle = page.getByTestId('sound-toggle');
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-pressed')).toBe('false');
      expect(await toggle.isVisible()).toBe(true);
      expect((await audio(page)).made).toBe(0);
      // In the header, beside the theme: seen, and pressed like any button.
      await toggle.click();
      expect(await toggle.getAttribute('aria-pressed')).toBe('true');
      // s0-testbed drops its first cells at 0.064 s and times out at 0.2 s or so (at 1/10×).
      await expect
        .poll(
          async () => (await audio(page)).log.filter((s) => s.startsWith('square 2000')).length,
          {
            timeout: 30_000,
          },
        )
        .toBeGreaterThan(0);
      await expect
        .poll(async () => (await audio(page)).log.filter((s) => s === 'triangle 160').length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      const a = await audio(page);
      expect(a.made).toBe(1);
      const freqs = a.log.filter((s) => s.startsWith('freq ')).map((s) => Number(s.slice(5)));
      expect(freqs.length).toBeGreaterThan(2);
      for (const f of freqs) {
        expect(f).toBeGreaterThanOrEqual(220);
        expect(f).toBeLessThanOrEqual(880);
      }
      expect(new Set(freqs).size).toBeGreaterThan(1);
      // A pause silences the tone.
      const from = (await audio(page)).log.length;
      const play = page.locator('.playback > button.primary');
      await play.click();
      await expect.poll(() => play.getAttribute('aria-label')).toBe('Play');
      await expect
        .poll(async () => (await audio(page)).log.slice(from).includes('gain 0'))
        .toBe(true);

      // Kept on reload; off closes the context.
      await page.reload();
      await page.getByTestId('sound-toggle').waitFor();
      expect(await page.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(async () => (await audio(page)).made).toBe(1);
      // From the keyboard: focused, Enter turns it off.
      await page.getByTestId('sound-toggle').focus();
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('sound-toggle').getAttribute('aria-pressed')).toBe('false');
      await expect.poll(async () => (await audio(page)).closed).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
