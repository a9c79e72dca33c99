/**
 * Export formats of the lab's series and metrics (pure: no DOM): CSV with a commented header
 * block, and JSON, both by the lab's one convention for records and numbers (src/io: every
 * float64 reads back bit for bit; in CSV NaN is an empty field, −0 is "-0", ±Infinity is
 * "Infinity"/"-Infinity"; in JSON NaN is null, ±Infinity is ±1e999, −0 is -0). Every export
 * carries the scenario URL that reproduces the run, its seed, the app version and the export
 * time (meta.ts).
 */
import { DROP_REASONS } from '../../sim';
import { csvNumber, formatCsvRows } from '../../io/csv';
import { jsonNumber, stringifyJson } from '../../io/json';
import type { ExportMeta } from './meta';
import { TCP_EVENT_LEGEND, headerLines, metaJson, metricUnit, unitOf } from './meta';
import type { Column, TableLike } from './table';
import { isStringColumn } from './table';

/** Row i of a column as the exports give it: a number, or text (reason codes as names, a
 * missing cell as ""). The CSV writes it (cellText); the views' data tables show it
 * (dataTable.ts). */
export function cellValue(
  name: string,
  col: Column,
  i: number,
  reasons: readonly string[],
): string | number {
  const v = col[i];
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (name === 'reason' && Number.isInteger(v) && v >= 0) return reasons[v] ?? String(v);
  return v;
}

/** Text of row i of a column in CSV (reason codes as names). */
function cellText(name: string, col: Column, i: number, reasons: readonly string[]): string {
  const v = cellValue(name, col, i, reasons);
  return typeof v === 'number' ? csvNumber(v) : v;
}

/**
 * A table as CSV: a commented header block (scenario URL, seed, app version, export time,
 * columns with units), the header row, then one line per row. The loss table's `reason` is
 * written as its name (DROP_REASONS).
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
    kind: names.includes('kind') ? TCP_EVENT_LEGEND : undefined,
  });
  const cols = names.map((n) => table.cols[n]);
  const rows: string[][] = [names];
  for (let i = 0; i < table.rows; i++)
    rows.push(cols.map((col, j) => cellText(names[j], col, i, reasons)));
  return lines.join('\n') + '\n' + formatCsvRows(rows);
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
  const body = stringifyJson(metrics, 2).replace(/\n/g, '\n  ');
  return ['{', ...metaJson('metrics', meta), `  "metrics": ${body}`, '}', ''].join('\n');
}

/** All metrics as CSV rows `metric,value,unit` (nested ones flattened: "perConnection[0].goodputMbps"). */
export function metricsToCsv(metrics: object, meta: ExportMeta): string {
  const flat = flattenMetrics(metrics);
  const lines = headerLines('metrics', meta, {
    table: 'metrics',
    rows: flat.length,
    columns: 'metric (name), value (see unit), unit (name)',
  });
  const rows: string[][] = [['metric', 'value', 'unit']];
  for (const [k, v] of flat)
    rows.push([k, typeof v === 'number' ? csvNumber(v) : String(v), metricUnit(k)]);
  return lines.join('\n') + '\n' + formatCsvRows(rows);
}
