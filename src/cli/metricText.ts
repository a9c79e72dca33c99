/**
 * The CLI's words for the metrics, from the metrics table (src/sim/metrics/table.ts): the rows
 * of `npm run sim`'s table and the `--metrics` option of `npm run sweep -- --help`.
 */
import type { Metrics } from '../sim';
import { METRICS, METRIC_KEYS, metricsWith } from '../sim';
import { DEFAULT_METRICS } from '../sweep';

/** The metric rows of `npm run sim`'s table: name and value, in the table's order for them. */
export const metricRows = (m: Metrics): string[][] =>
  metricsWith('cli').flatMap((k) => {
    const row = METRICS[k].cli;
    return row ? [[row.label, row.value(m)]] : [];
  });

/** `words` after `first`, wrapped at `width` columns, continued at column `indent`. */
function wrapAfter(first: string, indent: number, words: string[], width: number): string {
  const lines = [first];
  for (const w of words) {
    const last = lines.length - 1;
    if (lines[last].length + 1 + w.length <= width) lines[last] += ` ${w}`;
    else lines.push(' '.repeat(indent) + w);
  }
  return lines.join('\n');
}

/** The sweep's `--metrics` option: every metric of the table, in its order, with its note. */
export const metricsHelp = (): string =>
  wrapAfter(
    `  --metrics LIST             numeric metrics (default ${DEFAULT_METRICS.join(',')}):`,
    29,
    METRIC_KEYS.flatMap((k, i) => {
      const sep = i < METRIC_KEYS.length - 1 ? ',' : '';
      const note = METRICS[k].note;
      return note ? [k, ...`${note}${sep}`.split(' ')] : [`${k}${sep}`];
    }),
    96,
  );
