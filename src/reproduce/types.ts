/**
 * The claims table's types: every published result of the five source papers, as something the
 * model can be run against. Pure TypeScript (no DOM, no Node): the CLI, its worker threads, the
 * app and its Web Workers all evaluate claims with this module, so they give the same verdicts.
 */
import type { MetricKey } from '../sweep/spec';

export type PaperTag = 'S0' | 'S1' | 'S2' | 'S3' | 'S4';
export const PAPERS: readonly PaperTag[] = ['S0', 'S1', 'S2', 'S3', 'S4'];

/** A scenario a claim runs: a preset with overrides, as a URL query
 * ("preset=s0-plain-ubr&bufferCells=725"). The claim's seeds are added per run. */
export interface Run {
  /** Short name in tables and messages, e.g. "UBR, K = 725". */
  label: string;
  query: string;
}

/**
 * Figures of one run that are not in `Metrics` (see summary.ts, where each is computed).
 * - frameLossRatio: AAL5 frames sent that never reached a receiver intact / frames sent.
 * - clp0GoodputMbps, clp1GoodputMbps: goodput of the VCs whose frames leave untagged / tagged.
 * - clp0Prr, clp1Prr: packet retransmission ratio of those VCs (S3).
 * - meanConnGoodputMbps: goodput per connection (S3's "average throughput per connection").
 * - clp0MeanConnGoodputMbps: the same over the untagged VCs' connections.
 * - segmentsPerSecond: segments sent per second of the run, all connections.
 * - droppedCells: cells dropped at the switch (S4's "lost cell size"); in a network, at the
 *   bottleneck port only (S4 Fig. 6 counts "the congested ATM switch"; Metrics.clr is the
 *   network-wide loss).
 * - maxCwndBytes: the largest congestion window any connection reached.
 * - firstTimeoutDelaySeconds: the mean time from a connection's last ACK to the first timeout
 *   that follows it (S2 Fig. 6's trace: 1.37 s); backed-off timeouts are left out.
 * - meanQueueFraction: time-average buffer occupancy X/K after the last source started.
 * - timeoutsPerConnection: timeouts / connections.
 * (S4's buffer-empty episodes, receive gaps and largest RTO are model metrics: Metrics.)
 */
export const EXTRA_STATS = [
  'frameLossRatio',
  'clp0GoodputMbps',
  'clp1GoodputMbps',
  'clp0Prr',
  'clp1Prr',
  'meanConnGoodputMbps',
  'clp0MeanConnGoodputMbps',
  'segmentsPerSecond',
  'droppedCells',
  'maxCwndBytes',
  'firstTimeoutDelaySeconds',
  'meanQueueFraction',
  'timeoutsPerConnection',
] as const;
export type ExtraStat = (typeof EXTRA_STATS)[number];
export type Stat = MetricKey | ExtraStat;

/** Per-VC figures a claim can read (S1's DFBA and FIFO-threshold tables). */
export const VC_FIELDS = [
  'goodputMbps',
  'mcrMbps',
  'excessMbps',
  'excessOverMcr',
  'ratio',
  'meanQueueCells',
] as const;
export type VcField = (typeof VC_FIELDS)[number];

/**
 * A quantity: a figure of one run (mean over the claim's seeds), or a combination of
 * quantities, or a constant. `spread` is max − min.
 */
export type Quantity =
  | { value: number }
  | { run: Run; stat: Stat }
  | { run: Run; vc: number; field: VcField }
  | { op: 'ratio' | 'diff'; a: Quantity; b: Quantity }
  | { op: 'min' | 'max' | 'mean' | 'spread'; of: Quantity[] };

export type Rel = '<' | '>';

/** A comparison that gives a claim its direction (used for the `trend` verdict): the model's
 * figure must sit on the same side of `q` as the published figure sits of the comparison's
 * `published` figure, or, where the paper gives the direction in words, on the side `rel`
 * says (the claim's figure `rel` the comparison's). */
export type Versus = { label: string; q: Quantity } & (
  { published: number; rel?: undefined } | { rel: Rel; published?: undefined }
);

interface ClaimCommon {
  id: string;
  paper: PaperTag;
  /** Figure, table or section, e.g. "Fig. 2, §4.1". */
  ref: string;
  /** What the paper says: its words, or the cell of its table. */
  text: string;
  /** How the figure was read: a reconstructed table, a choice made in reading the text. */
  note?: string;
  /** The figure compared, in words ("efficiency", "CLP0 CLR, two-threshold / UBR"). */
  metric: string;
  /** Seeds each run of the claim is averaged over. */
  seeds: number[];
  /** Why the seeds and durations used are enough (S0 averaged 10 runs of 180 s). */
  runNote?: string;
  /** Why the model departs from the paper, as far as it is known: required for every claim
   * whose verdict is not `within` (tests/unit/reproduce/claims.test.ts checks the scorecard). A template:
   * the model's figures in it are placeholders filled from the run (explain.ts): `{model}`,
   * `{published}`, `{min}`/`{max}` (the seed range), `{item1}`…, `{side1}`…, `{alt1}`…, a
   * named figure `{name}` of `figures`, and `{a vs b}` ("above", "below" or "equal to"). */
  explanation?: string;
  /** Named model figures the explanation quotes (each a mean over the claim's seeds). */
  figures?: Record<string, Quantity>;
  /** Comparisons the explanation states in words, checked on every run of the scorecard:
   * [a, rel, b] with a and b placeholder names or numbers. */
  holds?: [string, Rel, string | number][];
  /** The same figure under other settings a source allows (S1's run length: 10 s and 20 s
   * beside the 15 s rule), shown in the claim's detail; evaluated on the claim's own seeds. */
  alternatives?: { label: string; q: Quantity }[];
  /** Presets this claim stands for in the app's Paper-vs-model panel, beyond those its runs
   * name. */
  presets?: string[];
}

/** A number with a band: within when |model − published| ≤ band. */
export interface ValueClaim extends ClaimCommon {
  kind: 'value';
  q: Quantity;
  published: number;
  band: number;
  versus?: Versus[];
  /** Shown on sweep plots (src/reproduce/published.ts reads these). */
  overlay?: Overlay;
}

/** A bound: within when model `op` published. */
export interface BoundClaim extends ClaimCommon {
  kind: 'bound';
  q: Quantity;
  op: Rel;
  published: number;
  versus?: Versus[];
  overlay?: Overlay;
}

/** An ordering: items[0] rels[0] items[1] rels[1] items[2] …; each relation may be missed by
 * at most `slack` (for the papers' "≲"). */
export interface OrderClaim extends ClaimCommon {
  kind: 'order';
  items: { label: string; q: Quantity; published?: number }[];
  rels: Rel[];
  slack?: number;
}

/** A parameter value where behaviour flips: on each side the quantity must pass its test.
 * `trend` when both sides fail their thresholds but the quantity moves the right way. */
export interface BoundaryClaim extends ClaimCommon {
  kind: 'boundary';
  param: string;
  /** The published flip point, in words ("between 25 KB and 38 KB"). */
  published: string;
  sides: [BoundarySide, BoundarySide];
}
export interface BoundarySide {
  label: string;
  q: Quantity;
  op: Rel;
  threshold: number;
  /** Sweep-plot points of this side (each with its own id). */
  overlays?: (Overlay & { id: string })[];
}

export type Claim = ValueClaim | BoundClaim | OrderClaim | BoundaryClaim;
export type ClaimKind = Claim['kind'];

/** How a sweep plot overlays a value or bound claim: the swept key and its value there, the
 * series the point belongs to, and the scenario keys a sweep's base must match. */
export interface Overlay {
  /** The point's id; a value or bound claim's own id when absent. */
  id?: string;
  param: string;
  x: number;
  metric: MetricKey;
  series: { key: 'policy' | 'tcp'; value: string };
  where: Record<string, readonly (number | string | boolean | null)[]>;
  label: string;
}

export type Verdict = 'within' | 'trend' | 'miss';

/** Mean, sample standard deviation and range of a figure over the seeds (from the rounded
 * per-seed values, so that they can be checked against them). */
export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

/** One line of the scorecard (`npm run reproduce -- --json`). */
export interface ClaimResult {
  id: string;
  paper: PaperTag;
  ref: string;
  kind: ClaimKind;
  metric: string;
  published: number | string;
  band: number | null;
  /** The claim's figure: each run's figure averaged over the seeds, then combined. */
  model: number | number[];
  verdict: Verdict;
  explanation: string | null;
  /** The seeds used: the claim's own, extended up to MAX_SEEDS when they straddle a verdict. */
  seeds: number[];
  /** The claim's figure on each seed alone (same order as `seeds`). */
  perSeed: (number | number[])[];
  /** Over `perSeed`: one Spread, or one per item or side. */
  spread: Spread | Spread[];
  /** The verdict each seed alone would give. */
  seedVerdicts: Verdict[];
  /** Run on extra seeds (its first seeds disagreed about the verdict), and leaving out any one
   * of them still changes whether the mean of the seeds' figures passes the claim's test. */
  seedSensitive: boolean;
  /** The model under other settings a source allows (see Claim.alternatives). */
  alternatives?: { label: string; model: number | number[] }[];
  /** Every comparison the explanation states holds (null: it states none, or is not shown). */
  explanationHolds: boolean | null;
}

/** Seeds a claim whose seeds disagree about its verdict is extended to. */
export const MAX_SEEDS = 10;

export interface ScorecardSummary {
  claims: number;
  within: number;
  trend: number;
  miss: number;
  /** Claims whose verdict still depends on the seed. */
  seedSensitive: number;
  seconds: number;
}
