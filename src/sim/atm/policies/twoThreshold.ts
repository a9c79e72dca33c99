import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import type { ParamDef, ParamValues } from '../../core/params';
import type { Explainer } from './types';
import { baseValues, definePolicy, num, writeRule } from './types';

/**
 * GFR tag-sensitive buffer management with two static thresholds (S3): refuse
 * every frame when X ≥ HBO, and a CLP=1 frame when X ≥ LBO.
 */
export class TwoThreshold implements BufferPolicy {
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

const GFR_KEYS = {
  lbo: {
    kind: 'number',
    default: 0.5,
    min: 0,
    max: 1,
    step: 0.01,
    unit: '× K',
    group: 'switch',
    policies: ['two-threshold', 'per-vc'],
    label: 'Low threshold LBO (tagged frames)',
    help: 'Above LBO, CLP=1 (tagged) frames are refused (S3: 0.5 K).',
  },
  hbo: {
    kind: 'number',
    default: 0.8,
    min: 0,
    max: 1,
    step: 0.01,
    unit: '× K',
    group: 'switch',
    policies: ['two-threshold', 'per-vc'],
    label: 'High threshold HBO (every frame)',
    help: 'Above HBO, every frame is refused (S3: 0.8 K).',
  },
} satisfies Record<string, ParamDef>;

/** The two thresholds' explanations, shared by both GFR policies. */
const TWO_THRESHOLDS: Record<string, Explainer<unknown>> = {
  'clp1-threshold': (d) => ({
    rule: 'Two thresholds (S3): CLP=1 (tagged) frames are refused when X ≥ LBO.',
    values: [...baseValues(d), { name: 'LBO', value: num(d.threshold), testId: 'threshold' }],
    verdict: `A tagged frame arrived with X = ${num(d.X)} ≥ LBO = ${num(d.threshold)}.`,
  }),
  'high-threshold': (d) => ({
    rule: 'Two thresholds (S3): every frame is refused when X ≥ HBO.',
    values: [...baseValues(d), { name: 'HBO', value: num(d.threshold), testId: 'threshold' }],
    verdict: `X = ${num(d.X)} ≥ HBO = ${num(d.threshold)}.`,
  }),
};

export const twoThreshold = definePolicy({
  id: 'two-threshold',
  label: 'GFR two thresholds (LBO/HBO)',
  help: 'GFR two thresholds (S3): refuse CLP=1 frames above LBO and all frames above HBO.',
  keys: GFR_KEYS,
  explain: TWO_THRESHOLDS,
  create: (v: ParamValues<typeof GFR_KEYS>, env) =>
    new TwoThreshold(Math.round(v.lbo * env.K), Math.round(v.hbo * env.K)),
});

export const perVc = definePolicy({
  id: 'per-vc',
  label: 'GFR per-VC buffer management',
  help: 'GFR per-VC buffer management (S3): two thresholds, plus refuse a VC above LBO that holds T_i = max(2·MFS, K/N) cells.',
  // The thresholds are two-threshold's keys (declared there, both policies listed).
  keys: {},
  live: [],
  explain: {
    ...TWO_THRESHOLDS,
    'per-vc-threshold': (d) => ({
      rule: 'GFR per-VC threshold (S3): refuse a frame of VC i when X ≥ LBO and X_i ≥ T_i = max(2·MFS, K/N).',
      values: [
        ...baseValues(d),
        { name: 'T_i', value: num(d.threshold), testId: 'threshold' },
        { name: 'LBO', value: num(d.extra), testId: 'extra' },
      ],
      verdict: `X = ${num(d.X)} ≥ LBO = ${num(d.extra)} and X_i = ${num(d.Xi)} ≥ T_i = ${num(d.threshold)}.`,
    }),
  },
  // S3: T_i = max(2·MFS, K/N)
  create: (v: ParamValues<typeof GFR_KEYS>, env) =>
    new PerVcThreshold(
      Math.round(v.lbo * env.K),
      Math.round(v.hbo * env.K),
      Math.max(2 * env.derived.mfsCells, Math.floor(env.K / env.nVc)),
    ),
});
