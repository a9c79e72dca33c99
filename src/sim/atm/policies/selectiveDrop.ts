import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/**
 * Selective Drop (S1; Goyal et al., ICC'97): refuse a new frame of VC i when
 * X > R and its buffer load ratio X_i·N_a/X exceeds Z. Rule extra = the load ratio.
 */
export class SelectiveDrop implements BufferPolicy {
  readonly name = 'sd';
  readonly partialDiscard = true;
  constructor(
    readonly R: number,
    readonly Z: number,
  ) {}

  decide(port: PortState, vc: number, _clp: number, _now: number, rule: Float64Array): number {
    const X = port.X;
    if (X <= this.R) return 0;
    const load = (port.xi[vc] * port.na) / X;
    if (load <= this.Z) return 0;
    writeRule(rule, port, vc, this.R, load);
    return Drop.SELECTIVE;
  }

  thresholds(): ThresholdLine[] {
    return [{ label: 'SD threshold R', cells: this.R }];
  }

  /** The X_i above which a frame is refused once X > R: Z·X/N_a. */
  perVcLimit(port: PortState): number {
    return port.na > 0 ? (this.Z * port.X) / port.na : port.K;
  }
}
