import type { Policy, Scenario } from '../../sim';
import { DROP_REASONS, POLICY_MODULES, policyModule } from '../../sim';
import type { DropRecord, Explanation } from '../../sim/atm/policies/types';
import { baseValues, num, withK } from '../../sim/atm/policies/types';
import { portPolicyOf } from '../../sim/net/topology';
import type { RunInfo } from '../../worker/protocol';

export type { DropRecord, Explanation };

/** A number with at most `digits` decimals, trailing zeros after the point removed. */
export const n = num;

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
  const module = policyModule(policy);
  const name = module.label;
  const reason = DROP_REASONS[d.reason] ?? `reason ${d.reason}`;
  // The policy's own words for its reasons (and for any port reason it words its own way).
  const own = module.explain[reason];
  if (own) return own(d, s as never, K);
  switch (reason) {
    case 'overflow':
      return {
        rule:
          (module.overflow?.(s as never) ??
            `${name} had accepted this frame, but the buffer was full (X = K) when this cell arrived: the cell is lost, and as in PPD `) +
          `${restOfFrame(s)}.`,
        values: withK(d),
        verdict: `The buffer held ${n(d.X)} of ${n(d.threshold)} cells: no room for this cell. Partial discard stops the rest of the frame so that it does not waste the link as dead cells.`,
      };
    case 'ppd':
      return {
        rule:
          policy === 'ppd'
            ? `Partial Packet Discard (S0 §3.1): once a frame has lost a cell, ${restOfFrame(s)}.`
            : `${name}, partial discard (as in PPD, S0 §3.1): once an accepted frame has lost a cell to a full buffer, ${restOfFrame(s)}.`,
        values: withK(d),
        verdict: `An earlier cell of this frame found the buffer full (K = ${n(d.threshold)}); the rest of the frame (${d.cells} cells) is dropped so that it does not waste the link.`,
      };
    case 'gfr-nonconforming':
      return {
        rule: 'GFR (S3): F-GCRA found the frame not eligible for the MCR guarantee, and gfrAction = discard.',
        values: baseValues(d),
        verdict: `VC ${d.vc} sent faster than its MCR allows (with burst tolerance MBS).`,
      };
    case 'mfs':
      return {
        rule: 'GFR (S3): cells beyond the maximum frame size MFS are discarded.',
        values: [
          ...baseValues(d),
          { name: 'MFS (cells)', value: n(d.threshold), testId: 'threshold' },
        ],
        verdict: `The frame was longer than MFS = ${n(d.threshold)} cells.`,
      };
    default:
      // A policy's reason recorded under another policy (a live change): that policy's words.
      for (const m of POLICY_MODULES) {
        const e = (m.explain as Record<string, ((...a: never[]) => Explanation) | undefined>)[
          reason
        ];
        if (e) return e(d as never, s as never, K as never);
      }
      return { rule: reason, values: baseValues(d), verdict: '' };
  }
}
