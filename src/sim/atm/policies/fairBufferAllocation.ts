import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { definePolicy, num, ratio, withFair, writeRule } from './types';

/** W(X) = Z·(K − R)/(X − R) of Fair Buffer Allocation (S1). */
export function fbaW(K: number, R: number, Z: number, X: number): number {
  return (Z * (K - R)) / (X - R);
}

/**
 * Fair Buffer Allocation (S1; Heinanen & Kilkki): refuse a new frame of VC i
 * when X > R and X_i·N_a/X > W(X). Rule extra = W(X).
 */
export class FairBufferAllocation implements BufferPolicy {
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

export const fba = definePolicy({
  id: 'fba',
  label: 'Fair Buffer Allocation (FBA)',
  help: 'Fair Buffer Allocation (S1): above R, refuse a frame if X_i·N_a/X > Z·(K − R)/(X − R).',
  keys: {
    fbaZ: {
      kind: 'number',
      default: 0.8,
      min: 0,
      max: 10,
      step: 0.05,
      unit: '',
      group: 'switch',
      label: 'FBA: parameter Z',
      help: 'FBA refuses a frame when X > R and X_i·N_a/X > W(X) = Z·(K − R)/(X − R). S1: best Z = 0.8.',
    },
    fbaR: {
      kind: 'number',
      default: 0.5,
      min: 0,
      max: 0.99,
      step: 0.01,
      unit: '× K',
      group: 'switch',
      label: 'FBA: threshold R',
      help: 'FBA acts only above R, as a fraction of K. S1: best R = 0.5 K.',
    },
  },
  explain: {
    fba: (d) => {
      const load = d.X > 0 ? (d.Xi * d.Na) / d.X : NaN;
      return {
        rule: 'Fair Buffer Allocation (S1): refuse when X > R and X_i·N_a/X > W(X) = Z·(K − R)/(X − R).',
        values: [
          ...withFair(d),
          { name: 'R', value: num(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: ratio(load), testId: 'load' },
          { name: 'W(X)', value: ratio(d.extra), testId: 'extra' },
        ],
        verdict: `X = ${num(d.X)} > R = ${num(d.threshold)} and VC ${d.vc}'s load ${ratio(load)} > W(X) = ${ratio(d.extra)}; W shrinks as the buffer fills, so heavy VCs are refused first.`,
      };
    },
  },
  create: (v, env) => new FairBufferAllocation(env.K, Math.round(v.fbaR * env.K), v.fbaZ),
});
