/**
 * Where a number's slider puts a value. The schema decides the scale (sliderScale): a range
 * over more than two decades gets a logarithmic slider whose positions are round values
 * (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k, within the range, plus its ends and a 0 it
 * allows), so a drag of a few pixels changes the value by a small factor; other ranges move
 * linearly by the schema's step. A typed value between two round values is kept as typed: the
 * slider shows it at the nearest position, and an arrow key goes to the next round value
 * above or below it.
 */
import type { NumberParam } from '../../sim';
import { sliderScale } from '../../sim';
import { sliderAttrs, snap } from './model';

/** Round mantissas, about ten per decade (the E-series' spacing, rounded for reading). */
const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

export interface SliderScale {
  kind: 'log' | 'linear';
  /** Attributes of the range input (positions). */
  min: number;
  max: number;
  step: number;
  /** The position showing value `v` (the nearest on a log scale). */
  toPos(v: number): number;
  /** The value at position `p`, within the schema's range. */
  fromPos(p: number): number;
  /** The next value from `v` in direction `dir` for an arrow key (log sliders; linear ones
   * leave the arrows to the browser): the next round value strictly above or below `v`. */
  next(v: number, dir: 1 | -1): number;
}

/** The round values of a log slider over d's range, ascending. */
export function roundValues(d: NumberParam): number[] {
  const out = new Set<number>();
  if (d.min <= 0 && d.max >= 0) out.add(0);
  const lowest = d.min > 0 ? d.min : d.step;
  out.add(Math.max(d.min, lowest));
  for (let k = Math.floor(Math.log10(lowest)); k <= Math.ceil(Math.log10(d.max)); k++) {
    for (const m of MANTISSAS) {
      const v = Number((m * 10 ** k).toPrecision(12));
      if (v < lowest || v > d.max) continue;
      if (d.kind === 'int' && !Number.isInteger(v)) continue;
      out.add(v);
    }
  }
  out.add(d.max);
  return [...out].sort((a, b) => a - b);
}

function logScale(d: NumberParam): SliderScale {
  const values = roundValues(d);
  const last = values.length - 1;
  const toPos = (v: number) => {
    if (!(v > values[0])) return 0;
    if (v >= values[last]) return last;
    // First value ≥ v, then the nearer of it and the one below (by ratio; 0 counts as far).
    let hi = values.findIndex((x) => x >= v);
    if (values[hi] === v) return hi;
    const lo = hi - 1;
    if (values[lo] > 0 && Math.log(v / values[lo]) < Math.log(values[hi] / v)) hi = lo;
    return hi;
  };
  return {
    kind: 'log',
    min: 0,
    max: last,
    step: 1,
    toPos,
    fromPos: (p) => values[Math.min(last, Math.max(0, Math.round(p)))],
    next: (v, dir) => {
      if (dir > 0) return values.find((x) => x > v) ?? values[last];
      for (let i = last; i >= 0; i--) if (values[i] < v) return values[i];
      return values[0];
    },
  };
}

function linearScale(d: NumberParam): SliderScale {
  const a = sliderAttrs(d);
  return {
    kind: 'linear',
    ...a,
    toPos: (v) => v,
    fromPos: (p) => snap(d, p),
    next: (v, dir) => snap(d, v + dir * d.step),
  };
}

const cache = new WeakMap<NumberParam, SliderScale>();

/** The slider's scale for parameter `d` (decided by the schema's range). */
export function scaleOf(d: NumberParam): SliderScale {
  let s = cache.get(d);
  if (!s) {
    s = sliderScale(d) === 'log' ? logScale(d) : linearScale(d);
    cache.set(d, s);
  }
  return s;
}
