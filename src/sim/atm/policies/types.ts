import type { Time } from '../../core/time';

/** What a buffer-acceptance policy may read of the port. */
export interface PortState {
  /** Buffer size K in cells. */
  readonly K: number;
  /** Number of UBR/GFR VCs (excludes background pseudo-queues). */
  readonly nVc: number;
  /** Total occupancy X (includes background cells that share the buffer). */
  readonly X: number;
  /** Per-VC occupancy X_i. */
  readonly xi: Int32Array;
  /** Number of VCs with X_i > 0. */
  readonly na: number;
}

/** A threshold drawn in the queue view: a level in cells and its label. */
export interface ThresholdLine {
  readonly label: string;
  readonly cells: number;
}

/**
 * A buffer-acceptance policy. `decide` is called for the first cell of every
 * AAL5 frame and returns 0 to accept or a Drop reason code; when it drops it writes the rule's
 * inputs into `rule` (layout: RuleInput). Policies decide; the port mutates.
 */
export interface BufferPolicy {
  readonly name: string;
  /** When a cell of an accepted frame overflows, discard the rest of the frame (PPD). */
  readonly partialDiscard: boolean;
  decide(port: PortState, vc: number, clp: number, now: Time, rule: Float64Array): number;
  thresholds(): ThresholdLine[];
  /** Per-VC limits (cells) the per-VC view draws, or undefined when the policy has none. */
  perVcLimit?(port: PortState, vc: number): number;
  /** Set when the policy must hear of departures (onDeparture is then called per cell). */
  readonly watchesDepartures?: boolean;
  onDeparture?(vc: number, xi: number): void;
  /** EUBR+ purge: when an accepted frame loses a cell, remove its cells already queued. */
  readonly purgePartial?: boolean;
}

/** Writes the inputs of a rule into the scratch array (layout RuleInput). */
export function writeRule(
  rule: Float64Array,
  port: PortState,
  vc: number,
  threshold: number,
  extra: number,
): void {
  rule[0] = port.X;
  rule[1] = port.xi[vc];
  rule[2] = port.na;
  rule[3] = threshold;
  rule[4] = extra;
}
