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

export type ToWorker =
  /** Build a run from a scenario query string; it starts paused unless `play` is set. */
  | {
      type: 'start';
      runId: number;
      query: string;
      probes: ProbeOptions;
      play?: boolean;
      speed?: number;
      /** "Branch here": run `query` to `atSeconds`, then switch to `query` of the branch
       * (policy and threshold changes only, see Simulation.applyLive). */
      branch?: { atSeconds: number; query: string };
    }
  /** Simulated seconds per wall-clock second; Infinity runs as fast as the worker can. */
  | { type: 'play'; runId: number; speed: number }
  | { type: 'pause'; runId: number }
  /** Single step, then pause: one model event, one frame reaching a receiver, or `ms` of
   * simulated time. */
  | { type: 'step'; runId: number; unit: StepUnit; ms?: number }
  /** Apply a changed scenario without a restart where the change allows it (policy and its
   * thresholds); the worker answers `live` saying whether it did. */
  | { type: 'live'; runId: number; query: string }
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
  /** The event a single 'event' step ran. */
  stepped?: EventName | null;
}

export type FromWorker =
  | { type: 'started'; runId: number; info: RunInfo }
  | Batch
  /** Answer to `live`: applied without a restart (with the new run info), or not. */
  | { type: 'live'; runId: number; applied: boolean; info?: RunInfo }
  | { type: 'error'; runId: number; message: string };

/** Minimal port shape shared by a Worker's global scope and a MessagePort (for tests). */
export interface PortLike {
  postMessage(message: unknown, options?: { transfer?: Transferable[] }): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}
