import type { Random } from '../../core/random';
import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { definePolicy, num, ratio, withFair, writeRule } from './types';

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

/** DFBA's per-VC drop scales Z_i. */
const DFBA_Z = ['unit', 'complement', 'complement-squared'] as const;

export const dfba = definePolicy({
  id: 'dfba',
  label: 'Differential FBA (DFBA)',
  help: 'Differential Fair Buffer Allocation (S1): between L and H, drop CLP=1 frames and, probabilistically, frames of VCs above their MCR-weighted share.',
  keys: {
    dfbaL: {
      kind: 'number',
      default: 0.5,
      min: 0,
      max: 1,
      step: 0.01,
      unit: '× K',
      group: 'switch',
      label: 'DFBA low threshold L',
      help: 'Below L every frame is accepted. (model choice) 0.5 K.',
    },
    dfbaH: {
      kind: 'number',
      default: 0.9,
      min: 0,
      max: 1,
      step: 0.01,
      unit: '× K',
      group: 'switch',
      label: 'DFBA high threshold H',
      help: 'Above H every frame is refused. (model choice) 0.9 K.',
    },
    dfbaAlpha: {
      kind: 'number',
      default: 0.5,
      min: 0,
      max: 1,
      step: 0.05,
      unit: '',
      group: 'switch',
      label: 'DFBA: fairness weight α',
      help: 'Weight of the fairness term against the efficiency term in the drop probability (S1: 0.5).',
    },
    dfbaZ: {
      kind: 'enum',
      default: 'unit',
      options: DFBA_Z,
      optionLabels: {
        unit: 'Z_i = 1',
        complement: 'Z_i = 1 − W_i/W',
        'complement-squared': 'Z_i = (1 − W_i/W)²',
      },
      group: 'switch',
      label: 'DFBA drop scale Z_i',
      help: 'Scale of the drop probability per VC.',
      optionHelp: {
        unit: 'Z_i = 1 for every VC (S1).',
        complement: 'Z_i = 1 − W_i/W: excess shared more in proportion to MCR.',
        'complement-squared': 'Z_i = (1 − W_i/W)²: excess shared in proportion to MCR (S1).',
      },
    },
  },
  explain: {
    dfba: (d, v, K) => {
      // The branch that fired, told apart by the recorded threshold (H, L, or the share X·W_i/W).
      const H = Math.round(v.dfbaH * K);
      const L = Math.round(v.dfbaL * K);
      const rule =
        'DFBA (S1): above H every frame is refused; between L and H CLP=1 frames are, and a CLP=0 frame of a VC above its share X·W_i/W is refused with p = Z_i·(α·(X_i − X·W_i/W)/(X·(1 − W_i/W)) + (1 − α)·(X − L)/(H − L)).';
      if (d.extra === 1 && d.threshold === H && d.X >= H)
        return {
          rule,
          values: [...withFair(d), { name: 'H', value: num(H), testId: 'threshold' }],
          verdict: `X = ${num(d.X)} ≥ H = ${num(H)}: above H every frame is refused.`,
        };
      if (d.extra === 1 && d.threshold === L && d.X < H)
        return {
          rule,
          values: [...withFair(d), { name: 'L', value: num(L), testId: 'threshold' }],
          verdict: `A tagged (CLP=1) frame arrived with L = ${num(L)} ≤ X = ${num(d.X)} < H = ${num(H)}: between L and H, CLP=1 frames are refused.`,
        };
      return {
        rule,
        values: [
          ...withFair(d),
          { name: 'weighted share X·W_i/W', value: num(d.threshold, 1), testId: 'threshold' },
          { name: 'drop probability p', value: ratio(d.extra), testId: 'extra' },
        ],
        verdict: `X_i = ${num(d.Xi)} exceeds its weighted share ${num(d.threshold, 1)}; the frame was refused with probability ${ratio(d.extra)}.`,
      };
    },
  },
  create: (v, env) =>
    new Dfba(
      Math.round(v.dfbaL * env.K),
      Math.round(v.dfbaH * env.K),
      v.dfbaAlpha,
      env.derived.dfbaShare,
      env.derived.dfbaZ,
      env.rng,
    ),
});
