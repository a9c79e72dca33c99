/**
 * The message protocol between the UI and the simulation worker (types only). Every message
 * about a run carries its `runId`; the client drops messages of runs it has moved past.
 * Series travel as typed arrays inside `ProbeBatch`, transferred, never as arrays of objects.
 */
import type {
  EventName,
  CellCounts,
  Metrics,
  ProbeBatch,
  ProbeOptions,
  Scenario,
  ScenarioIssue,
} from '../sim';
import type { PortSamples } from '../sim/metrics/probes';

export type ToWorker =
  /** Build a run from a scenario query string; it starts paused unless `play` is set. */
  | {
      type: 'start';
      runId: number;
      query: string;
      probes: ProbeOptions;
      play?: boolean;
      speed?: number;
      /** The switch output port the port-dependent probes watch (queue snapshot and series,
       * per-VC X_i, loss raster): a port id or its URL slug (portSlug). Unknown or absent: the
       * bottleneck port. */
      port?: string;
      /** "Branch here": run `query` to `atSeconds`, then switch to `query` of the branch
       * (policy and threshold changes only, see Simulation.applyLive). */
      branch?: { atSeconds: number; query: string };
      /** The part (0..1] of the worker's per-frame budget of model work this run may use
       * (default 1): the two runs of Compare A/B take half each, so that together they leave
       * the page as much of the machine as one run does. */
      share?: number;
      /** The page acknowledges each batch once drawn (`ack`): while playing, the worker then
       * keeps at most one batch in flight (pacing.ts), so the run goes as fast as the page
       * can show it. */
      paced?: boolean;
    }
  /** The page has drawn `batches` batches of this run (paced runs only). `spent`: the memory
   * of batches' series, which the page has copied into its tables, handed back (transferred):
   * the worker's collector frees it, not the page's, whose major collections would pause
   * its frames (a batch a frame, at Max speed). The worker drops them. */
  | { type: 'ack'; runId: number; batches: number; spent?: ArrayBuffer[] }
  /** Simulated seconds per wall-clock second; Infinity runs as fast as the worker can. With
   * `until` (simulated seconds) the run pauses exactly there: its batch has playing = false
   * and t === until. An `until` at or before the time reached leaves the run paused where it
   * is (one batch, playing = false). */
  | { type: 'play'; runId: number; speed: number; until?: number }
  | { type: 'pause'; runId: number }
  /** Go to exactly simulated time `t` seconds (clamped to [0, duration]) and pause. Forward:
   * the run goes on to t and answers one batch (t === the asked t). Backward: a replay from
   * t = 0 with the same query and seed (a branch takes its branch again), answering `started`
   * (with `replay: 'seek'`) then one batch holding the whole history up to t. Either way the
   * batch's buffer snapshot is the buffer at t. */
  | { type: 'seek'; runId: number; t: number }
  /** Single step, then pause: one model event, one frame reaching a receiver, or `ms` of
   * simulated time. */
  | { type: 'step'; runId: number; unit: StepUnit; ms?: number }
  /** Apply a changed scenario without a restart where the change allows it (policy and its
   * thresholds); the worker answers `live` saying whether it did. */
  | { type: 'live'; runId: number; query: string }
  /** Focus the port-dependent probes on another port (a port id, slug or index). The worker
   * replays the run from t = 0 with the same seed, watching that port, up to the time it had
   * reached, and carries on in the same play state: it answers `started` (the new info, with
   * `focusPort`) and a batch holding the whole history. */
  | { type: 'focusPort'; runId: number; port: string | number }
  | { type: 'stop'; runId: number };

export type StepUnit = 'event' | 'frame' | 'ms';

/** Most cells the queue view is sent one by one; above this it gets per-VC counts only. */
export const SNAPSHOT_CELLS = 4096;

/** The switch buffer at the batch's time. */
export interface BufferSnapshot {
  /** Total occupancy X and active VCs N_a. */
  X: number;
  na: number;
  /** X_i per VC, then background cells that share the buffer (length nVc + 1). */
  xi: Int32Array;
  /** The policy's per-VC limit in cells (NaN where it has none). */
  limits: Float64Array;
  /** Queue of each buffered cell in arrival order, oldest first (VC, or nVc for background);
   * `n` entries are valid, 0 when X > SNAPSHOT_CELLS. */
  order: Uint16Array;
  n: number;
}

/** A network of switches as the views draw it (net/topology.ts NetSpec). */
export interface TopologyInfo {
  name: string;
  nodes: { id: string; kind: 'host' | 'switch' }[];
  /** Switch output ports in route order: id ("sw1→sw2"), slug (URL-safe, "sw1-sw2"), owner,
   * the node the port's link leads to, buffer K, policy, link rate, and the VCs crossing it. */
  ports: {
    id: string;
    slug: string;
    node: string;
    to: string;
    hop: number;
    K: number;
    policy: string;
    mbps: number;
    vcs: number[];
  }[];
  /** Access links (host → its first switch), each with the VCs on it. */
  access: { from: string; to: string; vcs: number[] }[];
  /** Per VC: the indices of the ports it crosses, in order. */
  routes: number[][];
  bottleneck: number;
}

export interface RunInfo {
  scenario: Scenario;
  query: string;
  /** Rejected keys of the query (the run uses their defaults). */
  issues: ScenarioIssue[];
  durationSeconds: number;
  epdThreshold: number;
  thresholds: { label: string; cells: number }[];
  goodputCeilingMbps: number;
  /** Number of VCs and of TCP connections, and each connection's VC. */
  nVc: number;
  nConn: number;
  vcOfConn: number[];
  /** Drop reason names by code (DROP_REASONS). */
  reasons: readonly string[];
  /** The network of switches (for the single topology: one switch, one port). */
  topology: TopologyInfo;
  /** Index of the port the port-dependent probes watch (default the bottleneck). */
  focusPort: number;
}

export interface Batch {
  type: 'batch';
  runId: number;
  /** Simulated time reached, seconds. */
  t: number;
  done: boolean;
  playing: boolean;
  metrics: Metrics;
  cells: CellCounts;
  series: ProbeBatch;
  buffer: BufferSnapshot;
  /** Per-port occupancy, departures and drops since the previous batch (networks only). */
  ports?: PortSamples;
  /** The event a single 'event' step ran. */
  stepped?: EventName | null;
}

export type FromWorker =
  /** A run begins, or (with `replay`) the run was rebuilt from t = 0 to the time shown by a
   * backward seek or a port focus change: the views drop what they hold (the batch after it
   * carries the whole history) but keep their presentation (zoom, cursor). */
  | { type: 'started'; runId: number; info: RunInfo; replay?: 'seek' | 'focusPort' }
  | Batch
  /** Answer to `live`: applied without a restart (with the new run info), or not. */
  | { type: 'live'; runId: number; applied: boolean; info?: RunInfo }
  | { type: 'error'; runId: number; message: string };

/** Minimal port shape shared by a Worker's global scope and a MessagePort (for tests). */
export interface PortLike {
  postMessage(message: unknown, options?: { transfer?: Transferable[] }): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}
