// Runs in real Chromium: while frames are slow (a phone streaming at Max speed) the views'
// canvases are drawn at 1× with thin strokes: a line narrower than THIN_BELOW_PX is drawn one
// pixel wide (Skia's hairline path), while a mark's emphasis keeps its width; the run that
// stands still is drawn sharp, at the widths the views ask for.
import { afterEach, describe, expect, it } from 'vitest';
import { requestDraw, underLoad } from '../../src/ui/data/drawScheduler';
import { THIN_BELOW_PX, prepareCanvas } from '../../src/ui/views/useRedraw';

const canvas = document.createElement('canvas');
document.body.appendChild(canvas);
afterEach(() => {
  canvas.getContext('2d')!.lineWidth = 1;
});

/** Runs `draw` in the scheduler's next animation frame; what it returns. */
const inFrame = <T>(draw: () => T) => new Promise<T>((done) => requestDraw(() => done(draw())));

/** A frame that takes `ms` of drawing (a slow phone's). */
const slowFrame = (ms: number) =>
  inFrame(() => {
    const t0 = performance.now();
    while (performance.now() - t0 < ms);
  });

/** The widths a view's lines read back after asking for these. */
function widths(ctx: CanvasRenderingContext2D, asked: number[]): number[] {
  return asked.map((w) => {
    ctx.lineWidth = w;
    // (read back as the canvas keeps it: a float32)
    return Math.round(ctx.lineWidth * 1000) / 1000;
  });
}

/** The pixel rows a horizontal line asked `w` wide inks, drawn along the middle of row 10. */
function rowsInked(ctx: CanvasRenderingContext2D, w: number): number {
  ctx.strokeStyle = '#000';
  ctx.lineWidth = w;
  ctx.beginPath();
  ctx.moveTo(0, 10.5);
  ctx.lineTo(40, 10.5);
  ctx.stroke();
  const px = ctx.getImageData(20, 0, 1, 20).data;
  let rows = 0;
  for (let y = 0; y < 20; y++) if (px[y * 4 + 3] > 0) rows++;
  return rows;
}

describe('thin strokes while a slow device streams', () => {
  it('draws lines 1 px wide at 1× under load, marks as asked, and all as asked when still', async () => {
    expect(window.devicePixelRatio).toBe(1);
    // A quick device streaming: the views' widths as they ask.
    const quick = await inFrame(() => widths(prepareCanvas(canvas, 40, 20, true)!, [1.4, 1.6, 3]));
    expect(quick).toEqual([1.4, 1.6, 3]);
    expect(underLoad()).toBe(false);
    // Two slow frames (40 ms of drawing each): the next frames are under load.
    await slowFrame(40);
    await slowFrame(40);
    expect(underLoad()).toBe(true);
    const loaded = await inFrame(() => {
      const ctx = prepareCanvas(canvas, 40, 20, true)!;
      return { w: widths(ctx, [1.4, 1.6, 1, 0.5, THIN_BELOW_PX, 3]), rows: rowsInked(ctx, 1.6) };
    });
    expect(loaded.w).toEqual([1, 1, 1, 0.5, 2, 3]);
    // Drawn so: a 1.6 px line along a pixel row inks that row only (3 rows when drawn 1.6 wide).
    expect(loaded.rows).toBe(1);
    // The run stands still: drawn sharp from the next frame on, at the widths asked for.
    prepareCanvas(canvas, 40, 20, false);
    const still = await inFrame(() => {
      const ctx = prepareCanvas(canvas, 40, 20, false)!;
      return { w: widths(ctx, [1.4, 1.6, 3]), rows: rowsInked(ctx, 1.6) };
    });
    expect(still).toEqual({ w: [1.4, 1.6, 3], rows: 3 });
  });
});
