/**
 * Numbers for people in the page's language (Intl): the decimal separator, the digits and the
 * percent sign's place are the language's ("2,51 %" in Spanish, "٢٫٥١٪" in Arabic). Files for
 * machines (CSV, JSON: src/io) stay locale-free.
 */
import { i18n } from '@lingui/core';
import { PSEUDO, SOURCE } from './locales';

/** The language Intl formats in: the page's (the pseudo-locale's numbers are English). */
export const numberLocale = (locale = i18n.locale): string =>
  !locale || locale === PSEUDO ? SOURCE : locale;

const cache = new Map<string, Intl.NumberFormat>();
function format(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.NumberFormat(locale, options)));
  return f;
}

/** `v` with at most `digits` decimals (fewer where they are zeros). */
export const formatNumber = (v: number, digits = 3, locale = numberLocale()): string =>
  format(locale, { maximumFractionDigits: digits }).format(v);

/** `v` with exactly `digits` decimals, as `toFixed` writes them, in the page's language
 * ("0.500", "0,500"; no thousands separator: a clock's figures keep their width). */
export const formatFixed = (v: number, digits: number, locale = numberLocale()): string =>
  format(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(v);

/** A fraction (0.0251) as a percentage with `digits` decimals ("2.51%", "2,51 %"). */
export const formatPercent = (fraction: number, digits = 2, locale = numberLocale()): string =>
  format(locale, {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(fraction);
