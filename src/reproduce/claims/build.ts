/** Small constructors that keep the claims tables readable. */
import type { Claim, Quantity, Run, Stat, VcField } from '../types';

export const run = (label: string, query: string): Run => ({ label, query });
export const q = (r: Run, stat: Stat): Quantity => ({ run: r, stat });
export const constant = (value: number): Quantity => ({ value });
/** |a − b| */
export const absDiff = (a: Quantity, b: Quantity): Quantity => ({
  op: 'max',
  of: [
    { op: 'diff', a, b },
    { op: 'diff', a: b, b: a },
  ],
});
export const vc = (r: Run, i: number, field: VcField): Quantity => ({ run: r, vc: i, field });
export const ratio = (a: Quantity, b: Quantity): Quantity => ({ op: 'ratio', a, b });
export const diff = (a: Quantity, b: Quantity): Quantity => ({ op: 'diff', a, b });
export const min = (...of: Quantity[]): Quantity => ({ op: 'min', of });
export const max = (...of: Quantity[]): Quantity => ({ op: 'max', of });
export const mean = (...of: Quantity[]): Quantity => ({ op: 'mean', of });
export const spread = (...of: Quantity[]): Quantity => ({ op: 'spread', of });

/** The paper's ± 0.05 band for ratios such as efficiency and fairness (issue: "± 0.05 absolute
 * unless the paper states its own spread"). */
export const BAND = 0.05;

/** Sets the explanations of generated claims by id; an id that names no claim is an error. */
export function explain(claims: Claim[], why: Record<string, string>): Claim[] {
  const ids = new Set(claims.map((c) => c.id));
  for (const id of Object.keys(why)) if (!ids.has(id)) throw new Error(`explain: no claim ${id}`);
  return claims.map((c) => (why[c.id] ? { ...c, explanation: why[c.id] } : c));
}
