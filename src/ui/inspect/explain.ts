import type { Policy, Scenario } from '../../sim';
import { DROP_REASONS } from '../../sim';
import { portPolicyOf } from '../../sim/net/topology';
import type { RunInfo } from '../../worker/protocol';

/** A drop as the model recorded it (one row of the loss probe, domain.md §4 rule inputs). */
export interface DropRecord {
  t: number;
  vc: number;
  conn: number;
  seq: number;
  reason: number;
  cells: number;
  X: number;
  Xi: number;
  Na: number;
  threshold: number;
  extra: number;
}

export interface Explanation {
  /** The rule in words and symbols. */
  rule: string;
  /** The inputs at that instant and the quantities computed from them, in order. */
  values: { name: string; value: string; testId: string }[];
  /** Why the rule fired, with the numbers. */
  verdict: string;
}

/** A number with at most `digits` decimals, trailing zeros after the point removed. */
export const n = (v: number, digits = 0) => {
  if (!Number.isFinite(v)) return '–';
  const s = v.toFixed(digits);
  return digits > 0 ? s.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : s;
};
const f = (v: number) => (Number.isFinite(v) ? v.toFixed(3) : '–');

/** The buffer policy of the port a run's loss probe watches, and that port's buffer K. */
export interface PortContext {
  policy: Policy;
  K: number;
}

/** The policy in force at the watched port: the scenario's, or its hop's entry of portPolicy. */
export function portContext(info: RunInfo): PortContext {
  const s = info.scenario;
  const port = info.topology?.ports[info.focusPort];
  const policy = !port || info.topology.name === 'single' ? s.policy : portPolicyOf(s, port.hop);
  return { policy, K: port?.K ?? s.bufferCells };
}

/** Each policy's name, as the inspector names the rule that fired. */
export const POLICY_NAMES: Record<Policy, string> = {
  'tail-drop': 'Plain UBR',
  ppd: 'Partial Packet Discard (PPD)',
  epd: 'Early Packet Discard (EPD)',
  sd: 'Selective Drop',
  fba: 'Fair Buffer Allocation (FBA)',
  'two-threshold': 'GFR two thresholds',
  'per-vc': 'GFR per-VC thresholds',
  'fifo-thresholds': 'FIFO thresholds',
  dfba: 'DFBA',
  eubr: 'EUBR+',
};

/** What happens to the rest of a frame that lost a cell, under a policy with partial discard. */
const restOfFrame = (s: Scenario) =>
  `the rest of the frame is discarded${s.keepEom ? ' except its EOM, which delimits the frame at the receiver' : ''}`;

/**
 * Explains a recorded drop: the rule that fired (by its reason, under the policy in force at
 * the port) with the inputs the model wrote at that instant (X, X_i, N_a, the threshold, and
 * the rule's extra value), and the quantities derived from them (fair share X/N_a, SD's load
 * X_i·N_a/X, FBA's W(X), DFBA's probability). Pure: it only reads the record, the scenario's
 * parameters and the port's policy (default: the scenario's policy and buffer).
 */
export function explainDrop(
  d: DropRecord,
  s: Scenario,
  port: PortContext = { policy: s.policy, K: s.bufferCells },
): Explanation {
  const { policy, K } = port;
  const name = POLICY_NAMES[policy];
  const base = [
    { name: 'X (cells in buffer)', value: n(d.X), testId: 'X' },
    { name: `X_i (cells of VC ${d.vc})`, value: n(d.Xi), testId: 'Xi' },
    { name: 'N_a (active VCs)', value: n(d.Na), testId: 'Na' },
  ];
  const fair = d.Na > 0 ? d.X / d.Na : NaN;
  const load = d.X > 0 ? (d.Xi * d.Na) / d.X : NaN;
  const withFair = [...base, { name: 'fair share X/N_a', value: f(fair), testId: 'fair' }];
  const withK = [...base, { name: 'K', value: n(d.threshold), testId: 'threshold' }];
  const reason = DROP_REASONS[d.reason] ?? `reason ${d.reason}`;
  switch (reason) {
    case 'overflow': {
      if (policy === 'tail-drop')
        return {
          rule: 'Plain UBR: a cell is lost when the buffer is full (X = K); the switch never refuses a frame on purpose.',
          values: withK,
          verdict: `The buffer held ${n(d.X)} of ${n(d.threshold)} cells: no room for this cell. The frame's other cells still cross the link as dead cells: plain UBR has no partial discard.`,
        };
      const why: Partial<Record<Policy, string>> = {
        ppd: 'Partial Packet Discard (S0 §3.1): the buffer was full (X = K) when this cell arrived, so it is lost, and ',
        epd: 'Early Packet Discard (S0 §3.2) had accepted this frame (X < R at its first cell), but the buffer filled (X = K) before this cell arrived: the cell is lost, and as in PPD ',
        eubr: `EUBR+ (S4) had accepted this frame, but the buffer was full (X = K) when this cell arrived: the cell is lost, ${s.eubrPurge ? "the frame's cells already queued are purged (S4 §III), " : ''}and `,
      };
      return {
        rule:
          (why[policy] ??
            `${name} had accepted this frame, but the buffer was full (X = K) when this cell arrived: the cell is lost, and as in PPD `) +
          `${restOfFrame(s)}.`,
        values: withK,
        verdict: `The buffer held ${n(d.X)} of ${n(d.threshold)} cells: no room for this cell. Partial discard stops the rest of the frame so that it does not waste the link as dead cells.`,
      };
    }
    case 'ppd':
      return {
        rule:
          policy === 'ppd'
            ? `Partial Packet Discard (S0 §3.1): once a frame has lost a cell, ${restOfFrame(s)}.`
            : `${name}, partial discard (as in PPD, S0 §3.1): once an accepted frame has lost a cell to a full buffer, ${restOfFrame(s)}.`,
        values: withK,
        verdict: `An earlier cell of this frame found the buffer full (K = ${n(d.threshold)}); the rest of the frame (${d.cells} cells) is dropped so that it does not waste the link.`,
      };
    case 'epd':
      return {
        rule: 'Early Packet Discard (S0 §3.2): a new frame is refused whole when X ≥ R at its first cell.',
        values: [
          ...base,
          { name: 'R (EPD threshold)', value: n(d.threshold), testId: 'threshold' },
        ],
        verdict: `X = ${n(d.X)} ≥ R = ${n(d.threshold)} when the frame's first cell arrived, so all ${d.cells} cells of the frame were refused.`,
      };
    case 'selective':
      return {
        rule: 'Selective Drop (S1): refuse a frame of VC i when X > R and X_i·N_a/X > Z.',
        values: [
          ...withFair,
          { name: 'R', value: n(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: f(d.extra), testId: 'extra' },
          { name: 'Z', value: f(s.sdZ), testId: 'Z' },
        ],
        verdict: `X = ${n(d.X)} > R = ${n(d.threshold)} and VC ${d.vc} holds ${f(d.extra)}× its fair share (> Z = ${f(s.sdZ)}): it uses more than its share, so its frame is refused.`,
      };
    case 'fba':
      return {
        rule: 'Fair Buffer Allocation (S1): refuse when X > R and X_i·N_a/X > W(X) = Z·(K − R)/(X − R).',
        values: [
          ...withFair,
          { name: 'R', value: n(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: f(load), testId: 'load' },
          { name: 'W(X)', value: f(d.extra), testId: 'extra' },
        ],
        verdict: `X = ${n(d.X)} > R = ${n(d.threshold)} and VC ${d.vc}'s load ${f(load)} > W(X) = ${f(d.extra)}; W shrinks as the buffer fills, so heavy VCs are refused first.`,
      };
    case 'clp1-threshold':
      return {
        rule: 'Two thresholds (S3): CLP=1 (tagged) frames are refused when X ≥ LBO.',
        values: [...base, { name: 'LBO', value: n(d.threshold), testId: 'threshold' }],
        verdict: `A tagged frame arrived with X = ${n(d.X)} ≥ LBO = ${n(d.threshold)}.`,
      };
    case 'high-threshold':
      return {
        rule: 'Two thresholds (S3): every frame is refused when X ≥ HBO.',
        values: [...base, { name: 'HBO', value: n(d.threshold), testId: 'threshold' }],
        verdict: `X = ${n(d.X)} ≥ HBO = ${n(d.threshold)}.`,
      };
    case 'per-vc-threshold':
      return {
        rule: 'GFR per-VC threshold (S3): refuse a frame of VC i when X ≥ LBO and X_i ≥ T_i = max(2·MFS, K/N).',
        values: [
          ...base,
          { name: 'T_i', value: n(d.threshold), testId: 'threshold' },
          { name: 'LBO', value: n(d.extra), testId: 'extra' },
        ],
        verdict: `X = ${n(d.X)} ≥ LBO = ${n(d.extra)} and X_i = ${n(d.Xi)} ≥ T_i = ${n(d.threshold)}.`,
      };
    case 'fifo-threshold':
      return {
        rule: 'FIFO thresholds (S1): when X_i first exceeds R_i, one frame of VC i is dropped; the rule re-arms below R_i.',
        values: [...base, { name: 'R_i', value: n(d.threshold), testId: 'threshold' }],
        verdict: `X_i = ${n(d.Xi)} crossed R_i = ${n(d.threshold)}.`,
      };
    case 'dfba': {
      // The branch that fired, told apart by the recorded threshold (H, L, or the share X·W_i/W).
      const H = Math.round(s.dfbaH * K);
      const L = Math.round(s.dfbaL * K);
      const rule =
        'DFBA (S1): above H every frame is refused; between L and H CLP=1 frames are, and a CLP=0 frame of a VC above its share X·W_i/W is refused with p = Z_i·(α·(X_i − X·W_i/W)/(X·(1 − W_i/W)) + (1 − α)·(X − L)/(H − L)).';
      if (d.extra === 1 && d.threshold === H && d.X >= H)
        return {
          rule,
          values: [...withFair, { name: 'H', value: n(H), testId: 'threshold' }],
          verdict: `X = ${n(d.X)} ≥ H = ${n(H)}: above H every frame is refused.`,
        };
      if (d.extra === 1 && d.threshold === L && d.X < H)
        return {
          rule,
          values: [...withFair, { name: 'L', value: n(L), testId: 'threshold' }],
          verdict: `A tagged (CLP=1) frame arrived with L = ${n(L)} ≤ X = ${n(d.X)} < H = ${n(H)}: between L and H, CLP=1 frames are refused.`,
        };
      return {
        rule,
        values: [
          ...withFair,
          { name: 'weighted share X·W_i/W', value: n(d.threshold, 1), testId: 'threshold' },
          { name: 'drop probability p', value: f(d.extra), testId: 'extra' },
        ],
        verdict: `X_i = ${n(d.Xi)} exceeds its weighted share ${n(d.threshold, 1)}; the frame was refused with probability ${f(d.extra)}.`,
      };
    }
    case 'eubr': {
      // A purge writes the overflow's inputs (threshold K, extra 0); a refusal writes R or P and
      // the time the VC is protected until (> 0).
      if (d.extra === 0)
        return {
          rule: "EUBR+ purge (S4 §III): when a cell of a frame being accepted is lost to a full buffer, the frame's cells already in the buffer are removed too.",
          values: withK,
          verdict: `A later cell of this frame found the buffer full (K = ${n(d.threshold)}); this cell, already queued, was purged so that the damaged frame does not take the link.`,
        };
      const P = Math.round(s.eubrP * K);
      const zone = {
        name: 'protected until (s)',
        value: f(d.extra),
        testId: 'extra',
      };
      if (d.threshold === P && d.X >= P)
        return {
          rule: 'EUBR+ (S4): at or above P, the top of the recovery zone, every frame is refused.',
          values: [...withFair, { name: 'P', value: n(P), testId: 'threshold' }, zone],
          verdict: `X = ${n(d.X)} ≥ P = ${n(P)}: the recovery zone is full. VC ${d.vc} may use the zone again until ${f(d.extra)} s.`,
        };
      const sd = s.eubrTest === 'sd';
      const limit = sd ? s.sdZ : (s.fbaZ * (K - d.threshold)) / (d.X - d.threshold);
      return {
        rule: `EUBR+ (S4): above R the UBR+ test (${sd ? 'Selective Drop: X_i·N_a/X > Z' : 'FBA: X_i·N_a/X > W(X) = Z·(K − R)/(X − R)'}) refuses a frame of a heavy VC, unless the VC lost a frame within the guard period: then it may use the recovery zone up to P.`,
        values: [
          ...withFair,
          { name: 'R', value: n(d.threshold), testId: 'threshold' },
          { name: 'load X_i·N_a/X', value: f(load), testId: 'load' },
          { name: sd ? 'Z' : 'W(X)', value: f(limit), testId: 'Z' },
          zone,
        ],
        verdict: `X = ${n(d.X)} ≥ R = ${n(d.threshold)} and VC ${d.vc}'s load ${f(load)} > ${sd ? 'Z' : 'W(X)'} = ${f(limit)}, and it was not in a recovery zone: the frame is refused, and VC ${d.vc} is protected until ${f(d.extra)} s.`,
      };
    }
    case 'gfr-nonconforming':
      return {
        rule: 'GFR (S3): F-GCRA found the frame not eligible for the MCR guarantee, and gfrAction = discard.',
        values: base,
        verdict: `VC ${d.vc} sent faster than its MCR allows (with burst tolerance MBS).`,
      };
    case 'mfs':
      return {
        rule: 'GFR (S3): cells beyond the maximum frame size MFS are discarded.',
        values: [...base, { name: 'MFS (cells)', value: n(d.threshold), testId: 'threshold' }],
        verdict: `The frame was longer than MFS = ${n(d.threshold)} cells.`,
      };
    default:
      return { rule: reason, values: base, verdict: '' };
  }
}
