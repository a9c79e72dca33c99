// Writes src/ui/metricMessages.ts: the name of every metric the page shows (the metric tiles,
// Compare's A/B table, the challenges) as a Lingui message descriptor (id, English, a comment
// with the metric's definition), for `lingui extract` to list in the catalogs. The page never
// imports that file: it reads the English from the model's table of metrics
// (src/sim/metrics/table.ts, also the CLI's, which stays English) and the translation by the
// same id (src/ui/metricInfo.ts). Run by `npm run i18n:extract`; a unit test fails when the file
// is not what this script would write.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { METRIC_INFO, metricMessageId } from '../src/ui/metricInfo.ts';

const FILE = join(import.meta.dirname, '..', 'src', 'ui', 'metricMessages.ts');

/** The file's text. */
export function metricMessagesSource(): string {
  const rows = METRIC_INFO.map((m) => {
    if (/[{}]/.test(m.englishLabel)) throw new Error(`${m.key}: braces in "${m.englishLabel}"`);
    const comment =
      `The name of a measure of the run, on its tile and in the A/B table (short: a tile is ` +
      `narrow). It means: ${m.help}`;
    return `  /*i18n*/ { id: ${JSON.stringify(metricMessageId(m.key))}, message: ${JSON.stringify(m.englishLabel)}, comment: ${JSON.stringify(comment)} },`;
  });
  return [
    '// Written by scripts/metricMessages.ts (`npm run i18n:extract`); do not edit. Only the',
    "// catalogs' extraction reads it: the page takes these words from the model's metric table.",
    'export const METRIC_MESSAGES = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('metricMessages.ts')) {
  writeFileSync(FILE, metricMessagesSource());
  console.log(`${FILE}: written`);
}
