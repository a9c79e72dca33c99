import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { baseValues, definePolicy, num, writeRule } from './types';

/**
 * Per-VC thresholds in a FIFO buffer (S1, "FIFO Buffer Management"): when X_i
 * first exceeds R_i drop one frame of VC i (TCP halves its window), then re-arm only after
 * X_i has fallen below R_i. Expected throughput_i = µ·R_i/ΣR.
 */
export class FifoThresholds implements BufferPolicy {
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

export const fifoThresholds = definePolicy({
  id: 'fifo-thresholds',
  label: 'Per-VC thresholds in a FIFO',
  help: 'Per-VC thresholds in a FIFO (S1): drop one frame when X_i first exceeds R_i; re-arm below R_i.',
  keys: {
    fifoR: {
      kind: 'int',
      default: undefined,
      optional: true,
      min: 1,
      max: 600000,
      step: 1,
      unit: 'cells',
      group: 'switch',
      perVc: true,
      label: 'Per-VC thresholds R_i',
      help: 'Threshold of each VC in the FIFO (S1). Default R_i = K·MCR_i/PCR_i. Expected throughput_i = µ·R_i/ΣR. Per VC.',
    },
  },
  explain: {
    'fifo-threshold': (d) => ({
      rule: 'FIFO thresholds (S1): when X_i first exceeds R_i, one frame of VC i is dropped; the rule re-arms below R_i.',
      values: [...baseValues(d), { name: 'R_i', value: num(d.threshold), testId: 'threshold' }],
      verdict: `X_i = ${num(d.Xi)} crossed R_i = ${num(d.threshold)}.`,
    }),
  },
  create: (_v, env) => new FifoThresholds(env.derived.fifoR),
});
