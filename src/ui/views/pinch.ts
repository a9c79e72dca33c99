/**
 * A two-finger pinch on a time plot: the instants under the two fingers when they touched
 * stay under them as they move apart or together, so spreading them zooms in on the time
 * between them and closing them zooms out. Pure: plot x positions (CSS px from the plot's
 * left edge) in, a time domain out.
 */
export interface PinchStart {
  /** The time domain shown when the second finger touched. */
  domain: [number, number];
  /** The plot's width in px. */
  width: number;
  /** The two fingers' x positions then. */
  x0: [number, number];
}

/** Fingers closer than this (px) say nothing about a scale. */
const MIN_SPREAD = 8;

/**
 * The time domain that keeps the instants first under the fingers under them now, within
 * `limit` (the run so far), at least `minSpan` seconds wide; null when the fingers are too
 * close together to tell.
 */
export function pinchDomain(
  start: PinchStart,
  x: [number, number],
  limit: [number, number],
  minSpan = 1e-6,
): [number, number] | null {
  const [d0, d1] = start.domain;
  const perPx = (d1 - d0) / start.width;
  if (Math.abs(start.x0[1] - start.x0[0]) < MIN_SPREAD || Math.abs(x[1] - x[0]) < MIN_SPREAD)
    return null;
  const ta = d0 + start.x0[0] * perPx;
  const tb = d0 + start.x0[1] * perPx;
  // Seconds per px now: the same two instants span the fingers' new distance.
  const k = (tb - ta) / (x[1] - x[0]);
  if (!(k > 0) || !Number.isFinite(k)) return null;
  let a = ta - x[0] * k;
  let span = Math.max(minSpan, start.width * k);
  const room = limit[1] - limit[0];
  if (span >= room) return [limit[0], limit[1]];
  if (a < limit[0]) a = limit[0];
  if (a + span > limit[1]) a = limit[1] - span;
  span = Math.min(span, room);
  return [a, a + span];
}
