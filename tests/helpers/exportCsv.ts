// Reads back what the lab's CSV exports write (src/ui/export/formats.ts): the `# key: value`
// header block, the header row and the rows, by the lab's CSV convention (src/io/csv.ts).
// The app never reads its exports; the tests do, to check that every value comes back exactly.
import { parseCsvRows, readCsvNumber, splitComments } from '../../src/io/csv';
import { DROP_REASONS } from '../../src/sim';

/** A column read from CSV: numbers when every field holds one (empty: NaN), else strings. */
export type CsvColumn = Float64Array | string[];

/** `key → value` of `# key: value` comment lines (the first `:` splits them). */
function readComments(comments: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of comments) {
    const m = /^#\s*([^:]+?)\s*:\s?(.*)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/**
 * The header and columns of a CSV body (after the comment block). A row of one empty field is
 * kept in a one-column table and dropped (a stray blank line) in a wider one.
 */
export function readCsvTable(body: string): {
  names: string[];
  rows: number;
  fields: string[][];
  columns: Record<string, CsvColumn>;
} {
  const records = parseCsvRows(body);
  const names = records.shift() ?? [];
  const fields =
    names.length > 1 ? records.filter((r) => !(r.length === 1 && r[0] === '')) : records;
  const columns: Record<string, CsvColumn> = {};
  names.forEach((name, j) => {
    const raw = fields.map((r) => r[j] ?? '');
    const nums = raw.map(readCsvNumber);
    columns[name] = nums.every((x) => x !== undefined) ? Float64Array.from(nums as number[]) : raw;
  });
  return { names, rows: fields.length, fields, columns };
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

/** Reads the header block `headerLines` wrote. */
function readMeta(comments: readonly string[]): ParsedMeta {
  const L = readComments(comments);
  const meta: ParsedMeta = { units: {}, lines: L };
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
  return meta;
}

export interface ParsedCsv {
  meta: ParsedMeta;
  /** Header order. */
  names: string[];
  rows: number;
  /** Numeric columns as Float64Array (empty field → NaN; reason names → codes), others as
   * strings. */
  columns: Record<string, CsvColumn>;
}

/**
 * Reads what seriesToCsv / metricsToCsv wrote: the `# key: value` header block, the header
 * row and the rows. A column whose every field is a number (or empty: NaN) becomes a
 * Float64Array; a `reason` column of drop reason names becomes their codes; others stay
 * strings.
 */
export function parseCsv(text: string, reasons: readonly string[] = DROP_REASONS): ParsedCsv {
  const { comments, body } = splitComments(text);
  const { names, rows, columns } = readCsvTable(body);
  const reason = columns.reason;
  if (Array.isArray(reason)) {
    const codes = reason.map((s) => readCsvNumber(s) ?? reasons.indexOf(s));
    if (codes.every((c) => c !== -1)) columns.reason = Float64Array.from(codes);
  }
  return { meta: readMeta(comments), names, rows, columns };
}
