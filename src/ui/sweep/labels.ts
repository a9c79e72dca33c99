import { METRICS } from '../../sim';
import type { MetricKey } from '../../sweep';

/** The name and unit of a metric on a sweep's axis and in its title: the model's (METRICS), its
 * full name where the short label is not enough, ratios without a unit. */
export function metricLabel(m: MetricKey): { name: string; unit: string } {
  const d = METRICS[m];
  return d
    ? { name: d.axis ?? d.label, unit: d.unit === 'ratio' ? '' : d.unit }
    : { name: m, unit: '' };
}

/** A published marker at (x, y) in plot coordinates, with its label. */
export interface LabelMarker {
  x: number;
  y: number;
  label: string;
}

/** A placed label: its text, baseline position and box (plot coordinates). */
export interface PlacedLabel {
  label: string;
  x: number;
  y: number;
  box: Box;
  /** Index of the marker it is placed next to. */
  marker: number;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Approximate width of `text` at the plot's 10 px label font. */
export const labelWidth = (text: string): number => Math.ceil(text.length * 5.8) + 2;
const ASCENT = 9;
const DESCENT = 3;
const MARK = 6;

const overlap = (a: Box, b: Box): number =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) *
  Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

/**
 * Places the labels of published markers so that none overlaps another label or a marker:
 * each distinct label once (next to the first of its markers where it fits: "S0 Fig. 2" at
 * three buffer sizes is written once), trying right-above, right-below, left-above, left-below
 * of each of its markers, then further up; inside the `w` × `h` plot where possible. A label
 * with no free place takes the place of least overlap.
 */
export function placeLabels(markers: readonly LabelMarker[], w: number, h: number): PlacedLabel[] {
  const obstacles: Box[] = markers.map((m) => ({
    x0: m.x - MARK,
    y0: m.y - MARK,
    x1: m.x + MARK,
    y1: m.y + MARK,
  }));
  const placed: PlacedLabel[] = [];
  const byLabel = new Map<string, number[]>();
  markers.forEach((m, i) => {
    const list = byLabel.get(m.label);
    if (list) list.push(i);
    else byLabel.set(m.label, [i]);
  });
  for (const [label, idx] of byLabel) {
    const lw = labelWidth(label);
    const order = [...idx].sort(
      (a, b) => markers[a].x - markers[b].x || markers[a].y - markers[b].y,
    );
    let best: { p: PlacedLabel; cost: number } | null = null;
    for (const step of [0, 1, 2, 3, 4, 5]) {
      for (const i of order) {
        const m = markers[i];
        const up = m.y - 6 - 12 * step;
        const down = m.y + 14 + 12 * step;
        const spots: [number, number][] =
          step === 0
            ? [
                [m.x + 7, up],
                [m.x + 7, down],
                [m.x - 7 - lw, up],
                [m.x - 7 - lw, down],
              ]
            : [
                [m.x + 7, up],
                [m.x - 7 - lw, up],
                [m.x + 7, down],
                [m.x - 7 - lw, down],
              ];
        for (const [x, y] of spots) {
          const box = { x0: x, y0: y - ASCENT, x1: x + lw, y1: y + DESCENT };
          let cost = 0;
          for (const o of obstacles) cost += overlap(box, o);
          for (const q of placed) cost += overlap(box, q.box);
          const outside =
            Math.max(0, -box.x0) +
            Math.max(0, box.x1 - w) +
            Math.max(0, -box.y0) +
            Math.max(0, box.y1 - h);
          cost += outside * 50;
          if (!best || cost < best.cost) best = { p: { label, x, y, box, marker: i }, cost };
          if (cost === 0) break;
        }
        if (best?.cost === 0) break;
      }
      if (best?.cost === 0) break;
    }
    if (best) placed.push(best.p);
  }
  return placed;
}
