// The app's translation catalogs (Lingui): every message is declared where it is used, as a
// descriptor with an explicit id, its English text and a comment for the translator
// (src/i18n/README in the README's "Translating" section). `npm run i18n:extract` writes them
// into one PO file per language; the app loads a language's file when it is chosen.
import type { LinguiConfig } from '@lingui/conf';
import { poWithIds } from './scripts/linguiPo.ts';
import { LOCALE_CODES, SOURCE } from './src/i18n/locales.ts';

// The words whose English lives with their data (src/i18n/sourceWords.ts): the lessons' files,
// the model's tables of metrics and settings. Their lists of messages are written by
// `npm run i18n:extract` (scripts/*Messages.ts).
const DATA_MESSAGES = [
  'src/ui/lessons/lessonMessages.ts',
  'src/ui/metricMessages.ts',
  'src/ui/controls/settingMessages.ts',
];

const config: LinguiConfig = {
  sourceLocale: SOURCE,
  locales: [...LOCALE_CODES],
  // The pseudo-locale is an ordinary catalog, written by `npm run i18n:extract`
  // (scripts/pseudoCatalog.ts): Lingui's own only accents the letters, and a clipped label shows
  // only when the text is also longer.
  // A message a language lacks is shown in English (the strict compile fails CI first).
  fallbackLocales: { default: SOURCE },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: DATA_MESSAGES.map((f) => `<rootDir>/${f}`),
    },
    // The words of the data: English where they live, so the English page needs no catalog of
    // them (its first screen carries no second copy); another language loads its own.
    {
      path: '<rootDir>/src/locales/data/{locale}',
      include: DATA_MESSAGES.map((f) => `<rootDir>/${f}`),
    },
  ],
  format: poWithIds(),
  orderBy: 'messageId',
};
export default config;
