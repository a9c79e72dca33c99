import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/**
 * GFR tag-sensitive buffer management with two static thresholds (S3): refuse
 * every frame when X ≥ HBO, and a CLP=1 frame when X ≥ LBO.
 */
export class TwoThreshold implements BufferPolicy {
  readonly name: string = 'two-threshold';
  readonly partialDiscard = true;
  constructor(
    readonly lbo: number,
    readonly hbo: number,
  ) {}

  decide(port: PortState, vc: number, clp: number, _now: number, rule: Float64Array): number {
    const X = port.X;
    if (X >= this.hbo) {
      writeRule(rule, port, vc, this.hbo, clp);
      return Drop.HIGH_THRESHOLD;
    }
    if (clp === 1 && X >= this.lbo) {
      writeRule(rule, port, vc, this.lbo, clp);
      return Drop.CLP1_THRESHOLD;
    }
    return 0;
  }

  thresholds(): ThresholdLine[] {
    return [
      { label: 'LBO (CLP=1 refused)', cells: this.lbo },
      { label: 'HBO (all refused)', cells: this.hbo },
    ];
  }
}

/**
 * GFR per-VC buffer management (S3): the two-threshold rule, plus refuse a frame
 * of VC i when X ≥ LBO and X_i ≥ T_i = max(2·MFS, K/N). *(choice: the X ≥ LBO gate)*
 */
export class PerVcThreshold extends TwoThreshold {
  override readonly name = 'per-vc';
  constructor(
    lbo: number,
    hbo: number,
    readonly T: number,
  ) {
    super(lbo, hbo);
  }

  override decide(
    port: PortState,
    vc: number,
    clp: number,
    now: number,
    rule: Float64Array,
  ): number {
    const r = super.decide(port, vc, clp, now, rule);
    if (r !== 0) return r;
    if (port.X >= this.lbo && port.xi[vc] >= this.T) {
      writeRule(rule, port, vc, this.T, this.lbo);
      return Drop.PER_VC_THRESHOLD;
    }
    return 0;
  }

  perVcLimit(): number {
    return this.T;
  }
}
