import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/**
 * Per-VC thresholds in a FIFO buffer (S1, "FIFO Buffer Management"): when X_i
 * first exceeds R_i drop one frame of VC i (TCP halves its window), then re-arm only after
 * X_i has fallen below R_i. Expected throughput_i = µ·R_i/ΣR.
 */
export class FifoThresholds implements BufferPolicy {
  readonly name = 'fifo-thresholds';
  readonly partialDiscard = true;
  readonly watchesDepartures = true;
  /** 1 while VC i may lose a frame at its next crossing. */
  readonly armed: Uint8Array;

  constructor(readonly R: Float64Array) {
    this.armed = new Uint8Array(R.length).fill(1);
  }

  decide(port: PortState, vc: number, _clp: number, _now: number, rule: Float64Array): number {
    const xi = port.xi[vc];
    const R = this.R[vc];
    if (xi < R) {
      this.armed[vc] = 1;
      return 0;
    }
    if (xi > R && this.armed[vc]) {
      this.armed[vc] = 0;
      writeRule(rule, port, vc, R, 0);
      return Drop.FIFO_THRESHOLD;
    }
    return 0;
  }

  onDeparture(vc: number, xi: number): void {
    if (xi < this.R[vc]) this.armed[vc] = 1;
  }

  thresholds(): ThresholdLine[] {
    return [];
  }

  perVcLimit(_port: PortState, vc: number): number {
    return this.R[vc];
  }
}
