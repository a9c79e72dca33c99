import { axisBottom, axisLeft } from 'd3-axis';
import { brushX } from 'd3-brush';
import type { ScaleLinear } from 'd3-scale';
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { useEffect, useRef } from 'react';
import type { RunStore } from '../data/runStore';
import { axisKey, callAxisCached } from './axisCache';
import { svgEl } from './draw';
import { pinchDomain } from './pinch';
import type { PinchStart } from './pinch';
import { prepareCanvas, useRedraw, useWidth } from './useRedraw';
import type { ViewSnapshot, ViewState } from './viewState';
import { ZOOM_KEYS, zoomStep } from './zoomKeys';

export interface ChartFrame {
  ctx: CanvasRenderingContext2D;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  /** Plot area in CSS px (the canvas covers exactly this area). */
  width: number;
  height: number;
  t0: number;
  t1: number;
  view: ViewSnapshot;
}

export interface ChartSpec {
  /** y domain for the time window (called before drawing). */
  yDomain(t0: number, t1: number): [number, number];
  /** Draws the data on the canvas; returns data-* attributes for the container (counts of
   * drawn items, read by tests). */
  draw(f: ChartFrame): Record<string, string | number>;
  /** Draws SVG annotations (threshold lines, timeout marks) into `g`, in plot coordinates. */
  annotate?(g: SVGGElement, f: Omit<ChartFrame, 'ctx'>): void;
  yLabel: string;
  yFormat?: (v: number) => string;
  /** The connection nearest to (t, value) under the pointer, for linked hover (or null). */
  pick?(t: number, value: number, tolerance: number): number | null;
  /** A click (without a drag) at (t, value); `tTol` is 4 px in seconds (a finger's tap: 24). */
  click?(t: number, value: number, tTol: number): void;
  /** Keys that step through the plot's marks (the plot takes the focus). */
  nav?: ChartNav;
}

/** A move of the arrow keys through a plot's marks. */
export type NavMove = 'prev' | 'next' | 'first' | 'last';

/** What the zoom keys do, added to a focusable plot's name. */
const ZOOM_HINT = '+, −: zoom the time plots in, out; 0: no zoom.';

const NAV_KEYS: Record<string, NavMove> = {
  ArrowRight: 'next',
  ArrowDown: 'next',
  ArrowLeft: 'prev',
  ArrowUp: 'prev',
  Home: 'first',
  End: 'last',
};

/** The index the keys move to from `cur` (an index, or -1 for none) within [a, b). */
export function stepIndex(dir: NavMove, cur: number, a: number, b: number): number {
  if (dir === 'first') return a;
  if (dir === 'last') return b - 1;
  if (cur < a || cur >= b) return dir === 'next' ? a : b - 1;
  return dir === 'next' ? Math.min(b - 1, cur + 1) : Math.max(a, cur - 1);
}

export interface ChartNav {
  /** What the keys do, added to the plot's name ("Arrow keys: drop to drop …"). */
  hint: string;
  /** Chooses another mark in the window [t0, t1); returns its description in words (null when
   * the window has none). */
  move(dir: NavMove, t0: number, t1: number): string | null;
  /** Enter: opens what the chosen mark leads to (the inspector). */
  open?(): void;
}

/** The time cursor: a vertical line at the instant the paused run shows (if in the window). */
function drawCursor(
  g: SVGGElement,
  cursor: number | null,
  x: ScaleLinear<number, number>,
  t0: number,
  t1: number,
  height: number,
): void {
  if (cursor === null || cursor < t0 || cursor > t1) return;
  const px = Math.round(x(cursor)) + 0.5;
  svgEl(g, 'line', {
    x1: px,
    x2: px,
    y1: 0,
    y2: height,
    class: 'time-cursor',
    style: 'stroke: var(--fg); stroke-width: 1.5; stroke-dasharray: 6 3; opacity: 0.8',
  });
}

const M = { left: 58, right: 14, top: 8, bottom: 26 };
/** Half the width of a time tick's label and a gap (CSS px): a tick this close to the x
 * axis's title would write under it. */
const TICK_LABEL_HALF_PX = 16;

/** A tap picks what lies within this many CSS px of the finger. */
export const TOUCH_REACH = 24;
/** A mouse click picks what lies within this many CSS px of the pointer. */
const MOUSE_REACH = 4;
/** A finger's drag becomes a zoom once this far sideways (and more sideways than down). */
const TOUCH_SLOP = 10;
/** A mouse released within this many CSS px of where it went down picks (a brush is wider). */
const MOUSE_SLOP = 3;

/** The current time window: the zoom, or the run so far. */
export function timeWindow(store: RunStore, view: ViewSnapshot): [number, number] {
  if (view.timeDomain) return view.timeDomain;
  const end = Math.max(store.t, 1e-3);
  if (view.follow !== null && end > view.follow) return [end - view.follow, end];
  return [0, end];
}

/**
 * A time-axis chart: data on a canvas, axes and annotations in SVG, and a brush that zooms
 * every time axis of the app (double-click resets). Shared by the time-sequence, cwnd,
 * occupancy and loss views.
 */
export function TimeChart(props: {
  store: RunStore;
  view: ViewState;
  spec: ChartSpec;
  height: number;
  label: string;
  testId: string;
  /** The id of the view's description in words (ViewDescription). */
  describedBy?: string;
}) {
  const { store, view, spec, height, label, testId } = props;
  const [box, width] = useWidth<HTMLDivElement>();
  const canvas = useRef<HTMLCanvasElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const scaleRef = useRef<ScaleLinear<number, number>>(scaleLinear());
  const yRef = useRef<ScaleLinear<number, number>>(scaleLinear());

  const xTitle = useRef<SVGTextElement>(null);
  /** The x axis title's width, measured once per type size (normal, presenter). */
  const titleWidth = useRef<(number | undefined)[]>([]);
  const chosenLine = useRef<HTMLParagraphElement>(null);
  const pw = Math.max(10, width - M.left - M.right);
  const ph = Math.max(10, height - M.top - M.bottom);

  useRedraw(
    store,
    view,
    () => {
      if (!canvas.current || !svg.current || width === 0) return;
      const v = view.get();
      const [t0, t1] = timeWindow(store, v);
      const x = scaleLinear().domain([t0, t1]).range([0, pw]);
      scaleRef.current = x;
      const [lo, hi] = spec.yDomain(t0, t1);
      const y = scaleLinear()
        .domain([lo, hi > lo ? hi : lo + 1])
        .range([ph, 0])
        .nice();
      yRef.current = y;
      const ctx = prepareCanvas(canvas.current, pw, ph, store.playing);
      if (!ctx) return;
      const attrs = spec.draw({ ctx, x, y, width: pw, height: ph, t0, t1, view: v });
      const root = select(svg.current);
      // The axes are rebuilt only when their ticks change (axisCache.ts).
      const xCount = Math.max(2, Math.floor(pw / 70));
      const xFormat = x.tickFormat(xCount);
      // No tick label under the axis's title ("time (s)", at its right end): the ticks there
      // are left out.
      const size = v.presenter ? 1 : 0;
      let titleW = titleWidth.current[size];
      if (titleW === undefined) {
        titleW = xTitle.current?.getBBox().width ?? 0;
        // (not laid out yet, e.g. a hidden panel: measured again next time)
        if (titleW > 0) titleWidth.current[size] = titleW;
      }
      const room = pw - titleW - TICK_LABEL_HALF_PX;
      callAxisCached(
        root.select<SVGGElement>('g.x-axis'),
        axisBottom(x)
          .tickValues(x.ticks(xCount).filter((t) => x(t) <= room))
          .tickFormat((d) => xFormat(+d))
          .tickSizeOuter(0),
        `${axisKey(x, xCount, xFormat)} title ${Math.round(titleW)}`,
      );
      const yCount = Math.max(2, Math.floor(ph / 40));
      const yFormat = (d: number) => (spec.yFormat ? spec.yFormat(d) : String(d));
      callAxisCached(
        root.select<SVGGElement>('g.y-axis'),
        axisLeft(y)
          .ticks(yCount)
          .tickFormat((d) => yFormat(+d))
          .tickSizeOuter(0),
        axisKey(y, yCount, yFormat),
      );
      const ann = root.select<SVGGElement>('g.annotations').node();
      if (ann) {
        ann.replaceChildren();
        spec.annotate?.(ann, { x, y, width: pw, height: ph, t0, t1, view: v });
        drawCursor(ann, v.cursor, x, t0, t1, ph);
      }
      const el = box.current;
      if (el) {
        // Only the attributes that changed are written (each write invalidates style).
        const put = (k: string, val: string) => {
          if (el.getAttribute(k) !== val) el.setAttribute(k, val);
        };
        put('data-t0', t0.toFixed(6));
        put('data-t1', t1.toFixed(6));
        put('data-cursor', v.cursor === null ? '' : v.cursor.toFixed(6));
        for (const [k, val] of Object.entries(attrs)) put(`data-${k}`, String(val));
      }
    },
    [width, height, spec],
    box,
  );

  // The brush: select a time range to zoom all time views; double-click to reset.
  useEffect(() => {
    const node = svg.current;
    if (!node || width === 0) return;
    const g = select(node).select<SVGGElement>('g.brush');
    // Touch: the brush leaves touches alone (a vertical drag scrolls the page, CSS
    // touch-action: pan-y); a horizontal drag zooms (below), a tap picks.
    const brush = brushX<unknown>()
      .touchable(() => false)
      .extent([
        [0, 0],
        [pw, ph],
      ])
      .on('end', (ev: { selection: [number, number] | null; sourceEvent?: Event }) => {
        if (!ev.selection || !ev.sourceEvent) return;
        const [a, b] = ev.selection.map((px) => scaleRef.current.invert(px));
        if (b - a > 1e-7) view.set({ timeDomain: [a, b] });
        g.call(brush.move, null);
      });
    g.call(brush);
    g.on('dblclick', () => view.set({ timeDomain: null }));
    // Linked hover: the connection under the pointer is highlighted in every view.
    g.on('pointermove', (ev: PointerEvent) => {
      if (!spec.pick) return;
      const r = node.getBoundingClientRect();
      const px = ev.clientX - r.left - M.left;
      const py = ev.clientY - r.top - M.top;
      const y = yRef.current;
      const tol = Math.abs(y.invert(0) - y.invert(8));
      view.set({ hoverConn: spec.pick(scaleRef.current.invert(px), y.invert(py), tol) });
    });
    // Two fingers: a pinch zooms every time axis about the instants under them (pinch.ts).
    const fingers = new Map<number, number>();
    let pinch: PinchStart | null = null;
    const rawX = (ev: PointerEvent) => ev.clientX - node.getBoundingClientRect().left - M.left;
    const pair = (): [number, number] => {
      const [a, b] = [...fingers.values()];
      return [a, b];
    };
    const endFinger = (ev: PointerEvent) => {
      fingers.delete(ev.pointerId);
      if (pinch && fingers.size < 2) {
        pinch = null;
        dragged = true;
      }
    };
    // A finger's horizontal drag: the range under it zooms every time axis, as the brush does.
    let drag: {
      id: number;
      x0: number;
      y0: number;
      x: number;
      on: boolean;
    } | null = null;
    let touched = false;
    let dragged = false;
    /** Where the pointer went down (a mouse's main button, a finger), to tell a press released
     * in place: it picks. */
    let press: { id: number; x: number; y: number } | null = null;
    /** The last press picked (its click, if the browser makes one, does not). */
    let picked = false;
    /** What lies under the pointer at (clientX, clientY): the view's pick. A finger covers
     * more than a mouse pointer: a wider reach on touch. */
    const pickAt = (clientX: number, clientY: number) => {
      if (!spec.click) return;
      const reach = touched ? TOUCH_REACH : MOUSE_REACH;
      const r = node.getBoundingClientRect();
      const x = scaleRef.current;
      const t = x.invert(clientX - r.left - M.left);
      const tTol = Math.abs(x.invert(reach) - x.invert(0));
      spec.click(t, yRef.current.invert(clientY - r.top - M.top), tTol);
    };
    const plotX = (ev: PointerEvent) =>
      Math.max(0, Math.min(pw, ev.clientX - node.getBoundingClientRect().left - M.left));
    g.on('pointerdown.touch', (ev: PointerEvent) => {
      touched = ev.pointerType !== 'mouse';
      if (touched) fingers.set(ev.pointerId, rawX(ev));
      if (touched && fingers.size === 2) {
        // The second finger: the one-finger drag gives way to the pinch.
        if (drag?.on) g.call(brush.move, null);
        drag = null;
        const d = scaleRef.current.domain() as [number, number];
        pinch = { domain: d, width: pw, x0: pair() };
        press = null;
        return;
      }
      dragged = false;
      picked = false;
      press =
        touched || ev.button === 0 ? { id: ev.pointerId, x: ev.clientX, y: ev.clientY } : null;
      drag = touched ? { id: ev.pointerId, x0: plotX(ev), y0: ev.clientY, x: 0, on: false } : null;
    });
    g.on('pointermove.touch', (ev: PointerEvent) => {
      if (pinch && fingers.has(ev.pointerId)) {
        fingers.set(ev.pointerId, rawX(ev));
        const end = Math.max(store.t, pinch.domain[1]);
        const d = pinchDomain(pinch, pair(), [0, end]);
        if (d) view.set({ timeDomain: d });
        return;
      }
      if (!drag || ev.pointerId !== drag.id) return;
      drag.x = plotX(ev);
      const dx = Math.abs(drag.x - drag.x0);
      if (!drag.on && dx > TOUCH_SLOP && dx > Math.abs(ev.clientY - drag.y0)) drag.on = true;
      if (drag.on) g.call(brush.move, [Math.min(drag.x0, drag.x), Math.max(drag.x0, drag.x)]);
    });
    g.on('pointerup.touch', (ev: PointerEvent) => {
      endFinger(ev);
      const p = press;
      press = null;
      const d = drag && ev.pointerId === drag.id ? drag : null;
      if (d) drag = null;
      if (!d?.on) {
        // Released where it went down: the press picks what lies under it, here rather than
        // in the click the browser may make of it. It makes none when it takes a tap for a
        // long press (a busy phone), nor when a move came between (the brush then takes the
        // press for a drag and eats the click; Chromium moves the mouse itself after a
        // scroll).
        const slop = touched ? TOUCH_SLOP : MOUSE_SLOP;
        const still =
          p !== null &&
          p.id === ev.pointerId &&
          Math.abs(ev.clientX - p.x) <= slop &&
          Math.abs(ev.clientY - p.y) <= slop;
        if (still && !dragged) {
          picked = true;
          pickAt(ev.clientX, ev.clientY);
        }
        return;
      }
      dragged = true;
      g.call(brush.move, null);
      const [a, b] = [Math.min(d.x0, d.x), Math.max(d.x0, d.x)].map((px) =>
        scaleRef.current.invert(px),
      );
      if (b - a > 1e-7) view.set({ timeDomain: [a, b] });
    });
    g.on('pointercancel.touch', (ev: PointerEvent) => {
      endFinger(ev);
      // The page took the gesture (a vertical scroll).
      if (drag?.on) g.call(brush.move, null);
      drag = null;
      press = null;
    });
    g.on('click', (ev: MouseEvent) => {
      // (a press has picked at its pointerup already)
      if (picked) {
        picked = false;
        return;
      }
      if (dragged) return;
      pickAt(ev.clientX, ev.clientY);
    });
    g.on('pointerleave', () => {
      if (spec.pick) view.set({ hoverConn: null });
    });
    return () => {
      g.on('.brush', null)
        .on('dblclick', null)
        .on('pointermove', null)
        .on('pointerleave', null)
        .on('.touch', null)
        .on('click', null);
    };
  }, [store, view, width, pw, ph, spec]);

  const nav = spec.nav;
  const chosenId = `${testId}-chosen`;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (!nav || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      nav.open?.();
      return;
    }
    const zoom = ZOOM_KEYS[e.key];
    if (zoom) {
      e.preventDefault();
      const vs = view.get();
      const focus = vs.chosenEvent?.t ?? vs.chosenDrop?.t ?? null;
      const next = zoomStep(zoom, timeWindow(store, vs), Math.max(store.t, 1e-3), focus);
      view.set({ timeDomain: next });
      if (chosenLine.current)
        chosenLine.current.textContent = next
          ? `The time plots show ${next[0].toFixed(6)} s to ${next[1].toFixed(6)} s.`
          : 'No zoom: the time plots show the span chosen under Window.';
      return;
    }
    const dir = NAV_KEYS[e.key];
    if (!dir) return;
    e.preventDefault();
    const [t0, t1] = timeWindow(store, view.get());
    const text = nav.move(dir, t0, t1) ?? 'No mark in the time shown.';
    if (chosenLine.current) chosenLine.current.textContent = text;
  };
  return (
    <>
      <div className="chart" ref={box} data-testid={testId} style={{ height }}>
        <canvas
          ref={canvas}
          className="chart-canvas"
          style={{ left: M.left, top: M.top }}
          role="img"
          aria-label={nav ? `${label} ${nav.hint} ${ZOOM_HINT}` : label}
          aria-describedby={
            nav ? `${chosenId} ${props.describedBy ?? ''}`.trim() : props.describedBy
          }
          tabIndex={nav ? 0 : undefined}
          onKeyDown={nav ? onKeyDown : undefined}
        />

        <svg ref={svg} width={Math.max(width, 1)} height={height} className="chart-svg">
          <g transform={`translate(${M.left},${M.top + ph})`} className="x-axis axis" />
          <g transform={`translate(${M.left},${M.top})`} className="y-axis axis" />
          <text
            className="axis-label"
            transform={`translate(12,${M.top + ph / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {spec.yLabel}
          </text>
          <text ref={xTitle} className="axis-label" x={M.left + pw} y={height - 2} textAnchor="end">
            time (s)
          </text>
          <g transform={`translate(${M.left},${M.top})`} className="annotations" />
          <g transform={`translate(${M.left},${M.top})`} className="brush" />
        </svg>
      </div>
      {nav && (
        <p
          id={chosenId}
          ref={chosenLine}
          className="chart-chosen"
          aria-live="polite"
          data-testid={chosenId}
        />
      )}
    </>
  );
}
