import type { Axis, AxisDomain } from 'd3-axis';
import type { ScaleLinear } from 'd3-scale';
import type { Selection } from 'd3-selection';

/** Tick positions are compared at this resolution (CSS px): a tick that moved less is left where
 * it is, so a time axis whose window grows by a fraction of a pixel per frame is not rebuilt
 * (and repainted) in every frame. */
export const AXIS_KEY_PX = 0.5;

/**
 * What an axis shows, as a string: its range, and each tick's label and position (rounded to
 * AXIS_KEY_PX). Two scales with the same key draw the same axis to within a quarter pixel.
 */
export function axisKey(
  scale: ScaleLinear<number, number>,
  count: number,
  format: (v: number) => string,
): string {
  const [r0, r1] = scale.range();
  const parts: string[] = [String(r0), String(r1)];
  for (const v of scale.ticks(count)) {
    parts.push(`${format(v)}@${Math.round(scale(v) / AXIS_KEY_PX)}`);
  }
  return parts.join(' ');
}

/** The key each axis group was last drawn with. */
const drawnWith = new WeakMap<Element, string>();

/**
 * Draws `axis` into the group `g` unless the group already shows `key` (axisKey): SVG axes
 * redrawn only when their ticks change. Returns whether it drew.
 */
export function callAxisCached<D extends AxisDomain>(
  g: Selection<SVGGElement, unknown, null, undefined>,
  axis: Axis<D>,
  key: string,
): boolean {
  const node = g.node();
  if (!node || drawnWith.get(node) === key) return false;
  g.call(axis);
  drawnWith.set(node, key);
  return true;
}
