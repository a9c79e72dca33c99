// Zooming the time plots from the keyboard (WCAG 2.1.1, 2.5.7: a drag's result without a
// drag): in a plot that has the focus, + halves the time shown, − doubles it, 0 shows the whole
// window again. The zoom closes in on the mark the arrow keys chose when it is in sight, else on
// the middle of what is shown. Pure: the plot applies the result to the shared view state.

export type ZoomKey = 'in' | 'out' | 'reset';

/** The zoom keys: + (and =, its key unshifted), − (and -), 0. */
export const ZOOM_KEYS: Record<string, ZoomKey> = {
  '+': 'in',
  '=': 'in',
  '-': 'out',
  '−': 'out',
  '0': 'reset',
};

/** The narrowest window a key zooms to: 1 µs (below it the plots show single events). */
const MIN_SPAN = 1e-6;

/**
 * The time window after `key`, from `shown` ([t0, t1], what the plots show) in a run that has
 * reached `end` seconds; `focus` is the chosen mark's time, if any. null: no zoom (the whole
 * run, following it as it plays).
 */
export function zoomStep(
  key: ZoomKey,
  shown: [number, number],
  end: number,
  focus: number | null,
): [number, number] | null {
  if (key === 'reset') return null;
  const [t0, t1] = shown;
  const span = t1 - t0;
  const at = focus !== null && focus >= t0 && focus <= t1 ? focus : (t0 + t1) / 2;
  const next = key === 'in' ? Math.max(MIN_SPAN, span / 2) : span * 2;
  if (key === 'out' && next >= end) return null;
  // Centred on `at` where the run allows, else slid inside [0, end].
  let a = at - next / 2;
  let b = at + next / 2;
  if (a < 0) [a, b] = [0, next];
  if (b > end) [a, b] = [Math.max(0, end - next), end];
  return [a, b];
}
