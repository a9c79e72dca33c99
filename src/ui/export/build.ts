/**
 * What each view exports, built from the run store (no React, no DOM except `location`):
 * file names, meta and contents. ExportMenu calls these; tests can too.
 */
import { PRESETS, parseScenario, toQuery } from '../../sim';
import type { RunStore } from '../data/runStore';
import { metricsToCsv, metricsToJson, seriesToCsv, tablesToJson } from './formats';
import type { ExportMeta } from './meta';
import { tcpEventName } from './meta';
import type { TableLike } from './table';
import { filterRows, mergeByTime } from './table';
import { toXplot } from './xplot';
import type { ExportView } from './titles';

export type { ExportView } from './titles';
export { VIEW_TITLES } from './titles';
export type ExportFormat = 'csv' | 'json' | 'png' | 'svg' | 'xplot';

export interface ExportFile {
  name: string;
  mime: string;
  data: string | Blob;
}

export const MIME: Record<ExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  json: 'application/json',
  png: 'image/png',
  svg: 'image/svg+xml',
  xplot: 'text/plain;charset=utf-8',
};

const EXT: Record<ExportFormat, string> = {
  csv: 'csv',
  json: 'json',
  png: 'png',
  svg: 'svg',
  xplot: 'xpl',
};

/** The preset whose scenario the query is, or null for a custom scenario. */
export function presetOf(query: string): string | null {
  for (const p of PRESETS) {
    if (toQuery(parseScenario(`preset=${p.name}`).scenario) === query) return p.name;
  }
  return null;
}

/** The scenario URL of the store's run on this page, its seed, the reason names and the
 * simulated time the export covers (the run's clock, and whether the run had ended). */
export function exportMeta(
  store: RunStore,
  loc: { origin: string; pathname: string } = window.location,
): ExportMeta {
  const info = store.info;
  if (!info) throw new Error('no run to export yet');
  return {
    scenarioUrl: `${loc.origin}${loc.pathname}?${info.query}`,
    seed: info.scenario.seed,
    reasons: info.reasons,
    simulated: {
      t: Math.min(store.t, info.durationSeconds),
      duration: info.durationSeconds,
      complete: store.done,
    },
  };
}

/** `tcp-atm-<view>-<preset or custom>-seed<N>[-tcp<k>].<ext>`. */
export function fileName(
  store: RunStore,
  view: ExportView,
  format: ExportFormat,
  conn?: number,
): string {
  const info = store.info;
  const preset = info ? (presetOf(info.query) ?? 'custom') : 'none';
  const seed = info?.scenario.seed ?? 0;
  const tcp = conn !== undefined && conn >= 0 ? `-tcp${conn + 1}` : '';
  return `tcp-atm-${view}-${preset}-seed${seed}${tcp}.${EXT[format]}`;
}

/** The connection a time-sequence export covers (undefined: all). */
function connOf(store: RunStore, selectedConn?: number): number | undefined {
  const n = store.info?.nConn ?? 0;
  return selectedConn !== undefined && selectedConn >= 0 && selectedConn < n
    ? selectedConn
    : undefined;
}

/** The latest buffer snapshot as a table with one row per VC. */
export function perVcTable(store: RunStore): TableLike {
  const info = store.info;
  const buf = store.buffer;
  const n = info?.nVc ?? 0;
  const t = new Float64Array(n).fill(store.t);
  const vc = Int32Array.from({ length: n }, (_, i) => i);
  const Xi = new Float64Array(n);
  const limit = new Float64Array(n).fill(NaN);
  const X = new Float64Array(n);
  const Na = new Float64Array(n);
  const fairShare = new Float64Array(n);
  const background = new Float64Array(n);
  if (buf) {
    const bg = buf.xi[n] ?? 0;
    const fair = buf.na > 0 ? (buf.X - bg) / buf.na : 0;
    for (let i = 0; i < n; i++) {
      Xi[i] = buf.xi[i];
      limit[i] = buf.limits[i];
      X[i] = buf.X;
      Na[i] = buf.na;
      fairShare[i] = fair;
      background[i] = bg;
    }
  }
  return {
    rows: buf ? n : 0,
    cols: { t, vc, Xi, limit, fairShare, X, Na, background },
  };
}

/** The time-sequence view's tables, of one connection or all. */
function timeSeqTables(store: RunStore, conn: number | undefined): Record<string, TableLike> {
  const pick = (name: 'segments' | 'acks' | 'tcpEvents' | 'stalls') => {
    const c = store.column(name, 'conn');
    return filterRows(store.tables[name], conn === undefined ? undefined : (i) => c[i] === conn);
  };
  return {
    segments: pick('segments'),
    acks: pick('acks'),
    tcpEvents: pick('tcpEvents'),
    stalls: pick('stalls'),
  };
}

/** The tables behind a view's data export. */
export function viewTables(
  store: RunStore,
  view: Exclude<ExportView, 'metrics'>,
  selectedConn?: number,
): Record<string, TableLike> {
  const T = store.tables;
  switch (view) {
    case 'queue':
    case 'occupancy':
      return { queue: T.queue };
    case 'cwnd':
      return { cwnd: T.cwnd };
    case 'pervc':
      return { pervc: perVcTable(store) };
    case 'loss':
      return { loss: T.loss, dead: T.dead };
    case 'timeseq':
      return timeSeqTables(store, connOf(store, selectedConn));
  }
}

/** One CSV table of a view: a single table as is; several merged by time with an `event`
 * column (time-sequence: segment / ack / timeout / …; losses: drop / dead). */
export function viewCsvTable(
  store: RunStore,
  view: Exclude<ExportView, 'metrics'>,
  selectedConn?: number,
): { name: string; table: TableLike } {
  const tables = viewTables(store, view, selectedConn);
  if (view === 'timeseq') {
    const ev = tables.tcpEvents;
    const kind = ev.cols.kind;
    return {
      name: 'timeseq',
      table: mergeByTime([
        { event: 'segment', table: tables.segments },
        { event: 'ack', table: tables.acks },
        { event: (i) => tcpEventName(+kind[i]) ?? `event-${kind[i]}`, table: ev, omit: ['kind'] },
        { event: 'stall', table: tables.stalls },
      ]),
    };
  }
  if (view === 'loss') {
    return {
      name: 'loss',
      table: mergeByTime([
        { event: 'drop', table: tables.loss },
        { event: 'dead', table: tables.dead },
      ]),
    };
  }
  const [name, table] = Object.entries(tables)[0];
  return { name, table };
}

/** The data export (CSV or JSON) of a view. */
export function dataFile(
  store: RunStore,
  view: ExportView,
  format: 'csv' | 'json',
  selectedConn?: number,
  meta: ExportMeta = exportMeta(store),
): ExportFile {
  const conn = view === 'timeseq' ? connOf(store, selectedConn) : undefined;
  const m: ExportMeta =
    conn !== undefined
      ? { ...meta, extra: { ...meta.extra, connection: `TCP ${conn + 1}` } }
      : meta;
  let data: string;
  if (view === 'metrics') {
    if (!store.metrics) throw new Error('no metrics yet');
    data = format === 'csv' ? metricsToCsv(store.metrics, m) : metricsToJson(store.metrics, m);
  } else if (format === 'csv') {
    const { name, table } = viewCsvTable(store, view, conn);
    data = seriesToCsv(name, table, m);
  } else {
    data = tablesToJson(viewTables(store, view, conn), m, view);
  }
  return { name: fileName(store, view, format, conn), mime: MIME[format], data };
}

/** The time-sequence plot of one connection (the selected one, else the first) for xplot. */
export function xplotFile(
  store: RunStore,
  selectedConn?: number,
  meta: ExportMeta = exportMeta(store),
): ExportFile {
  const conn = connOf(store, selectedConn) ?? 0;
  const T = store.tables;
  return {
    name: fileName(store, 'timeseq', 'xplot', conn),
    mime: MIME.xplot,
    data: toXplot(T.segments, T.acks, T.tcpEvents, conn, meta),
  };
}
