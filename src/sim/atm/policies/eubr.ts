import type { Time } from '../../core/time';
import { Drop } from '../dropReasons';
import { fbaW } from './fairBufferAllocation';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import type { ParamDef, ParamValues } from '../../core/params';
import { definePolicy, num, ratio, withFair, withK, writeRule } from './types';

/**
 * EUBR+ (S4). Below R accept. A VC that recently lost a frame ("damaged") may
 * use the recovery zone R..P for the guaranteed period T_g. Otherwise the UBR+ test (Selective
 * Drop, or FBA) or X ≥ P refuses the frame and marks the VC damaged. Rule extra = the time
 * (s) until which the VC is protected.
 */
export class EnhancedUbrPlus implements BufferPolicy {
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

/** The UBR+ tests EUBR+ applies above R. */
const EUBR_TESTS = ['sd', 'fba'] as const;

const KEYS = {
  eubrR: {
    kind: 'number',
    default: 0.5,
    min: 0,
    max: 1,
    step: 0.01,
    unit: '× K',
    group: 'switch',
    label: 'EUBR+ threshold R',
    help: 'Below R every frame is accepted; above it the UBR+ test applies (S4: 0.5 K).',
  },
  eubrP: {
    kind: 'number',
    default: 0.7,
    min: 0,
    max: 1,
    step: 0.01,
    unit: '× K',
    group: 'switch',
    label: 'EUBR+ recovery limit P',
    help: 'A damaged VC may use the recovery zone between R and P; above P every frame is refused (S4: 0.7 K).',
  },
  eubrGuardMs: {
    kind: 'number',
    default: undefined,
    optional: true,
    min: 0,
    max: 60000,
    step: 1,
    unit: 'ms',
    group: 'switch',
    label: 'EUBR+ guaranteed period',
    help: 'How long a VC that lost a frame keeps access to the recovery zone. (model choice) default 2 × RTT, the RTT including the queueing delay of R cells.',
  },
  eubrTest: {
    kind: 'enum',
    default: 'sd',
    options: EUBR_TESTS,
    optionLabels: { sd: 'Selective Drop (SD)', fba: 'Fair Buffer Allocation (FBA)' },
    group: 'switch',
    label: 'EUBR+ per-VC test',
    help: 'The per-VC test applied above R.',
    optionHelp: {
      sd: 'Selective Drop (sdZ).',
      fba: 'Fair Buffer Allocation (fbaZ, with R = eubrR).',
    },
  },
  eubrPurge: {
    kind: 'bool',
    default: false,
    group: 'switch',
    label: 'Purge partial frame',
    help: 'When a cell of a frame being accepted is dropped, also remove the cells of that frame already in the buffer (S4 §III).',
  },
} satisfies Record<string, ParamDef>;

/** EUBR+'s keys and the UBR+ tests' Z, which it reads. */
type EubrValues = ParamValues<typeof KEYS> & { sdZ: number; fbaZ: number };

export const eubr = definePolicy({
  id: 'eubr',
  label: 'EUBR+ with a recovery zone',
  help: 'EUBR+ (S4): UBR+ above R, but a VC that just lost a frame may use the recovery zone R..P for a guaranteed period.',
  keys: KEYS,
  explain: {
    eubr: (d, v: EubrValues, K) => {
      // A purge writes the overflow's inputs (threshold K, extra 0); a refusal writes R or P and
      // the time the VC is protected until (> 0).
      if (d.extra === 0)
        return {
          rule: "EUBR+ purge (S4 §III): when a cell of a frame being accepted is lost to a full buffer, the frame's cells already in the buffer are removed too.",
          values: withK(d),
          verdict: `A later cell of this frame found the buffer full (K = ${num(d.threshold)}); this cell, already queued, was purged so that the damaged frame does not take the link.`,
        };
      const P = Math.round(v.eubrP * K);
      const zone = { name: 'protected until (s)', value: ratio(d.extra), testId: 'extra' };
      if (d.threshold === P && d.X >= P)
        return {
          rule: 'EUBR+ (S4): at or above P, the top of the recovery zone, every frame is refused.',
          values: [...withFair(d), { name: 'P', value: num(P), testId: 'threshold' }, zone],
          verdict: `X = ${num(d.X)} ≥ P = ${num(P)}: the recovery zone is full. VC ${d.vc} may use the zone again until ${ratio(d.extra)} s.`,
        };
      const load = d.X > 0 ? (d.Xi * d.Na) / d.X : NaN;
      const isSd = v.eubrTest === 'sd';
      const limit = isSd ? v.sdZ : (v.fbaZ * (K - d.threshold)) / (d.X - d.threshold);
      return {
        rule: `EUBR+ (S4): above R the UBR+ test (${isSd ? 'Selective Drop: X_i·N_a/X > Z' : 'FBA: X_i·N_a/X > W(X) = Z·(K − R)/(X − R)'}) refuses a frame of a heavy VC, unless the VC lost a frame within the guard period: then it may use the recovery zone up to P.`,
        values: [
          ...withFair(d),
          { name: 'R', value: num(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: ratio(load), testId: 'load' },
          { name: isSd ? 'Z' : 'W(X)', value: ratio(limit), testId: 'Z' },
          zone,
        ],
        verdict: `X = ${num(d.X)} ≥ R = ${num(d.threshold)} and VC ${d.vc}'s load ${ratio(load)} > ${isSd ? 'Z' : 'W(X)'} = ${ratio(limit)}, and it was not in a recovery zone: the frame is refused, and VC ${d.vc} is protected until ${ratio(d.extra)} s.`,
      };
    },
  },
  overflow: (v: EubrValues) =>
    `EUBR+ (S4) had accepted this frame, but the buffer was full (X = K) when this cell arrived: the cell is lost, ${v.eubrPurge ? "the frame's cells already queued are purged (S4 §III), " : ''}and `,
  create: (v: EubrValues, env) =>
    new EnhancedUbrPlus(
      env.K,
      Math.round(v.eubrR * env.K),
      Math.round(v.eubrP * env.K),
      env.derived.eubrGuard,
      v.eubrTest,
      v.eubrTest === 'sd' ? v.sdZ : v.fbaZ,
      v.eubrPurge,
      env.nVc,
    ),
});
