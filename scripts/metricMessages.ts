// Writes src/ui/metricMessages.ts: the name of every metric the page shows (the metric tiles,
// Compare's A/B table, the challenges) as a Lingui message descriptor (id, English, a comment
// with the metric's definition), for `lingui extract` to list in the catalogs. The page never
// imports that file: it reads the English from the model's table of metrics
// (src/sim/metrics/table.ts, also the CLI's, which stays English) and the translation by the
// same id (src/ui/metricInfo.ts). Run by `npm run i18n:extract`; a unit test fails when the file
// is not what this script would write.
import { join } from 'node:path';
import { METRIC_INFO, metricMessageId } from '../src/ui/metricInfo.ts';
import { descriptorRow, messageListSource, writeWhenRun } from './messageList.ts';

const FILE = join(import.meta.dirname, '..', 'src', 'ui', 'metricMessages.ts');

/** The file's text. */
export function metricMessagesSource(): string {
  const rows = METRIC_INFO.map((m) => {
    const comment =
      `The name of a measure of the run, on its tile and in the A/B table (short: a tile is ` +
      `narrow). It means: ${m.help}`;
    return descriptorRow(metricMessageId(m.key), m.englishLabel, comment);
  });
  return messageListSource(
    'metricMessages.ts',
    "the model's metric table",
    'METRIC_MESSAGES',
    rows,
  );
}

writeWhenRun('metricMessages.ts', FILE, metricMessagesSource);
