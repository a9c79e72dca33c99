import type { ParamDef, ParamValues } from '../../core/params';
import type { Random } from '../../core/random';
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
  /** Drop from front: when a cell of an accepted frame finds the buffer full, the port drops
   * the frame at the head of the buffer for this reason code (SwitchPort.dropHeadFrame) and
   * takes the arriving cell in its place. */
  readonly dropFront?: number;
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

/** A drop reason as people read it: its name (in the probe, the exports and the CLI), the words
 * the views use, the rule in one line, and its colour in the light and the dark theme. */
export interface DropReasonDef {
  readonly name: string;
  readonly label: string;
  readonly rule: string;
  readonly color: { readonly light: string; readonly dark: string };
}

/** A drop as the model recorded it (one row of the loss probe: the inputs of the rule that
 * fired, RuleInput's layout). */
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

/** "Why was this dropped?": the rule in words and symbols, the inputs at that instant with the
 * quantities computed from them, and why the rule fired, with the numbers. */
export interface Explanation {
  rule: string;
  values: { name: string; value: string; testId: string }[];
  verdict: string;
}

/** Explains a drop of one of a policy's reasons under its parameters `v` and buffer K. */
export type Explainer<V> = (d: DropRecord, v: V, K: number) => Explanation;

/** What a policy is built from besides its own keys: the port's buffer and VCs, the scenario's
 * derived quantities (scenario/derive.ts), a random stream, and the codes of drop reasons. */
export interface PolicyEnv {
  K: number;
  nVc: number;
  rng: Random;
  /** The code of a drop reason by name (a policy's own reasons get theirs in the registry). */
  reason(name: string): number;
  derived: {
    mfsCells: number;
    epdThreshold: number;
    fifoR: Float64Array;
    dfbaShare: Float64Array;
    dfbaZ: Float64Array;
    eubrGuard: Time;
  };
}

/**
 * A buffer policy, declared once: its id (the `policy` key's value), its name for people, what
 * it does (with its citation), its own scenario keys (merged into the schema; `live` of them
 * apply to a running model, default all), the drop reasons it adds, the words the inspector
 * uses for its drops, and how it is built. The registry (index.ts) lists the modules.
 */
export interface PolicyModule<
  P extends Record<string, ParamDef> = Record<string, ParamDef>,
  V = ParamValues<P>,
  I extends string = string,
> {
  readonly id: I;
  /** Its name for people, "Early Packet Discard (EPD)": the picker's (the id is shown beside
   * it) and the inspector's for the rule's owner. */
  readonly label: string;
  /** One sentence: what it does, with the paper it comes from (the picker's help, --help). */
  readonly help: string;
  readonly keys: P;
  readonly live?: readonly (keyof P & string)[];
  /** Drop reasons this policy adds to the port's (DROP_REASON_TABLE), codes given in order. */
  readonly reasons?: readonly DropReasonDef[];
  /** The inspector's words for a drop of each reason this policy decides. */
  readonly explain: Readonly<Record<string, Explainer<V>>>;
  /** The inspector's words when a cell of a frame it accepted overflows the buffer, before
   * "the rest of the frame is discarded" (default: "⟨label⟩ had accepted this frame, …"). */
  readonly overflow?: (v: V) => string;
  create(v: V, env: PolicyEnv): BufferPolicy;
}

/** Declares a policy module with its keys' types inferred (each policy file's export). */
export function definePolicy<
  const I extends string,
  const P extends Record<string, ParamDef>,
  V = ParamValues<P>,
>(m: PolicyModule<P, V, I>): PolicyModule<P, V, I> {
  return m;
}

/** A number with at most `digits` decimals, trailing zeros after the point removed ("–" if
 * not finite): the inspector's numbers. */
export const num = (v: number, digits = 0): string => {
  if (!Number.isFinite(v)) return '–';
  const s = v.toFixed(digits);
  return digits > 0 ? s.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : s;
};
/** A ratio with three decimals ("–" if not finite). */
export const ratio = (v: number): string => (Number.isFinite(v) ? v.toFixed(3) : '–');

/** The inputs every explanation shows: X, X_i, N_a. */
export function baseValues(d: DropRecord): Explanation['values'] {
  return [
    { name: 'X (cells in buffer)', value: num(d.X), testId: 'X' },
    { name: `X_i (cells of VC ${d.vc})`, value: num(d.Xi), testId: 'Xi' },
    { name: 'N_a (active VCs)', value: num(d.Na), testId: 'Na' },
  ];
}
/** The base inputs and the fair share X/N_a. */
export function withFair(d: DropRecord): Explanation['values'] {
  return [
    ...baseValues(d),
    { name: 'fair share X/N_a', value: ratio(d.Na > 0 ? d.X / d.Na : NaN), testId: 'fair' },
  ];
}
/** The base inputs and K (the recorded threshold). */
export function withK(d: DropRecord): Explanation['values'] {
  return [...baseValues(d), { name: 'K', value: num(d.threshold), testId: 'threshold' }];
}
