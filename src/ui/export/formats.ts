/**
 * Export formats of the lab's series and metrics (pure: no DOM). Every export carries the
 * scenario URL that reproduces the run, its seed, the app version and the export time.
 *
 * Numbers are written losslessly: `String(n)` is JavaScript's shortest round-trip form, so
 * `Number(text)` reads back the same float64 bit for bit (NaN is written as an empty CSV
 * field or JSON null, −0 as "-0", ±Infinity as "Infinity" in CSV and ±1e999 in JSON).
 */
import { DROP_REASONS } from '../../sim';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../../version';

export { APP_COMMIT, APP_NAME, APP_VERSION };

/** Kinds of the tcpEvents table (TcpEvent in src/sim/tcp/sender.ts). */
export const TCP_EVENT_NAMES: Record<number, string> = {
  1: 'timeout',
  2: 'fast-retransmit',
  3: 'abort',
};

export type NumericColumn =
  | Float64Array
  | Float32Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Int8Array
  | Uint8Array
  | readonly number[];
export type Column = NumericColumn | readonly string[];

/** What the exports read of a table: a SeriesTable or a drained ColumnBatch-like object. Only
 * the first `rows` entries of each column are valid. */
export interface TableLike {
  rows: number;
  cols: Record<string, Column>;
  /** Times the table was thinned to half (SeriesTable past its cap); 0 = every row. */
  thinned?: number;
}

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

export interface SimulatedSpan {
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

export interface ParsedMeta {
  scenario?: string;
  seed?: number;
  /** The `app` line, e.g. "tcp-over-atm-lab 0.1.0". */
  app?: string;
  version?: string;
  commit?: string;
  /** From the `run` line: complete or incomplete, and the simulated time covered. */
  complete?: boolean;
  simulatedSeconds?: number;
  durationSeconds?: number;
  exported?: string;
  table?: string;
  rows?: number;
  thinned?: number;
  /** Unit of each column, from the `columns` line. */
  units: Record<string, string>;
  /** Every `# key: value` line, as written. */
  lines: Record<string, string>;
}

export interface ParsedCsv {
  meta: ParsedMeta;
  /** Header order. */
  names: string[];
  rows: number;
  /** Numeric columns as Float64Array (empty field → NaN; reason names → codes), others as
   * strings. */
  columns: Record<string, Float64Array | string[]>;
}

// ---------------------------------------------------------------------------------------------
// Units

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

/** Unit of a series column: time in s, sequence numbers and windows in bytes, buffer
 * occupancies in cells. */
export function unitOf(column: string): string {
  if (/^vc\d+$/.test(column)) return 'cells';
  return UNITS[column] ?? '-';
}

/** Unit of a flattened metric key (e.g. "perConnection[2].goodputMbps"). */
export function metricUnit(key: string): string {
  const leaf = key.slice(key.lastIndexOf('.') + 1);
  if (leaf.endsWith('Mbps')) return 'Mbit/s';
  if (/Seconds(Mean|Worst)?$/.test(leaf)) return 's';
  if (
    /^(timeouts|fastRetransmits|deadlocks|segmentsSent|segmentsRetransmitted|bufferEmptyEpisodes|receiveGaps)$/.test(
      leaf,
    )
  )
    return 'count';
  return 'ratio';
}

// ---------------------------------------------------------------------------------------------
// Number and field formatting

/** Lossless CSV text of a number (shortest round trip; NaN as an empty field). */
export function csvNumber(v: number): string {
  if (Number.isNaN(v)) return '';
  if (v === 0 && 1 / v < 0) return '-0';
  return String(v);
}

/** Lossless JSON text of a number: NaN → null, ±Infinity → ±1e999 (valid JSON that parses
 * back to ±Infinity), −0 → -0. */
export function jsonNumber(v: number): string {
  if (Number.isNaN(v)) return 'null';
  if (v === Infinity) return '1e999';
  if (v === -Infinity) return '-1e999';
  if (v === 0 && 1 / v < 0) return '-0';
  return String(v);
}

function csvField(s: string): string {
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A comment line's value on one line. */
function oneLine(s: string): string {
  return s.replace(/[\r\n]+/g, ' ');
}

const isStringColumn = (c: Column): c is readonly string[] =>
  Array.isArray(c) && c.length > 0 && typeof c[0] === 'string';

/** Text of row i of a column (reason codes as names). */
function cellText(name: string, col: Column, i: number, reasons: readonly string[]): string {
  const v = col[i];
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (name === 'reason' && Number.isInteger(v) && v >= 0) return reasons[v] ?? String(v);
  return csvNumber(v);
}

// ---------------------------------------------------------------------------------------------
// Header block

function headerLines(
  kind: string,
  meta: ExportMeta,
  body: Record<string, string | number | undefined>,
): string[] {
  const out = [
    `# ${APP_NAME} export: ${kind}`,
    `# scenario: ${oneLine(meta.scenarioUrl)}`,
    `# seed: ${meta.seed}`,
    `# app: ${APP_NAME} ${meta.version ?? APP_VERSION}`,
    `# commit: ${meta.commit ?? APP_COMMIT}`,
  ];
  if (meta.simulated) {
    out.push(`# run: ${runStatus(meta.simulated)}`);
    out.push(`# simulated: 0 to ${Number(meta.simulated.t.toFixed(6))} s`);
  }
  out.push(`# exported: ${meta.exported ?? new Date().toISOString()}`);
  for (const [k, v] of Object.entries({ ...body, ...meta.extra })) {
    if (v !== undefined) out.push(`# ${k}: ${oneLine(String(v))}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Series → CSV / JSON

/**
 * A table as CSV: a commented header block (scenario URL, seed, app version, export time,
 * columns with units), the header row, then one line per row. The loss table's `reason` is
 * written as its name (DROP_REASONS); parseCsv reads it back as the code.
 */
export function seriesToCsv(name: string, table: TableLike, meta: ExportMeta): string {
  const names = Object.keys(table.cols);
  const reasons = meta.reasons ?? DROP_REASONS;
  const lines = headerLines(`table ${name}`, meta, {
    table: name,
    rows: table.rows,
    thinned: table.thinned
      ? `${table.thinned} (past the app's row cap the table keeps every other row, and every retransmission and drop)`
      : undefined,
    columns: names.map((n) => `${n} (${unitOf(n)})`).join(', '),
    kind: names.includes('kind') ? '1 = timeout; 2 = fast retransmit; 3 = abort' : undefined,
  });
  lines.push(names.map(csvField).join(','));
  const cols = names.map((n) => table.cols[n]);
  const row: string[] = new Array(names.length);
  for (let i = 0; i < table.rows; i++) {
    for (let j = 0; j < cols.length; j++)
      row[j] = csvField(cellText(names[j], cols[j], i, reasons));
    lines.push(row.join(','));
  }
  return lines.join('\n') + '\n';
}

function columnJson(name: string, col: Column, rows: number, reasons: readonly string[]): string {
  const parts: string[] = new Array(rows);
  if (isStringColumn(col)) {
    for (let i = 0; i < rows; i++) parts[i] = JSON.stringify(col[i] ?? '');
  } else if (name === 'reason') {
    for (let i = 0; i < rows; i++) {
      const v = col[i] as number;
      parts[i] = Number.isNaN(v) ? 'null' : JSON.stringify(reasons[v] ?? String(v));
    }
  } else {
    for (let i = 0; i < rows; i++) parts[i] = jsonNumber(col[i] as number);
  }
  return `[${parts.join(',')}]`;
}

function tableJson(table: TableLike, reasons: readonly string[], indent: string): string {
  const names = Object.keys(table.cols);
  const units: Record<string, string> = {};
  for (const n of names) units[n] = unitOf(n);
  const cols = names.map(
    (n) =>
      `${indent}    ${JSON.stringify(n)}: ${columnJson(n, table.cols[n], table.rows, reasons)}`,
  );
  return [
    '{',
    `${indent}  "rows": ${table.rows},`,
    `${indent}  "thinned": ${table.thinned ?? 0},`,
    `${indent}  "units": ${JSON.stringify(units)},`,
    `${indent}  "columns": {`,
    cols.join(',\n'),
    `${indent}  }`,
    `${indent}}`,
  ].join('\n');
}

function metaJson(kind: string, meta: ExportMeta): string[] {
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

/** A table as JSON: the run's meta, then `columns` (name → array of values, column-major). */
export function seriesToJson(name: string, table: TableLike, meta: ExportMeta): string {
  return tablesToJson({ [name]: table }, meta, name);
}

/** Several tables of one view (e.g. segments, acks and TCP events) in one JSON document:
 * `{ app, version, scenario, seed, exported, reasons, tables: { name: { rows, units,
 * columns } } }`. */
export function tablesToJson(
  tables: Record<string, TableLike>,
  meta: ExportMeta,
  kind = Object.keys(tables).join('+'),
): string {
  const reasons = meta.reasons ?? DROP_REASONS;
  const body = Object.entries(tables).map(
    ([n, t]) => `    ${JSON.stringify(n)}: ${tableJson(t, reasons, '    ')}`,
  );
  return [
    '{',
    ...metaJson(kind, meta),
    `  "reasons": ${JSON.stringify(reasons)},`,
    '  "tables": {',
    body.join(',\n'),
    '  }',
    '}',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Metrics

type Json = number | string | boolean | null | Json[] | { [k: string]: Json } | undefined;

/** JSON text with lossless numbers (see jsonNumber). */
export function toJsonText(v: unknown, indent = ''): string {
  if (typeof v === 'number') return jsonNumber(v);
  if (v === null || v === undefined) return 'null';
  if (typeof v !== 'object') return JSON.stringify(v);
  const inner = `${indent}  `;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) {
    const xs = Array.from(v as ArrayLike<unknown>);
    if (xs.length === 0) return '[]';
    if (xs.every((x) => typeof x !== 'object' || x === null))
      return `[${xs.map((x) => toJsonText(x)).join(', ')}]`;
    return `[\n${xs.map((x) => inner + toJsonText(x, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(v as Record<string, Json>).filter(([, x]) => x !== undefined);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${toJsonText(x, inner)}`).join(',\n')}\n${indent}}`;
}

/** Flattens nested metrics to `key → number` ("perVc[1].ratio"). */
export function flattenMetrics(m: object, prefix = '', out: [string, unknown][] = []) {
  for (const [k, v] of Object.entries(m)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) {
      v.forEach((x, i) => {
        if (x !== null && typeof x === 'object') flattenMetrics(x as object, `${key}[${i}]`, out);
        else out.push([`${key}[${i}]`, x]);
      });
    } else if (v !== null && typeof v === 'object') flattenMetrics(v as object, key, out);
    else out.push([key, v]);
  }
  return out;
}

/** All metrics (run-wide, perConnection, perVc) as JSON, with the run's meta. */
export function metricsToJson(metrics: object, meta: ExportMeta): string {
  return [
    '{',
    ...metaJson('metrics', meta),
    `  "metrics": ${toJsonText(metrics, '  ')}`,
    '}',
    '',
  ].join('\n');
}

/** All metrics as CSV rows `metric,value,unit` (nested ones flattened: "perConnection[0].goodputMbps"). */
export function metricsToCsv(metrics: object, meta: ExportMeta): string {
  const flat = flattenMetrics(metrics);
  const lines = headerLines('metrics', meta, {
    table: 'metrics',
    rows: flat.length,
    columns: 'metric (name), value (see unit), unit (name)',
  });
  lines.push('metric,value,unit');
  for (const [k, v] of flat) {
    const val = typeof v === 'number' ? csvNumber(v) : String(v);
    lines.push(`${csvField(k)},${csvField(val)},${csvField(metricUnit(k))}`);
  }
  return lines.join('\n') + '\n';
}

// ---------------------------------------------------------------------------------------------
// Merging event tables (one CSV for views that draw several tables)

export interface EventSource {
  /** Name written in the `event` column (or per row). */
  event: string | ((i: number) => string);
  table: TableLike;
  /** Rows to keep (default all). */
  keep?: (i: number) => boolean;
  /** Columns left out (e.g. a code the event name already says). */
  omit?: string[];
}

/**
 * Merges event tables into one, by time (stable: equal times keep the sources' order): the
 * columns `t`, `event`, then the union of the others; a column a source lacks is NaN (an
 * empty CSV field).
 */
export function mergeByTime(sources: EventSource[]): TableLike {
  const names: string[] = [];
  for (const s of sources) {
    for (const n of Object.keys(s.table.cols)) {
      if (n !== 't' && !s.omit?.includes(n) && !names.includes(n)) names.push(n);
    }
  }
  const picks: { s: number; i: number; t: number }[] = [];
  sources.forEach((s, si) => {
    const t = s.table.cols.t as NumericColumn;
    for (let i = 0; i < s.table.rows; i++)
      if (!s.keep || s.keep(i)) picks.push({ s: si, i, t: t[i] });
  });
  picks.sort((a, b) => a.t - b.t || a.s - b.s || a.i - b.i);
  const n = picks.length;
  const t = new Float64Array(n);
  const event: string[] = new Array(n);
  const cols: Record<string, Float64Array> = {};
  for (const name of names) cols[name] = new Float64Array(n).fill(NaN);
  let thinned = 0;
  for (const s of sources) thinned = Math.max(thinned, s.table.thinned ?? 0);
  picks.forEach((p, r) => {
    const src = sources[p.s];
    t[r] = p.t;
    event[r] = typeof src.event === 'string' ? src.event : src.event(p.i);
    for (const [name, col] of Object.entries(src.table.cols)) {
      const out = cols[name];
      if (out && name !== 't') out[r] = col[p.i] as number;
    }
  });
  return { rows: n, cols: { t, event, ...cols }, thinned };
}

/** Rows of `table` for which `keep` holds (all rows, trimmed to `rows`, without a filter). */
export function filterRows(table: TableLike, keep?: (i: number) => boolean): TableLike {
  const idx: number[] = [];
  for (let i = 0; i < table.rows; i++) if (!keep || keep(i)) idx.push(i);
  const cols: Record<string, Column> = {};
  for (const [name, col] of Object.entries(table.cols)) {
    if (isStringColumn(col) || Array.isArray(col)) {
      cols[name] = idx.map((i) => col[i]) as Column;
    } else {
      const Ctor = (col as Float64Array).constructor as new (n: number) => Float64Array;
      const out = new Ctor(idx.length);
      idx.forEach((i, r) => (out[r] = (col as Float64Array)[i]));
      cols[name] = out;
    }
  }
  return { rows: idx.length, cols, thinned: table.thinned };
}

// ---------------------------------------------------------------------------------------------
// CSV parsing

/** Splits CSV text (RFC 4180: quoted fields may hold commas, quotes and newlines) into rows. */
function csvRecords(text: string, from: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = from;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += c;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const NUMBER_RE = /^[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?|Infinity)$/i;

/**
 * Reads what seriesToCsv / metricsToCsv wrote: the `# key: value` header block, the header
 * row and the rows. A column whose every field is a number (or empty: NaN) becomes a
 * Float64Array; a `reason` column of drop reason names becomes their codes; others stay
 * strings.
 */
export function parseCsv(text: string, reasons: readonly string[] = DROP_REASONS): ParsedCsv {
  const meta: ParsedMeta = { units: {}, lines: {} };
  let pos = 0;
  if (text.charCodeAt(0) === 0xfeff) pos = 1;
  // Header block: comment lines (and blank lines) before the header row.
  for (;;) {
    const end = text.indexOf('\n', pos);
    const line = (end < 0 ? text.slice(pos) : text.slice(pos, end)).replace(/\r$/, '');
    if (line.startsWith('#')) {
      const m = /^#\s*([^:]+?)\s*:\s?(.*)$/.exec(line);
      if (m) meta.lines[m[1]] = m[2];
    } else if (line.trim() !== '') break;
    if (end < 0) {
      pos = text.length;
      break;
    }
    pos = end + 1;
  }
  const L = meta.lines;
  if (L.scenario !== undefined) meta.scenario = L.scenario;
  if (L.seed !== undefined) meta.seed = Number(L.seed);
  if (L.app !== undefined) {
    meta.app = L.app;
    const sp = L.app.lastIndexOf(' ');
    meta.version = sp >= 0 ? L.app.slice(sp + 1) : L.app;
  }
  if (L.commit !== undefined) meta.commit = L.commit;
  if (L.run !== undefined) {
    const m = /^(complete|incomplete) \(t = ([^ ]+) of ([^ ]+) s/.exec(L.run);
    if (m) {
      meta.complete = m[1] === 'complete';
      meta.simulatedSeconds = Number(m[2]);
      meta.durationSeconds = Number(m[3]);
    }
  }
  if (L.exported !== undefined) meta.exported = L.exported;
  if (L.table !== undefined) meta.table = L.table;
  if (L.rows !== undefined) meta.rows = Number(L.rows);
  if (L.thinned !== undefined) meta.thinned = parseInt(L.thinned, 10);
  if (L.columns !== undefined) {
    for (const m of L.columns.matchAll(/([^\s,()]+) \(([^)]*)\)/g)) meta.units[m[1]] = m[2];
  }

  const records = csvRecords(text, pos).filter((r) => !(r.length === 1 && r[0] === ''));
  const names = records.shift() ?? [];
  const rows = records.length;
  const columns: Record<string, Float64Array | string[]> = {};
  names.forEach((name, j) => {
    const raw = records.map((r) => r[j] ?? '');
    const numeric = raw.every((s) => s === '' || NUMBER_RE.test(s));
    if (numeric) {
      columns[name] = Float64Array.from(raw, (s) => (s === '' ? NaN : Number(s)));
      return;
    }
    if (name === 'reason') {
      const codes = raw.map((s) =>
        s === '' ? NaN : NUMBER_RE.test(s) ? Number(s) : reasons.indexOf(s),
      );
      if (codes.every((c) => c !== -1)) {
        columns[name] = Float64Array.from(codes);
        return;
      }
    }
    columns[name] = raw;
  });
  return { meta, names, rows, columns };
}

// ---------------------------------------------------------------------------------------------
// xplot (tcptrace) time-sequence graph

/** x coordinate as tcptrace writes a timeval: seconds and six digits of microseconds. */
export function xplotTime(t: number): string {
  const us = Math.round(t * 1e6);
  const s = Math.floor(us / 1e6);
  const frac = us - s * 1e6;
  return `${s}.${String(frac).padStart(6, '0')}`;
}

/** Keeps a title within the characters every xplot reader accepts. */
function xplotText(s: string): string {
  return s.replace(/[^A-Za-z0-9 !#$%&()+=|{}:;<>,.?/_@^-]/g, (c) =>
    Array.from(
      new TextEncoder().encode(c),
      (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    ).join(''),
  );
}

/**
 * One connection's time-sequence graph in the xplot format that tcptrace writes (read by
 * xplot, xplot.org and jPlot): `timeval double` coordinates, then
 * - the receive window edge (ack + advertised window) as a yellow step line,
 * - the cumulative ACK as a green step line,
 * - each segment sent as a white vertical line from seq to seq + len with arrow heads
 *   (`darrow` / `uarrow`), retransmissions red with an "R",
 * - retransmission timeouts (magenta ×, "RTO"), fast retransmits (orange ◇, "FR") and aborts
 *   (purple □), placed at the cumulative ACK of the moment,
 * and `go`.
 */
export function toXplot(
  segments: TableLike,
  acks: TableLike,
  tcpEvents: TableLike,
  conn: number,
  meta: ExportMeta,
): string {
  const out: string[] = [
    'timeval double',
    'title',
    xplotText(
      `TCP ${conn + 1} time-sequence graph - ${meta.scenarioUrl} - seed ${meta.seed}${meta.simulated ? ` - ${runStatus(meta.simulated)}` : ''} - ${APP_NAME} ${meta.version ?? APP_VERSION} (${meta.commit ?? APP_COMMIT})`,
    ),
    'xlabel',
    'time',
    'ylabel',
    'sequence number',
  ];
  const num = (tab: TableLike, c: string) => tab.cols[c] as NumericColumn;
  // ACK and window step lines.
  const at = num(acks, 't');
  const ac = num(acks, 'conn');
  const aa = num(acks, 'ack');
  const aw = num(acks, 'win');
  const ackT: number[] = [];
  const ackV: number[] = [];
  const winV: number[] = [];
  for (let i = 0; i < acks.rows; i++) {
    if (ac[i] !== conn) continue;
    ackT.push(at[i]);
    ackV.push(aa[i]);
    winV.push(aa[i] + aw[i]);
  }
  const step = (color: string, v: number[]) => {
    if (ackT.length === 0) return;
    out.push(color);
    let pt = ackT[0];
    let pv = v[0];
    for (let k = 1; k < ackT.length; k++) {
      if (v[k] === pv) continue;
      const x0 = xplotTime(pt);
      const x1 = xplotTime(ackT[k]);
      out.push(`line ${x0} ${pv} ${x1} ${pv}`);
      out.push(`line ${x1} ${pv} ${x1} ${v[k]}`);
      pt = ackT[k];
      pv = v[k];
    }
    // Hold the last level to the last ACK.
    const last = ackT[ackT.length - 1];
    if (last > pt) out.push(`line ${xplotTime(pt)} ${pv} ${xplotTime(last)} ${pv}`);
  };
  step('yellow', winV);
  step('green', ackV);

  // Segments: first transmissions white, then retransmissions red.
  const st = num(segments, 't');
  const sc = num(segments, 'conn');
  const sq = num(segments, 'seq');
  const sl = num(segments, 'len');
  const rx = num(segments, 'retx');
  for (const retx of [0, 1]) {
    let first = true;
    for (let i = 0; i < segments.rows; i++) {
      if (sc[i] !== conn || (rx[i] ? 1 : 0) !== retx) continue;
      if (first) {
        out.push(retx ? 'red' : 'white');
        first = false;
      }
      const x = xplotTime(st[i]);
      const lo = csvNumber(sq[i]);
      const hi = csvNumber(sq[i] + sl[i]);
      out.push(`darrow ${x} ${lo}`, `uarrow ${x} ${hi}`, `line ${x} ${lo} ${x} ${hi}`);
      if (retx) out.push(`rtext ${x} ${hi}`, 'R');
    }
  }

  // TCP events at the ACK level of the moment (or the first sequence number before any ACK).
  const et = num(tcpEvents, 't');
  const ec = num(tcpEvents, 'conn');
  const ek = num(tcpEvents, 'kind');
  let base = 0;
  for (let i = 0; i < segments.rows; i++) {
    if (sc[i] === conn) {
      base = sq[i];
      break;
    }
  }
  const style: Record<number, [string, string, string]> = {
    1: ['magenta', 'x', 'RTO'],
    2: ['orange', 'diamond', 'FR'],
    3: ['purple', 'box', 'abort'],
  };
  let k = 0;
  let color = '';
  for (let i = 0; i < tcpEvents.rows; i++) {
    if (ec[i] !== conn) continue;
    const s = style[ek[i]];
    if (!s) continue;
    while (k < ackT.length && ackT[k] <= et[i]) k++;
    const y = k > 0 ? ackV[k - 1] : base;
    if (s[0] !== color) {
      out.push(s[0]);
      color = s[0];
    }
    const x = xplotTime(et[i]);
    out.push(`${s[1]} ${x} ${y}`, `atext ${x} ${y}`, s[2]);
  }
  out.push('go');
  return out.join('\n') + '\n';
}
