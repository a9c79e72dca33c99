import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/** W(X) = Z·(K − R)/(X − R) of Fair Buffer Allocation (S1). */
export function fbaW(K: number, R: number, Z: number, X: number): number {
  return (Z * (K - R)) / (X - R);
}

/**
 * Fair Buffer Allocation (S1; Heinanen & Kilkki): refuse a new frame of VC i
 * when X > R and X_i·N_a/X > W(X). Rule extra = W(X).
 */
export class FairBufferAllocation implements BufferPolicy {
  readonly name = 'fba';
  readonly partialDiscard = true;
  constructor(
    readonly K: number,
    readonly R: number,
    readonly Z: number,
  ) {}

  decide(port: PortState, vc: number, _clp: number, _now: number, rule: Float64Array): number {
    const X = port.X;
    if (X <= this.R) return 0;
    const w = fbaW(this.K, this.R, this.Z, X);
    if ((port.xi[vc] * port.na) / X <= w) return 0;
    writeRule(rule, port, vc, this.R, w);
    return Drop.FBA;
  }

  thresholds(): ThresholdLine[] {
    return [{ label: 'FBA threshold R', cells: this.R }];
  }

  perVcLimit(port: PortState): number {
    if (port.X <= this.R || port.na === 0) return port.K;
    return (fbaW(this.K, this.R, this.Z, port.X) * port.X) / port.na;
  }
}
