import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { definePolicy, num, ratio, withFair, writeRule } from './types';

/**
 * Selective Drop (S1; Goyal et al., ICC'97): refuse a new frame of VC i when
 * X > R and its buffer load ratio X_i·N_a/X exceeds Z. Rule extra = the load ratio.
 */
export class SelectiveDrop implements BufferPolicy {
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

export const sd = definePolicy({
  id: 'sd',
  label: 'Selective Drop (SD)',
  help: 'Selective Drop (S1): above R, refuse a frame of a VC whose load X_i·N_a/X exceeds Z.',
  keys: {
    sdZ: {
      kind: 'number',
      default: 0.8,
      min: 0,
      max: 10,
      step: 0.05,
      unit: '',
      group: 'switch',
      label: 'Selective Drop: load threshold Z',
      help: 'Selective Drop refuses a frame of VC i when X > R and X_i·N_a/X > Z. S1: best Z = 0.8.',
    },
    sdR: {
      kind: 'number',
      default: 0.9,
      min: 0,
      max: 1,
      step: 0.01,
      unit: '× K',
      group: 'switch',
      label: 'Selective Drop: threshold R',
      help: 'Selective Drop acts only above R, as a fraction of K. S1: best R = 0.9 K.',
    },
  },
  explain: {
    selective: (d, v) => ({
      rule: 'Selective Drop (S1): refuse a frame of VC i when X > R and X_i·N_a/X > Z.',
      values: [
        ...withFair(d),
        { name: 'R', value: num(d.threshold), testId: 'threshold' },
        { name: 'load X_i·N_a/X', value: ratio(d.extra), testId: 'extra' },
        { name: 'Z', value: ratio(v.sdZ), testId: 'Z' },
      ],
      verdict: `X = ${num(d.X)} > R = ${num(d.threshold)} and VC ${d.vc} holds ${ratio(d.extra)}× its fair share (> Z = ${ratio(v.sdZ)}): it uses more than its share, so its frame is refused.`,
    }),
  },
  create: (v, env) => new SelectiveDrop(Math.round(v.sdR * env.K), v.sdZ),
});
