import type { ScaleLinear } from 'd3-scale';
import type { Columns4 } from '../data/decimate';
import type { ReasonShape } from './palette';
import { SHAPE_PATHS } from './palette';

const paths = new Map<ReasonShape, Path2D>();

/** Fills a reason's shape (SHAPE_PATHS) of `size` CSS px centred on (cx, cy). */
export function fillShape(
  ctx: CanvasRenderingContext2D,
  shape: ReasonShape,
  cx: number,
  cy: number,
  size: number,
): void {
  let p = paths.get(shape);
  if (!p) {
    p = new Path2D(SHAPE_PATHS[shape]);
    paths.set(shape, p);
  }
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(size / 10, size / 10);
  ctx.fill(p);
  ctx.restore();
}

/**
 * Draws a decimated series as a line: within each pixel column first → min → max → last,
 * joined to the next column. Returns the number of points drawn.
 */
export function strokeColumns(
  ctx: CanvasRenderingContext2D,
  c: Columns4,
  x0: number,
  colWidth: number,
  y: ScaleLinear<number, number>,
  step = true,
): number {
  let started = false;
  let n = 0;
  let lastY = 0;
  ctx.beginPath();
  for (let j = 0; j < c.width; j++) {
    if (Number.isNaN(c.first[j])) continue;
    const px = x0 + (j + 0.5) * colWidth;
    const yf = y(c.first[j]);
    if (!started) {
      ctx.moveTo(px, yf);
      started = true;
    } else {
      if (step) ctx.lineTo(px, lastY);
      ctx.lineTo(px, yf);
    }
    if (c.min[j] !== c.max[j]) {
      ctx.lineTo(px, y(c.min[j]));
      ctx.lineTo(px, y(c.max[j]));
      n += 2;
    } else n += 1;
    lastY = y(c.last[j]);
    ctx.lineTo(px, lastY);
  }
  ctx.stroke();
  return n;
}

/** Draws each non-empty column as a vertical tick from min to max (scatter-like events). */
export function tickColumns(
  ctx: CanvasRenderingContext2D,
  c: Columns4,
  colWidth: number,
  y: ScaleLinear<number, number>,
  minLen = 2,
): number {
  let n = 0;
  for (let j = 0; j < c.width; j++) {
    if (Number.isNaN(c.min[j])) continue;
    const px = (j + 0.5) * colWidth;
    const a = y(c.max[j]);
    const b = y(c.min[j]);
    ctx.fillRect(px - 1, a - minLen / 2, 2, Math.max(minLen, b - a + minLen / 2));
    n += c.min[j] === c.max[j] ? 1 : 2;
  }
  return n;
}

export function svgEl<K extends keyof SVGElementTagNameMap>(
  parent: Element,
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  parent.appendChild(el);
  return el;
}

/** A threshold's line lower than this in the plot (CSS px from its top) has its label above
 * it; higher, the plot's edge would cut the label, and it goes below. */
const LABEL_ABOVE_MIN_PX = 14;

/** Horizontal labelled threshold line across the plot. */
export function thresholdLine(
  g: SVGGElement,
  y: number,
  width: number,
  label: string,
  color = 'currentColor',
  highlighted = false,
  /** Baselines of labels already drawn in this plot: this one keeps clear of them. */
  placed: number[] = [],
): void {
  svgEl(g, 'line', {
    x1: 0,
    x2: width,
    y1: y,
    y2: y,
    stroke: highlighted ? '#d40000' : color,
    'stroke-dasharray': highlighted ? '' : '5 4',
    'stroke-width': highlighted ? 3 : 1.2,
    class: highlighted ? 'threshold highlighted' : 'threshold',
  });
  svgEl(
    g,
    'text',
    {
      x: width - 4,
      y: labelBaseline(y, placed),
      'text-anchor': 'end',
      class: highlighted ? 'threshold-label highlighted' : 'threshold-label',
    },
    label,
  );
}

/** Two labels' baselines closer than this overlap (a label is 12–16 px tall, the larger in
 * presenter mode). */
const LABEL_CLEAR_PX = 16;

/**
 * Where a threshold's label goes: above its line, or below it where the plot's top would cut
 * it (K at the top) or where it would overlap a label already drawn (EPD's R just under K);
 * the chosen baseline is added to `placed`.
 */
export function labelBaseline(y: number, placed: number[]): number {
  const above = y - 3;
  const below = y + 12;
  const clear = (b: number) => placed.every((p) => Math.abs(p - b) >= LABEL_CLEAR_PX);
  const order = y < LABEL_ABOVE_MIN_PX ? [below, above] : [above, below];
  const b = order.find((c) => c >= LABEL_ABOVE_MIN_PX - 3 && clear(c)) ?? order[0];
  placed.push(b);
  return b;
}

/** Does threshold `label` match the story's highlight (the start of a label, any case)? */
export function matchesHighlight(label: string, highlight: string | null): boolean {
  return highlight !== null && label.toLowerCase().startsWith(highlight.toLowerCase());
}
