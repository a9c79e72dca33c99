/** The starting range the sweep panel offers for a parameter (pure: no DOM). */
import { tickStep } from 'd3-array';
import type { NumberParam, Scenario } from '../../sim';
import { SCHEMA } from '../../sim';

/** A number without the float noise of a step's multiples (0.30000000000000004 → 0.3). */
const clean = (x: number) => Number(x.toFixed(10));

/** A starting range for `key`: half to twice the base value (or the bottom tenth of the
 * schema's range when the base value is 0 or unset), clamped to the schema's range, in about
 * six round steps (d3's tickStep: 1, 2 or 5 × 10^k). */
export function defaultRange(
  key: keyof Scenario,
  base: Scenario,
): { from: string; to: string; step: string } {
  const d = SCHEMA[key] as NumberParam;
  const raw = base[key] as unknown;
  const v = Array.isArray(raw) ? (raw[0] as number) : (raw as number | undefined);
  let lo: number;
  let hi: number;
  if (typeof v === 'number' && v > 0) {
    lo = Math.max(d.min, v / 2);
    hi = Math.min(d.max, v * 2);
  } else {
    lo = d.min;
    hi = d.min + (d.max - d.min) / 10;
  }
  let step = hi > lo ? clean(tickStep(lo, hi, 6)) : 0;
  if (d.kind === 'int') step = Math.max(1, Math.round(step));
  if (!(step > 0)) step = d.step || 1;
  let from = clean(Math.ceil(lo / step) * step);
  let to = clean(Math.floor(hi / step) * step);
  if (from < d.min) from = d.min;
  if (to > d.max) to = d.max;
  if (to < from) to = from;
  return { from: String(from), to: String(to), step: String(clean(step)) };
}
