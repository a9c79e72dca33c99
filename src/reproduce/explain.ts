/**
 * Explanations that stay true: a claim's explanation is a template whose model figures are
 * placeholders filled from the run, and whose stated comparisons (`holds`) are checked on every
 * run of the scorecard. Pure TypeScript.
 *
 * Placeholders: `{model}`, `{published}`, `{min}`, `{max}`, `{sd}` (the seeds' spread of the
 * claim's figure), `{item1}`… (an order claim's items), `{side1}`, `{side2}` (a boundary's
 * sides), `{alt1}`… (alternatives), any name of the claim's `figures`, and `{a vs b}`, which
 * reads "above", "below" or "equal to" as the figure a stands to b.
 */
import type { Rel } from './types';

export const TOKEN = /\{([A-Za-z][A-Za-z0-9]*)(?: vs ([A-Za-z][A-Za-z0-9]*))?\}/g;

/** A figure as explanations print it: three decimals, thousands without decimals. */
export function fmtFig(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 1000) return Math.round(x).toLocaleString('en-US');
  if (a >= 100) return x.toFixed(1);
  if (a !== 0 && a < 0.001) return x.toExponential(1);
  return String(Number(x.toFixed(3)));
}

/** Fills a template from `values`; an unknown name throws (a claim must name its figures). */
export function render(template: string, values: ReadonlyMap<string, number>): string {
  const get = (name: string) => {
    const v = values.get(name);
    if (v === undefined) throw new Error(`explanation: no figure "${name}"`);
    return v;
  };
  return template.replace(TOKEN, (_, a: string, b: string | undefined) => {
    if (b === undefined) return fmtFig(get(a));
    const x = get(a);
    const y = get(b);
    // Compared as printed, so that the word agrees with the figures beside it.
    const px = Number(fmtFig(x).replace(/,/g, ''));
    const py = Number(fmtFig(y).replace(/,/g, ''));
    return px > py ? 'above' : px < py ? 'below' : 'equal to';
  });
}

/** Do the stated comparisons hold? */
export function checkHolds(
  holds: readonly [string, Rel, string | number][],
  values: ReadonlyMap<string, number>,
): boolean {
  const get = (n: string | number) => {
    if (typeof n === 'number') return n;
    const v = values.get(n);
    if (v === undefined) throw new Error(`holds: no figure "${n}"`);
    return v;
  };
  return holds.every(([a, rel, b]) => (rel === '<' ? get(a) < get(b) : get(a) > get(b)));
}
