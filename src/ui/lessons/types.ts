/**
 * Lessons: short stories about one result each. A lesson opens one scenario, plays it at a
 * readable speed to the moment that matters and pauses there, zooms and outlines what to look
 * at, can split the screen into the problem and its fix (A/B on the same seed), and asks the
 * student to predict before the key run. The steps are data; `LessonDriver` applies them.
 */
import type { MetricKey, Metrics } from '../../sim';
import { METRICS } from '../../sim';
import type { RunStore } from '../data/runStore';
import type { ViewId } from '../views/registry';

/** The views a step can outline (the `data-story-view` of each view: its registry id). */
export type LessonView = ViewId;

/** A row of the A/B table: a run-wide metric, or one connection's goodput (0-based). */
export type CompareRow = MetricKey | `goodput:${number}`;

/** A notable event of a run (the first drop, timeout, stall…), as a lesson step names it. */
export type MomentSpec =
  /** The first cell dropped (of a reason: 'overflow', 'epd', 'clp1-threshold', …). */
  | { kind: 'first-drop'; reason?: string; vc?: number }
  /** The first retransmission timeout (of a connection). */
  | { kind: 'first-timeout'; conn?: number }
  | { kind: 'first-fr'; conn?: number }
  /** The end of the first flagged stall (stallKind 1: a timeout rescued it; 2: a delayed ACK). */
  | { kind: 'first-stall'; stallKind?: number }
  /** The first damaged frame whose cells crossed the link (dead cells). */
  | { kind: 'first-dead'; vc?: number }
  | { kind: 'end' };

/** What the card reads from the run (at the pause) to show the step's figures. */
export interface LessonContext {
  metrics: Metrics | null;
  store: RunStore;
}

export interface Figure {
  label: string;
  /** null: not known yet (the run has not reached the moment). */
  read(ctx: LessonContext): number | null;
  format(v: number): string;
}

export interface ChoicePrediction {
  kind: 'choice';
  id: string;
  question: string;
  options: { id: string; label: string }[];
  /** The option the run shows to be right. */
  answer(ctx: LessonContext): string | null;
  /** What the run measured, said in words (e.g. "88 dead cells crossed the link"). */
  measured(ctx: LessonContext): string;
  why: string;
  /** Metrics whose value gives the answer away: hidden on screen while the question is open. */
  hides?: readonly string[];
}

export interface ScalePrediction {
  kind: 'scale';
  id: string;
  question: string;
  min: number;
  max: number;
  step: number;
  /** Where the marker starts (the student must move it or confirm it). */
  initial: number;
  format(v: number): string;
  answer(ctx: LessonContext): number | null;
  /** |prediction − answer| within this counts as close. */
  tolerance: number;
  why: string;
  /** Metrics whose value gives the answer away: hidden on screen while the question is open. */
  hides?: readonly string[];
}

export type Prediction = ChoicePrediction | ScalePrediction;

export interface LessonRun {
  /** Simulated time at which the run pauses, seconds: a fixed time, set where `moment`
   * happens in the run (a test finds the moment there). */
  until: number;
  /** Playback speed (simulated seconds per wall second), never Max. */
  speed: number;
  /** The approach to the moment, played slower so that it lasts a few seconds of wall time:
   * from simulated time `from` on, the run plays at `speed` (e.g. a deadlock's flat stretch). */
  slow?: { from: number; speed: number };
  /** The notable event the pause at `until` shows; not detected at run time: a test runs the
   * lesson and finds this moment within `within` before `until`. */
  moment?: MomentSpec;
  /** Seconds the pause may come after the moment (default 2 ms or 2% of `until`). */
  within?: number;
}

export interface LessonStep {
  title: string;
  /** The step's words, from the paper it cites. */
  text: string;
  view?: LessonView;
  conn?: number;
  threshold?: string;
  /** Networks: the port the buffer views show (URL slug, e.g. "sw2-sw3"). */
  port?: string;
  /** Another scenario for this step (query); the lesson's by default. */
  scenario?: string;
  /** Play to a moment and pause there. Without it the run stays where it is. */
  run?: LessonRun;
  /** The time window every time axis zooms to. */
  zoom?: [number, number];
  /** Split the screen: A is the lesson's run, B is A with these overrides (same seed).
   * `rows`: the rows of the A/B table the step is about, shown first (metric keys, or
   * `goodput:N` for connection N's goodput). */
  compare?: { b: string; label: string; rows?: CompareRow[] };
  /** Asked before the step's run plays; revealed when it pauses. */
  predict?: Prediction;
  figures?: Figure[];
}

export interface Lesson {
  /** The `lesson=<id>` URL value. */
  id: string;
  title: string;
  /** What the student should be able to say afterwards. */
  goals?: string[];
  /** Questions an instructor can ask the class. */
  questions?: string[];
  /** One-line result the lesson demonstrates. */
  claim: string;
  /** The paper: authors, title and section or figure. */
  source: string;
  /** The scenario query (a preset with changes); the same seed every time. */
  scenario: string;
  steps: LessonStep[];
}

// ---- Figures read from the run ---------------------------------------------------------

export const pct = (v: number) => `${(100 * v).toFixed(1)} %`;
/** A ratio as the metrics panel writes it (two decimals), for a card's figures. */
export const pct2 = (v: number) => `${(100 * v).toFixed(2)} %`;
export const num = (v: number) => String(Math.round(v));
/** A rate in the model's unit word (the metrics table's), as the Connections table writes it. */
export const mbps = (v: number) => `${v.toFixed(2)} ${METRICS.goodputMbps.unit}`;

export const metricFigure = (
  label: string,
  pick: (m: Metrics) => number,
  format: (v: number) => string = pct2,
): Figure => ({
  label,
  read: (ctx) => (ctx.metrics ? pick(ctx.metrics) : null),
  format,
});
