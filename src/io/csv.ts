/**
 * The lab's one CSV convention, used by every export and the sweep results (pure: no DOM, no
 * Node). Records are RFC 4180 as `d3-dsv` writes and reads them (a field holding a comma, a
 * quote or a line break is quoted, quotes doubled; rows end with "\n"; "\r\n" is read too).
 * A file may open with `# key: value` comment lines (pandas: `read_csv(path, comment='#')`).
 *
 * Numbers, read back bit for bit:
 * - a finite number is its shortest round-trip decimal (`String(n)`), −0 written `-0`;
 * - ±Infinity is `Infinity` / `-Infinity` (pandas, R and spreadsheets read these);
 * - NaN is an empty field (every CSV reader's missing number); `NaN` is read as NaN too.
 */
import { csvFormatRows, csvParseRows } from 'd3-dsv';

/** The CSV text of a number by the rule above. */
export function csvNumber(v: number): string {
  if (Number.isNaN(v)) return '';
  if (v === 0 && 1 / v < 0) return '-0';
  return String(v);
}

const NUMBER_RE = /^[-+]?(?:\d+\.?\d*(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?|Infinity)$/i;

/** The number a CSV field holds by the rule above, or undefined when it holds none. */
export function readCsvNumber(s: string): number | undefined {
  if (s === '' || s === 'NaN') return NaN;
  return NUMBER_RE.test(s) ? Number(s) : undefined;
}

/** A table's text: a header row then the rows, each ending with "\n". A row whose only field
 * is empty is written as a blank line, which `parseCsvRows` reads back as that row. */
export function formatCsvRows(rows: readonly (readonly string[])[]): string {
  return rows.length === 0 ? '' : csvFormatRows(rows as string[][]) + '\n';
}

/** The records of CSV text (the header row first). */
export function parseCsvRows(text: string): string[][] {
  return csvParseRows(text);
}

/** `# key: value` lines (each value on one line), for the comment block of a file. */
export function commentLines(entries: readonly [string, string | number][]): string[] {
  return entries.map(([k, v]) => `# ${k}: ${String(v).replace(/[\r\n]+/g, ' ')}`);
}

/** The comment block (`#` lines and blank lines before the first record) and the rest. */
export function splitComments(text: string): { comments: string[]; body: string } {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const comments: string[] = [];
  while (pos < text.length) {
    const end = text.indexOf('\n', pos);
    const line = (end < 0 ? text.slice(pos) : text.slice(pos, end)).replace(/\r$/, '');
    if (line.startsWith('#')) comments.push(line);
    else if (line.trim() !== '') break;
    pos = end < 0 ? text.length : end + 1;
  }
  return { comments, body: text.slice(pos) };
}
