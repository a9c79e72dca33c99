import type { Time } from '../../core/time';
import { Drop } from '../dropReasons';
import { fbaW } from './fairBufferAllocation';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/**
 * EUBR+ (S4). Below R accept. A VC that recently lost a frame ("damaged") may
 * use the recovery zone R..P for the guaranteed period T_g. Otherwise the UBR+ test (Selective
 * Drop, or FBA) or X ≥ P refuses the frame and marks the VC damaged. Rule extra = the time
 * (s) until which the VC is protected.
 */
export class EnhancedUbrPlus implements BufferPolicy {
  readonly name = 'eubr';
  readonly partialDiscard = true;
  readonly damagedUntil: Float64Array;

  constructor(
    readonly K: number,
    readonly R: number,
    readonly P: number,
    readonly guard: Time,
    readonly test: 'sd' | 'fba',
    readonly Z: number,
    readonly purgePartial: boolean,
    nVc: number,
  ) {
    this.damagedUntil = new Float64Array(nVc).fill(-Infinity);
  }

  /** The UBR+ test, applied above R. */
  ubrPlusDrop(port: PortState, vc: number): boolean {
    const X = port.X;
    const load = (port.xi[vc] * port.na) / X;
    if (this.test === 'sd') return load > this.Z;
    return load > fbaW(this.K, this.R, this.Z, X);
  }

  decide(port: PortState, vc: number, _clp: number, now: Time, rule: Float64Array): number {
    const X = port.X;
    if (X < this.R) return 0;
    if (this.damagedUntil[vc] > now && X < this.P) return 0; // recovery zone
    if (X >= this.P || this.ubrPlusDrop(port, vc)) {
      this.damagedUntil[vc] = now + this.guard;
      writeRule(rule, port, vc, X >= this.P ? this.P : this.R, (now + this.guard) / 1e12);
      return Drop.EUBR;
    }
    return 0;
  }

  thresholds(): ThresholdLine[] {
    return [
      { label: 'EUBR+ R', cells: this.R },
      { label: 'recovery zone limit P', cells: this.P },
    ];
  }
}
