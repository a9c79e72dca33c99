/**
 * Which language the page speaks: the link's `lang=`, else the one this browser chose before,
 * else the browser's own languages, else English (src/i18n/locales.ts `bestLocale`). A
 * language chosen in the picker or carried by a link is remembered.
 */
import { useEffect } from 'react';
import { useLingui } from '@lingui/react';
import { activateLocale, i18n } from '../../i18n/activate';
import { bestLocale } from '../../i18n/locales';
import { readChoice, writeChoice } from '../data/browserStorage';

export const LANG_KEY = 'tal:lang';

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/** The language for a link's `lang` (null: none in the link). */
export const pageLocale = (lang: string | null): string =>
  bestLocale([lang, readChoice(LANG_KEY), ...browserLanguages()]);

/** Before the first render: the page's language, its catalog loaded. */
export function startLanguage(search: string): Promise<void> {
  return activateLocale(pageLocale(new URLSearchParams(search).get('lang')));
}

/**
 * Follows the link's `lang`: loads and activates the language it names (remembered), and
 * returns the language on show (the picker's value), which changes once its catalog is in.
 */
export function useLanguage(lang: string | null): string {
  // Draws again when the language changes.
  const { i18n: shown } = useLingui();
  const want = pageLocale(lang);
  useEffect(() => {
    if (lang !== null) writeChoice(LANG_KEY, want);
    if (i18n.locale !== want) void activateLocale(want);
  }, [lang, want]);
  return shown.locale;
}
