/**
 * The message protocol between the UI and the simulation worker (types only). Every message
 * about a run carries its `runId`; the client drops messages of runs it has moved past.
 * Series travel as typed arrays inside `ProbeBatch`, transferred, never as arrays of objects.
 */
import type {
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
    }
  /** Simulated seconds per wall-clock second; Infinity runs as fast as the worker can. */
  | { type: 'play'; runId: number; speed: number }
  | { type: 'pause'; runId: number }
  /** Advance by `ms` of simulated time, then pause. */
  | { type: 'step'; runId: number; ms: number }
  | { type: 'stop'; runId: number };

export interface RunInfo {
  scenario: Scenario;
  query: string;
  /** Rejected keys of the query (the run uses their defaults). */
  issues: ScenarioIssue[];
  durationSeconds: number;
  epdThreshold: number;
  thresholds: { label: string; cells: number }[];
  goodputCeilingMbps: number;
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
}

export type FromWorker =
  | { type: 'started'; runId: number; info: RunInfo }
  | Batch
  | { type: 'error'; runId: number; message: string };

/** Minimal port shape shared by a Worker's global scope and a MessagePort (for tests). */
export interface PortLike {
  postMessage(message: unknown, options?: { transfer?: Transferable[] }): void;
  addEventListener(type: 'message', listener: (ev: MessageEvent) => void): void;
}
