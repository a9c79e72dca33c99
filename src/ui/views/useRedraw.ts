import { useEffect, useRef, useState } from 'react';
import type { RunStore } from '../data/runStore';
import { cancelDraw, requestDraw } from './drawScheduler';
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

/**
 * Calls `draw` at most once per animation frame whenever the run store or the shared view
 * state changes (and when `deps` change); under load, the frame's budget may put it off by a
 * frame or two (drawScheduler.ts). Views draw imperatively; React only lays them out.
 */
export function useRedraw(
  store: RunStore,
  view: ViewState,
  draw: () => void,
  deps: readonly unknown[],
): void {
  const drawRef = useRef(draw);
  useEffect(() => {
    drawRef.current = draw;
  });
  useEffect(() => {
    // One frame loop for all views, with a per-frame budget (drawScheduler.ts).
    const draw = () => drawRef.current();
    const request = () => requestDraw(draw);
    request();
    const a = store.subscribe(request);
    const b = view.subscribe(request);
    return () => {
      a();
      b();
      cancelDraw(draw);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, view, ...deps]);
}

/** Sizes a canvas for the device pixel ratio and returns its 2D context, scaled to CSS px. */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(width * dpr));
  const h = Math.max(1, Math.round(height * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, width, height);
  return ctx;
}

/** Reads a CSS custom property of the document (theme colours for canvas drawing). */
export function cssVar(name: string, fallback: string): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return v || fallback;
}
