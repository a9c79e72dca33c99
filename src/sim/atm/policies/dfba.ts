import type { Random } from '../../core/random';
import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/**
 * DFBA drop probability (S1; ATM Forum 98-0405) for X_i above its share X·W_i/W:
 * p = Z_i·(α·(X_i − X·W_i/W)/(X·(1 − W_i/W)) + (1 − α)·(X − L)/(H − L)), capped at 1.
 */
export function dfbaProbability(
  X: number,
  Xi: number,
  wShare: number,
  L: number,
  H: number,
  alpha: number,
  Z: number,
): number {
  const fair = X * wShare;
  const fairness = (Xi - fair) / (X * (1 - wShare));
  const efficiency = (X - L) / (H - L);
  return Math.min(1, Z * (alpha * fairness + (1 - alpha) * efficiency));
}

/**
 * Differential Fair Buffer Allocation. Weights W_i = MCR_i/C_GFR; `share[i]` = W_i/W.
 * Rule extra = the drop probability (1 for the deterministic branches).
 */
export class Dfba implements BufferPolicy {
  readonly name = 'dfba';
  readonly partialDiscard = true;

  constructor(
    readonly L: number,
    readonly H: number,
    readonly alpha: number,
    /** W_i/W per VC. */
    readonly share: Float64Array,
    /** Z_i per VC. */
    readonly Z: Float64Array,
    private readonly rng: Random,
  ) {}

  decide(port: PortState, vc: number, clp: number, _now: number, rule: Float64Array): number {
    const X = port.X;
    if (X < this.L) return 0;
    if (X >= this.H) {
      writeRule(rule, port, vc, this.H, 1);
      return Drop.DFBA;
    }
    if (clp === 1) {
      writeRule(rule, port, vc, this.L, 1);
      return Drop.DFBA;
    }
    const w = this.share[vc];
    const Xi = port.xi[vc];
    if (Xi <= X * w) return 0;
    const p = dfbaProbability(X, Xi, w, this.L, this.H, this.alpha, this.Z[vc]);
    if (this.rng.next() >= p) return 0;
    writeRule(rule, port, vc, X * w, p);
    return Drop.DFBA;
  }

  thresholds(): ThresholdLine[] {
    return [
      { label: 'DFBA L', cells: this.L },
      { label: 'DFBA H', cells: this.H },
    ];
  }

  /** VC i's MCR-weighted share of the current occupancy, X·W_i/W. */
  perVcLimit(port: PortState, vc: number): number {
    return port.X * this.share[vc];
  }
}
