// Writes src/ui/controls/settingMessages.ts: the name of every setting (each scenario key's
// label) and of every group of settings as a Lingui message descriptor (id, English, a comment
// with the key's help text), for `lingui extract` to list in the catalogs. The page never
// imports that file: it reads the English from the model's schema (src/sim/scenario/schema.ts,
// also the CLI's and the URL messages', which stay English) and the translation by the same id
// (src/ui/controls/settingWords.ts). Run by `npm run i18n:extract`; a unit test fails when the
// file is not what this script would write.
import { join } from 'node:path';
import { GROUP_IDS, GROUP_TITLES, SCHEMA } from '../src/sim/index.ts';
import { groupMessageId, settingMessageId } from '../src/ui/controls/settingWords.ts';
import { descriptorRow, messageListSource, writeWhenRun } from './messageList.ts';

const FILE = join(import.meta.dirname, '..', 'src', 'ui', 'controls', 'settingMessages.ts');

/** The file's text. */
export function settingMessagesSource(): string {
  const rows = [
    ...GROUP_IDS.map((g) =>
      descriptorRow(
        groupMessageId(g),
        GROUP_TITLES[g],
        'The heading of a group of settings of the simulation, in the settings column (one word if possible).',
      ),
    ),
    ...Object.entries(SCHEMA).map(([key, def]) =>
      descriptorRow(
        settingMessageId(key),
        def.label,
        `The name of a setting of the simulation, beside its control in the settings column (short; keep symbols such as K, R, Z, α and abbreviations such as VC, MCR, EPD as they are). The URL key is \`${key}\`. It means: ${def.help}`,
      ),
    ),
  ];
  return messageListSource('settingMessages.ts', "the model's schema", 'SETTING_MESSAGES', rows);
}

writeWhenRun('settingMessages.ts', FILE, settingMessagesSource);
