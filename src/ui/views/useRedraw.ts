import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { RunStore } from '../data/runStore';
import {
  canvasScale,
  cancelDraw,
  drawingLowRes,
  inFrameStart,
  requestDraw,
  sharpening,
  underLoad,
} from '../data/drawScheduler';
import { callReporting } from '../data/nextTask';
import type { ViewState } from './viewState';

/** Element width (CSS px), tracked with a ResizeObserver. */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      setWidth((old) => (old === w ? old : w));
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/** While a run plays on a device that cannot draw every view in every frame, a view scrolled
 * out of sight redraws at most this often (ms): a phone shows one or two views at a time, and
 * every redrawn canvas costs the compositor a copy. */
export const OFFSCREEN_REDRAW_MS = 1000;

/**
 * Calls `draw` at most once per animation frame whenever the run store or the shared view
 * state changes (and when `deps` change); under load, the frame's budget may put it off by a
 * frame or two (drawScheduler.ts). With `target` (the view's element), a view out of the
 * viewport redraws at most every OFFSCREEN_REDRAW_MS while the run plays and frames are slow
 * (underLoad), and at once when it comes into sight. New data while the run stands still
 * (a pause, a step, a seek, the end) is drawn in the frame that brings it by the views in sight,
 * within the frame's budget, then by the others in the next frames; the page's text shows that
 * instant once they all do (RunStore.subscribeSlow). Views
 * draw imperatively; React only lays them out.
 */
export function useRedraw(
  store: RunStore,
  view: ViewState,
  draw: () => void,
  deps: readonly unknown[],
  target?: React.RefObject<Element | null>,
): void {
  const drawRef = useRef(draw);
  useEffect(() => {
    drawRef.current = draw;
  });
  useEffect(() => {
    // One frame loop for all views, with a per-frame budget (drawScheduler.ts).
    let visible = true;
    let stale = false;
    let last = -Infinity;
    const draw = () => {
      stale = false;
      last = performance.now();
      drawRef.current();
    };
    const request = (urgent = false) => {
      // Out of sight on a device that cannot draw every view in every frame, while the run
      // plays (a zoom of a run that stands still shows in every view in the next frame).
      const waits = !visible && store.playing && underLoad();
      if (!urgent && waits) {
        if (performance.now() - last < OFFSCREEN_REDRAW_MS) {
          stale = true;
          return;
        }
      } else if (!urgent && !store.playing && !visible) {
        // The run stood still (below) and this view is out of sight: it follows in the next
        // frames, paced, so that the views in sight come first and no one task redraws them all
        // (and not urgently, were it asked so by the cursor that moved to the paused instant).
        cancelDraw(draw);
        requestDraw(draw);
        return;
      } else if (!urgent && !store.playing) {
        // New data while the run stands still (it paused, stepped, sought or ended): every
        // view in sight shows that instant, in this frame within its budget, before the views
        // out of sight (the clock's text follows once they all have: RunStore.subscribeSlow).
        cancelDraw(draw);
        if (inFrameStart()) {
          requestDraw(draw, false, true);
          return;
        }
        callReporting(draw);
        // Drawn at 1× after a slow phone's play: sharp in the next frames (canvasScale).
        if (sharpening()) requestDraw(draw);
        return;
      }
      // A change of what is shown draws at once where it is seen, paced elsewhere.
      requestDraw(draw, urgent && !waits);
    };
    const el = target?.current;
    let io: IntersectionObserver | undefined;
    if (el && typeof IntersectionObserver !== 'undefined') {
      io = new IntersectionObserver((entries) => {
        visible = entries[entries.length - 1].isIntersecting;
        if (visible && stale) requestDraw(draw);
      });
      io.observe(el);
    }
    request(true);
    const a = store.subscribe(() => request());
    // A change of what is shown (zoom, step, hover) draws every view in the same frame.
    const b = view.subscribe(() => request(true));
    return () => {
      a();
      b();
      io?.disconnect();
      cancelDraw(draw);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, view, target, ...deps]);
}

/**
 * For a view that React renders (SVG elements) rather than draws: re-renders it when the run
 * store changes, at most once per animation frame and paced and culled as useRedraw's draws
 * are (the frame's budget; out of sight under load: at most every OFFSCREEN_REDRAW_MS). Returns
 * the store's version that the render shows.
 */
export function usePacedVersion(
  store: RunStore,
  view: ViewState,
  target: React.RefObject<Element | null>,
): number {
  const [version, setVersion] = useState(store.version);
  // React renders the view inside the draw (flushSync), not in a microtask after the frame's
  // loop: the frame's budget then counts what the render really costs (drawScheduler.ts).
  useRedraw(store, view, () => flushSync(() => setVersion(store.version)), [], target);
  return version;
}

/** Sizes a canvas for the device pixel ratio and returns its 2D context, scaled to CSS px and
 * cleared. `playing`: the run streams (a slow device then draws at 1×: canvasScale). */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
  playing = false,
): CanvasRenderingContext2D | null {
  const dpr = canvasScale(playing);
  const w = Math.max(1, Math.round(width * dpr));
  const h = Math.max(1, Math.round(height * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  // (drawing at 1× because frames were slow: canvasScale gave dpr = 1)
  thinStrokes(ctx, drawingLowRes());
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

/** Strokes narrower than this (CSS px) are drawn as thin strokes (thinStrokes): the series'
 * lines and ticks; the emphasis of a mark (K, a highlighted threshold, a ring) is wider. */
export const THIN_BELOW_PX = 2;

/** The canvas's own lineWidth (CanvasRenderingContext2D's), which thinStrokes wraps. */
const LINE_WIDTH =
  typeof CanvasRenderingContext2D === 'undefined'
    ? undefined
    : Object.getOwnPropertyDescriptor(CanvasRenderingContext2D.prototype, 'lineWidth');

/**
 * While a slow device streams at 1× (canvasScale), every stroke narrower than THIN_BELOW_PX
 * is drawn one pixel wide. A 2D canvas rasterises its paths in the frame's commit (Skia, on
 * the main thread); a stroke of at most one device pixel takes Skia's hairline path, a wider
 * one its general stroker, many times slower. On the 4×-slowed phone of `npm run bench:ui`
 * (parking mode), the commits of the series' lines were over 15 ms in 7% of frames, and the
 * frames with them made the long tasks; drawn thin, none were. A run that stands still is
 * drawn sharp, at its full widths.
 */
function thinStrokes(ctx: CanvasRenderingContext2D, on: boolean): void {
  if (!LINE_WIDTH?.set || !LINE_WIDTH.get) return;
  const own = Object.prototype.hasOwnProperty.call(ctx, 'lineWidth');
  if (on === own) return;
  if (!on) {
    delete (ctx as { lineWidth?: number }).lineWidth;
    return;
  }
  const { get, set } = LINE_WIDTH;
  Object.defineProperty(ctx, 'lineWidth', {
    configurable: true,
    get() {
      return get.call(this);
    },
    set(w: number) {
      set.call(this, w < THIN_BELOW_PX ? Math.min(w, 1) : w);
    },
  });
}

/** Reads a CSS custom property of the document (theme colours for canvas drawing). */
export function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}
