/**
 * The page's language: Lingui's `i18n`, with the chosen language's catalog loaded (each
 * language's catalog is its own file, fetched when that language is chosen; the service
 * worker keeps them all for offline use). `<html lang dir>` follow it, so a screen reader
 * speaks the right language and an Arabic page lays out right to left.
 */
import { i18n, type Messages } from '@lingui/core';
import { SOURCE, localeRow } from './locales';
import { numberLocale } from './numbers';

/** Each catalog, compiled by Lingui's Vite plugin from its PO file: English with the page
 * (the build keeps only the ids in the code: scripts/i18nDescriptors.ts), the others when
 * chosen. */
const ENGLISH = import.meta.glob<{ messages: Messages }>('../locales/en.po', { eager: true });
const CATALOGS = import.meta.glob<{ messages: Messages }>(['../locales/*.po', '!**/en.po']);
/** The words whose English lives with their data (the lessons' files, the model's tables of
 * metrics and settings: src/i18n/sourceWords.ts), other languages only: an English page reads
 * them where they live. */
const DATA = import.meta.glob<{ messages: Messages }>(['../locales/data/*.po', '!**/en.po']);

/** The last language asked for: a catalog that arrives after a later choice is not shown. */
let asked = 0;

/** Loads `code`'s catalog (English if it has none) and makes it the page's language. */
export async function activateLocale(code: string): Promise<void> {
  const row = localeRow(code);
  const mine = ++asked;
  const english = ENGLISH[`../locales/${SOURCE}.po`];
  const load = CATALOGS[`../locales/${row.code}.po`];
  const data = DATA[`../locales/data/${row.code}.po`];
  const [app, more] = await Promise.all([
    load ? load() : english,
    data ? data() : { messages: {} },
  ]);
  const messages = { ...app.messages, ...more.messages };
  if (mine !== asked) return;
  // Numbers, plurals and dates (Intl) follow the language; the pseudo-locale's are English.
  i18n.loadAndActivate({
    locale: row.code,
    locales: [numberLocale(row.code)],
    messages,
  });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = numberLocale(row.code);
    document.documentElement.dir = row.dir;
  }
}

export { i18n };
