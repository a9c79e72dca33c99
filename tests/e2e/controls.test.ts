// The scenario controls in the app, driven with a real pointer: a short drag on a log slider
// (the buffer, 1 to 600,000 cells) changes the value by a small factor at the projector's and
// at a phone's size; the number box keeps what is typed.
import type { Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberParam } from '../../src/sim';
import { SCHEMA } from '../../src/sim';
import { roundValues } from '../../src/ui/controls/sliderScale';
import type { Harness } from './harness';
import { openPage, startHarness } from './harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);

afterAll(async () => {
  await h?.close();
});

const ROUND = new Set(roundValues(SCHEMA.bufferCells as NumberParam));

/** Drags the thumb of `key`'s slider `dx` CSS px (pointer down on the thumb, moves, up). */
async function dragThumb(page: Page, key: string, dx: number) {
  const slider = page.locator(`[data-key="${key}"] input[type=range]`);
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  if (!box) throw new Error(`${key}: no slider box`);
  const { pos, max } = await slider.evaluate((el: HTMLInputElement) => ({
    pos: Number(el.value),
    max: Number(el.max),
  }));
  // The thumb's centre: the track runs between half a thumb from each end (Chromium: 16 px).
  const thumb = 16;
  const x = box.x + thumb / 2 + ((box.width - thumb) * pos) / max;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 4; i++) await page.mouse.move(x + (dx * i) / 4, y);
  await page.mouse.up();
  return box.width;
}

const boxValue = (page: Page, key: string) =>
  page.locator(`[data-key="${key}"] input.sc-num`).inputValue();

describe('log slider with a real pointer', () => {
  for (const [name, viewport] of [
    ['projector 1366×768', { width: 1366, height: 768 }],
    ['phone 390×844', { width: 390, height: 844 }],
  ] as const) {
    it(`${name}: an 8 px drag moves the buffer by a small factor, to a round value; typing keeps 1090`, async () => {
      const { page, errors, close } = await openPage(h, '/?duration=2', {
        viewport,
        deviceScaleFactor: viewport.width < 500 ? 2 : 1,
      });
      try {
        // A phone starts with the settings folded: open them.
        await page.locator('.clock, [data-testid="sim-time"]').first().waitFor();
        if ((await page.locator('[data-key="bufferCells"]').count()) === 0)
          await page.getByRole('button', { name: /^▶ Settings$/ }).click();
        await page.locator('[data-key="bufferCells"]').waitFor();
        expect(await boxValue(page, 'bufferCells')).toBe('1088');
        const width = await dragThumb(page, 'bufferCells', 8);
        expect(width).toBeGreaterThan(100);
        await expect.poll(() => boxValue(page, 'bufferCells')).not.toBe('1088');
        const v = Number(await boxValue(page, 'bufferCells'));
        expect(ROUND.has(v), `${v} is a round value`).toBe(true);
        expect(v).toBeGreaterThan(1088);
        expect(v).toBeLessThanOrEqual(2500); // not 59,876
        // The URL carries the new value.
        await expect
          .poll(() => new URL(page.url()).searchParams.get('bufferCells'))
          .toBe(String(v));
        // Typing keeps the exact value, and the slider stands at the nearest round value.
        const num = page.locator('[data-key="bufferCells"] input.sc-num');
        await num.fill('1090');
        await num.press('Enter');
        await expect.poll(() => new URL(page.url()).searchParams.get('bufferCells')).toBe('1090');
        expect(
          await page
            .locator('[data-key="bufferCells"] input[type=range]')
            .getAttribute('aria-valuetext'),
        ).toBe('1,090 cells');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
