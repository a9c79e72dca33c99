// The translation catalogs (src/locales/*.po, Lingui): every language complete, every message
// with its translator's comment, parsing as ICU with the English placeholders; the catalogs
// in step with the descriptors in the code; the pseudo-locale accented and longer; the
// language chosen for a browser; numbers in each language.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import * as prettier from 'prettier';
import { parse } from '@messageformat/parser';

type MessageFormatElement = ReturnType<typeof parse>[number] | { type: 'octothorpe' };
import { describe, expect, it } from 'vitest';
import { LOCALES, PSEUDO, SOURCE, bestLocale } from '../../../src/i18n/locales';
import { formatNumber, formatPercent } from '../../../src/i18n/numbers';
import { lessonMessagesSource } from '../../../scripts/lessonMessages';
import { metricMessagesSource } from '../../../scripts/metricMessages';
import { settingMessagesSource } from '../../../scripts/settingMessages';
import { pseudoMessage } from '../../../scripts/pseudoCatalog';

const root = join(__dirname, '../../..');
/** A language's messages: the app's catalog and the lessons' predictions'. */
const catalog = (code: string) => ({
  items: ['', 'data'].flatMap(
    (dir) => PO.parse(readFileSync(join(root, 'src/locales', dir, `${code}.po`), 'utf8')).items,
  ),
});

/** The names of a message's placeholders (`{title}`, a plural's `{count, plural, …}`). */
function placeholders(message: string): string[] {
  const out = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const e of els) {
      if (e.type === 'argument' || e.type === 'function') out.add(e.arg);
      if (e.type === 'plural' || e.type === 'select') {
        out.add(e.arg);
        for (const c of e.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...out].sort();
}

/** A message's words, without its placeholders and its ICU syntax (a plural's cases' words
 * kept). */
function wordsOf(message: string): string {
  let out = '';
  const walk = (els: MessageFormatElement[]) => {
    for (const e of els) {
      if (e.type === 'content') out += e.value;
      if (e.type === 'plural' || e.type === 'select') for (const c of e.cases) walk(c.tokens);
    }
  };
  walk(parse(message));
  return out;
}

const english = catalog(SOURCE).items;

describe('the catalogs', () => {
  it('English lists every message once, each with an id and a comment for the translator', () => {
    expect(english.length).toBeGreaterThan(60);
    const ids = english.map((i) => i.msgctxt);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of english) {
      expect(i.msgctxt, i.msgid).toMatch(/^[a-z][\w.+-]*$/i);
      expect(i.extractedComments.join(' ').length, i.msgctxt!).toBeGreaterThan(10);
    }
  });

  for (const l of LOCALES.filter((x) => x.code !== SOURCE))
    it(`${l.code}: every message translated, parsing as ICU, with the English placeholders`, () => {
      const items = new Map(catalog(l.code).items.map((i) => [i.msgctxt, i]));
      const problems: string[] = [];
      for (const en of english) {
        const t = items.get(en.msgctxt);
        const text = t?.msgstr[0] ?? '';
        if (!text) {
          problems.push(`${en.msgctxt}: missing`);
          continue;
        }
        if (t!.msgid !== en.msgid) problems.push(`${en.msgctxt}: translates an older English`);
        try {
          const want = placeholders(en.msgid);
          const got = placeholders(text);
          if (JSON.stringify(want) !== JSON.stringify(got))
            problems.push(`${en.msgctxt}: placeholders ${got} instead of ${want}`);
        } catch (e) {
          problems.push(`${en.msgctxt}: does not parse (${(e as Error).message})`);
        }
      }
      expect(items.size).toBe(english.length);
      expect(problems).toEqual([]);
    });

  it('the pseudo-locale: accented, in brackets, about 40 % longer, placeholders kept', () => {
    expect(pseudoMessage('Lessons')).toMatch(/^\[[^A-Za-z\s]{7}~+\]$/);
    expect(pseudoMessage('Vote again (round {round})')).toContain('{round}');
    expect(pseudoMessage('{count, plural, one {# timeout} other {# timeouts}}')).toMatch(
      /^\[\{count, plural, one \{# \S+\} other \{# \S+\}\}[~ ]*\]$/,
    );
    // A long message's padding wraps: words of at most 8 tildes.
    const long = pseudoMessage('A lesson walks you through one result at a time, cell by cell.');
    expect(long).toMatch(/(~{1,8} )+~{1,8}\]$/);
    expect(long).not.toMatch(/~{9}/);
    for (const i of catalog(PSEUDO).items) {
      const en = wordsOf(i.msgid);
      const ps = wordsOf(i.msgstr[0]);
      expect(ps.length, i.msgctxt!).toBeGreaterThanOrEqual(Math.floor(en.length * 1.35));
      // Its letters accented (pseudolocale leaves a few, such as V, as they are): English
      // words on a pseudo-locale page are words the code did not pass through the catalogs.
      const ascii = (t: string) => (t.match(/[A-Za-z]/g) ?? []).length;
      expect(ascii(ps), i.msgctxt!).toBeLessThanOrEqual(Math.ceil(ascii(en) * 0.1));
    }
  });

  it('holds exactly the descriptors the code declares', () => {
    // Every `/*i18n*/ { id: '…'` of src (the extraction's input) against the English catalog.
    const declared = new Set<string>();
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name))
          for (const m of readFileSync(p, 'utf8').matchAll(
            /\/\*i18n\*\/\s*\{\s*id:\s*(['"])(.+?)\1/g,
          ))
            declared.add(m[2]);
      }
    };
    walk(join(root, 'src'));
    expect([...declared].sort()).toEqual(english.map((i) => i.msgctxt).sort());
  });

  // The lists of the words whose English lives with their data, each as its script writes it.
  for (const [what, file, source] of [
    ['the lessons’ words', 'src/ui/lessons/lessonMessages.ts', lessonMessagesSource],
    [
      'the settings’ names, from the model’s schema',
      'src/ui/controls/settingMessages.ts',
      settingMessagesSource,
    ],
    [
      'the metrics’ names, from the model’s table',
      'src/ui/metricMessages.ts',
      metricMessagesSource,
    ],
  ] as const)
    it(`${what}: ${file} is what its script writes`, async () => {
      const path = join(root, file);
      const options = (await prettier.resolveConfig(path)) ?? {};
      const want = await prettier.format(source(), { ...options, filepath: path });
      expect(readFileSync(path, 'utf8'), `run npm run i18n:extract (${file})`).toBe(want);
    });
});

describe('a setting’s name in the page’s language', () => {
  it('is the catalog’s where the page is not English, the schema’s otherwise; the rest of its entry the same', async () => {
    const { localSetting, groupTitle } = await import('../../../src/ui/controls/settingWords');
    const { SCHEMA } = await import('../../../src/sim');
    const { i18n } = await import('@lingui/core');
    const before = i18n.locale;
    const es = new Map(catalog('es').items.map((i) => [i.msgctxt, i.msgstr[0]]));
    try {
      i18n.loadAndActivate({ locale: 'es', messages: Object.fromEntries(es) });
      const k = localSetting('bufferCells');
      expect(k.label).toBe('Tamaño del búfer K');
      expect(k.help).toBe(SCHEMA.bufferCells.help);
      expect(k.kind).toBe(SCHEMA.bufferCells.kind);
      expect(localSetting('bufferCells')).toBe(k);
      expect(groupTitle('switch')).toBe('Conmutador');
      i18n.loadAndActivate({ locale: 'en', messages: {} });
      expect(localSetting('bufferCells').label).toBe(SCHEMA.bufferCells.label);
      expect(groupTitle('switch')).toBe('Switch');
    } finally {
      if (before) i18n.activate(before);
    }
  });
});

describe('a metric’s name in the page’s language', () => {
  it('is the catalog’s where the page is not English, the model’s table’s otherwise', async () => {
    const { METRIC_INFO } = await import('../../../src/ui/metricInfo');
    const { i18n } = await import('@lingui/core');
    const eff = METRIC_INFO.find((m) => m.key === 'efficiency')!;
    const before = i18n.locale;
    try {
      i18n.loadAndActivate({ locale: 'es', messages: { 'metric.efficiency': 'Eficiencia' } });
      expect(eff.label).toBe('Eficiencia');
      expect(eff.englishLabel).toBe('Efficiency');
      i18n.loadAndActivate({ locale: 'en', messages: {} });
      expect(eff.label).toBe('Efficiency');
    } finally {
      if (before) i18n.activate(before);
    }
  });
});

describe('the language a browser gets', () => {
  it('a link or a browser language, exactly or by its first part; English otherwise', () => {
    expect(bestLocale(['es'])).toBe('es');
    expect(bestLocale(['es-MX', 'en'])).toBe('es');
    expect(bestLocale(['pt'])).toBe('pt-BR');
    expect(bestLocale(['pt-PT'])).toBe('pt-BR');
    expect(bestLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(bestLocale(['AR-eg'])).toBe('ar');
    expect(bestLocale(['de-DE', 'fr'])).toBe('en');
    expect(bestLocale([null, undefined, 'ar'])).toBe('ar');
    expect(bestLocale(['pseudo'])).toBe('pseudo');
    expect(bestLocale(['pseudo-XX'])).toBe('en');
    expect(bestLocale([])).toBe('en');
  });
});

describe('numbers in each language', () => {
  it('decimal separator, digits and percent sign', () => {
    expect(formatNumber(1234.5678, 2, 'en')).toBe('1,234.57');
    expect(formatNumber(1234.5678, 2, 'es')).toBe('1234,57');
    expect(formatNumber(12345.5, 1, 'es')).toBe('12.345,5');
    expect(formatNumber(1234.5678, 2, 'pt-BR')).toBe('1.234,57');
    expect(formatNumber(1234.5678, 2, 'zh-CN')).toBe('1,234.57');
    expect(formatNumber(2.5, 1, 'ar')).toMatch(/^(2\.5|٢٫٥)$/);
    expect(formatPercent(0.0251, 2, 'en')).toBe('2.51%');
    expect(formatPercent(0.0251, 2, 'es')).toBe('2,51\u00a0%');
    expect(formatPercent(0.0251, 2, 'pt-BR')).toBe('2,51%');
    expect(formatPercent(0.0251, 2, 'zh-CN')).toBe('2.51%');
  });
});
