/**
 * The languages the app speaks: one row each, read by the language picker, the `lang=` link
 * key, the catalogs' configuration (lingui.config.ts) and the tests. A new language is a row
 * here and its catalog `src/locales/<code>.po` (README, "Translating").
 */
export interface LocaleRow {
  /** BCP 47, as `lang=` and `<html lang>` write it. */
  code: string;
  /** The language's name in itself, as its speakers look for it in a list. */
  name: string;
  dir: 'ltr' | 'rtl';
  /** A language for testing only (accented, longer): in the link, not in the picker. */
  test?: boolean;
}

export const SOURCE = 'en';
/** Every message accented and about 40 % longer, to find clipped and untranslated text. */
export const PSEUDO = 'pseudo';

export const LOCALES: readonly LocaleRow[] = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'pt-BR', name: 'Português (Brasil)', dir: 'ltr' },
  { code: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
  { code: PSEUDO, name: 'Pseudo', dir: 'ltr', test: true },
];

export const LOCALE_CODES = LOCALES.map((l) => l.code);

export const localeRow = (code: string): LocaleRow =>
  LOCALES.find((l) => l.code === code) ?? LOCALES[0];

/**
 * The language to show for a list of wanted ones, best first (a link's `lang=`, the one this
 * browser chose before, the browser's languages): the first that matches a language exactly
 * (case aside), else by its first part (`es-MX` → Español, `pt` → Português (Brasil), `zh` →
 * 简体中文); English when none does. Test languages match only exactly.
 */
export function bestLocale(wanted: readonly (string | null | undefined)[]): string {
  for (const w of wanted) {
    if (!w) continue;
    const lower = w.trim().toLowerCase();
    const exact = LOCALES.find((l) => l.code.toLowerCase() === lower);
    if (exact) return exact.code;
    const base = lower.split(/[-_]/)[0];
    const near = LOCALES.find((l) => !l.test && l.code.toLowerCase().split('-')[0] === base);
    if (near) return near.code;
  }
  return SOURCE;
}
