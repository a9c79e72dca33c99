/**
 * What every export says about itself (pure: no DOM): the scenario URL that reproduces the
 * run, its seed, the app version and commit, the simulated time covered and the export time;
 * the unit of each column and metric, read from the model's tables; the names of the TCP
 * events. Written as `# key: value` lines in CSV and as the first fields of a JSON document.
 */
import type { ConnectionMetrics, MetricDef, MetricKey } from '../../sim';
import type { VcMetrics } from '../../sim/metrics/metrics';
import { METRICS, TCP_EVENT_TABLE, tcpEventOf } from '../../sim';
import { jsonNumber } from '../../io/json';
import { commentLines } from '../../io/csv';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../../version';

export interface ExportMeta {
  /** The full scenario URL that reproduces the run. */
  scenarioUrl: string;
  seed: number;
  /** App version (default: package.json's). */
  version?: string;
  /** Commit the app was built from (default: the build's, APP_COMMIT). */
  commit?: string;
  /** The simulated time the export covers: the run's clock `t` when exported, the run's
   * duration, and whether the run had ended (complete) or was still going (incomplete). */
  simulated?: SimulatedSpan;
  /** ISO time of the export (default: now). */
  exported?: string;
  /** Drop reason names by code (default DROP_REASONS). */
  reasons?: readonly string[];
  /** Extra `# key: value` lines (e.g. the connection shown). */
  extra?: Record<string, string | number>;
}

interface SimulatedSpan {
  /** Simulated seconds covered (0 to t). */
  t: number;
  /** The scenario's duration, s. */
  duration: number;
  /** True when the run had reached its end. */
  complete: boolean;
}

/** "complete (t = 180 of 180 s)" or "incomplete (t = 60 of 180 s; exported before the run
 * ended)". */
export function runStatus(s: SimulatedSpan): string {
  const t = `t = ${Number(s.t.toFixed(6))} of ${s.duration} s`;
  return s.complete ? `complete (${t})` : `incomplete (${t}; exported before the run ended)`;
}

/** "tcp-over-atm-lab 0.9.0 (abc1234)": the app that wrote an export. */
export const appLine = (meta: ExportMeta): string =>
  `${APP_NAME} ${meta.version ?? APP_VERSION} (${meta.commit ?? APP_COMMIT})`;

// ---------------------------------------------------------------------------------------------
// Names and units, from the model's tables

/** The name of a tcpEvents `kind` code (the model's TCP_EVENT_TABLE). */
export const tcpEventName = (code: number): string | undefined => tcpEventOf(code)?.name;

/** "1 = timeout; 2 = fast retransmit; 3 = abort": the codes of the tcpEvents table. */
export const TCP_EVENT_LEGEND = TCP_EVENT_TABLE.map((e) => `${e.code} = ${e.words}`).join('; ');

/** Units of the probe tables' columns: time in s, sequence numbers and windows in bytes,
 * buffer occupancies in cells. */
const UNITS: Record<string, string> = {
  t: 's',
  t0: 's',
  seq: 'bytes',
  len: 'bytes',
  ack: 'bytes',
  win: 'bytes',
  cwnd: 'bytes',
  ssthresh: 'bytes',
  X: 'cells',
  Xi: 'cells',
  clp1: 'cells',
  background: 'cells',
  cells: 'cells',
  threshold: 'cells',
  limit: 'cells',
  fairShare: 'cells',
  Na: 'VCs',
  vc: 'index',
  conn: 'index',
  reason: 'name',
  event: 'name',
  retx: '0/1',
  kind: 'code',
  idle: 'fraction',
  extra: 'policy-specific',
};

/** Unit of a series column (the queue table's `vc<i>` columns are cells). */
export function unitOf(column: string): string {
  if (/^vc\d+$/.test(column)) return 'cells';
  return UNITS[column] ?? '-';
}

type Unit = MetricDef['unit'];
/** Units of the per-connection and per-VC fields the run-wide table (METRICS) lacks. */
const FIELD_UNITS: Record<Exclude<keyof ConnectionMetrics | keyof VcMetrics, MetricKey>, Unit> &
  Record<string, Unit> = {
  segmentsSent: 'count',
  segmentsRetransmitted: 'count',
  mcrMbps: 'Mbit/s',
  excessMbps: 'Mbit/s',
  excessOverMcr: 'ratio',
  expectedMbps: 'Mbit/s',
  ratio: 'ratio',
};

/** Unit of a flattened metric key (e.g. "perConnection[2].goodputMbps"): the run-wide
 * table's unit of its last name, else the per-connection or per-VC field's. */
export function metricUnit(key: string): string {
  const leaf = key.slice(key.lastIndexOf('.') + 1);
  return (METRICS as Record<string, MetricDef>)[leaf]?.unit ?? FIELD_UNITS[leaf] ?? '-';
}

// ---------------------------------------------------------------------------------------------
// Header block (CSV) and meta fields (JSON)

/** The `# key: value` header block of a CSV export. */
export function headerLines(
  kind: string,
  meta: ExportMeta,
  body: Record<string, string | number | undefined>,
): string[] {
  const entries: [string, string | number][] = [
    ['scenario', meta.scenarioUrl],
    ['seed', meta.seed],
    ['app', `${APP_NAME} ${meta.version ?? APP_VERSION}`],
    ['commit', meta.commit ?? APP_COMMIT],
  ];
  if (meta.simulated) {
    entries.push(['run', runStatus(meta.simulated)]);
    entries.push(['simulated', `0 to ${Number(meta.simulated.t.toFixed(6))} s`]);
  }
  entries.push(['exported', meta.exported ?? new Date().toISOString()]);
  for (const [k, v] of Object.entries({ ...body, ...meta.extra }))
    if (v !== undefined) entries.push([k, v]);
  return [`# ${APP_NAME} export: ${kind}`, ...commentLines(entries)];
}

/** The meta fields of a JSON export, one `"key": value,` line each. */
export function metaJson(kind: string, meta: ExportMeta): string[] {
  const extra = meta.extra
    ? Object.entries(meta.extra).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`)
    : [];
  return [
    `  "app": ${JSON.stringify(APP_NAME)},`,
    `  "version": ${JSON.stringify(meta.version ?? APP_VERSION)},`,
    `  "commit": ${JSON.stringify(meta.commit ?? APP_COMMIT)},`,
    `  "export": ${JSON.stringify(kind)},`,
    ...(meta.simulated
      ? [
          `  "complete": ${meta.simulated.complete},`,
          `  "run": ${JSON.stringify(runStatus(meta.simulated))},`,
          `  "simulatedSeconds": ${jsonNumber(meta.simulated.t)},`,
          `  "durationSeconds": ${jsonNumber(meta.simulated.duration)},`,
        ]
      : []),
    `  "scenario": ${JSON.stringify(meta.scenarioUrl)},`,
    `  "seed": ${jsonNumber(meta.seed)},`,
    `  "exported": ${JSON.stringify(meta.exported ?? new Date().toISOString())},`,
    ...extra,
  ];
}
