// A built-in lesson's words in the page's language (src/ui/lessons/lessonWords.ts): its title,
// claim, steps and predictions from the catalogs, the rest of the lesson (its runs, figures,
// checks) untouched; the papers' sentences it quotes kept in English in every translation and
// marked as English; an instructor's own lesson left in its own words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { LOCALES, PSEUDO, SOURCE } from '../../../src/i18n/locales';
import { ALL_LESSONS } from '../../../src/ui/lessons/catalog';
import { deadlock } from '../../../src/ui/lessons/data/deadlock';
import { lessonMessageId, localLesson, quotedRuns } from '../../../src/ui/lessons/lessonWords';

const root = join(__dirname, '../../..');
/** A language's lesson messages, by id. */
const lessonCatalog = (code: string) =>
  new Map(
    PO.parse(readFileSync(join(root, 'src/locales/data', `${code}.po`), 'utf8')).items.map((i) => [
      i.msgctxt!,
      i.msgstr[0],
    ]),
  );

let before: string | undefined;
beforeEach(() => {
  before = i18n.locale;
});
afterEach(() => {
  i18n.loadAndActivate({ locale: before || SOURCE, messages: {} });
});

describe('a built-in lesson in the page’s language', () => {
  it('Spanish: the words from the catalog, the rest of the lesson the same objects', () => {
    const es = Object.fromEntries(lessonCatalog('es'));
    i18n.loadAndActivate({ locale: 'es', messages: es });
    const w = localLesson(deadlock);
    expect(w.title).toBe('El bloqueo del rendimiento y sus dos tipos');
    expect(w.steps[1].title).toBe('Diez segundos de bloqueo');
    expect(w.steps[2].compare?.label).toBe('B: EPD en el conmutador');
    expect(w.steps[2].compare?.b).toBe(deadlock.steps[2].compare?.b);
    // Its prediction too (the same words the live class's phones show).
    expect(w.steps[1].predict?.question).toBe(es['lesson.deadlock.deadlock-efficiency.question']);
    // What the lesson does is the English lesson's: runs, views, figures, the answer's rule.
    expect(w.id).toBe(deadlock.id);
    expect(w.scenario).toBe(deadlock.scenario);
    w.steps.forEach((s, i) => {
      expect(s.run).toBe(deadlock.steps[i].run);
      expect(s.figures).toBe(deadlock.steps[i].figures);
      expect(s.view).toBe(deadlock.steps[i].view);
    });
    // The same object while the language stays (a React dependency stays put), a new one after.
    expect(localLesson(deadlock)).toBe(w);
    i18n.loadAndActivate({ locale: SOURCE, messages: {} });
    const en = localLesson(deadlock);
    expect(en).not.toBe(w);
    expect(en.title).toBe(deadlock.title);
    expect(en.steps[0].text).toBe(deadlock.steps[0].text);
  });

  it('an instructor’s own lesson keeps its own words, in any language', () => {
    i18n.loadAndActivate({ locale: 'es', messages: Object.fromEntries(lessonCatalog('es')) });
    const own = { ...deadlock, id: 'my-own-lesson', title: 'Mi lección' };
    expect(localLesson(own)).toBe(own);
  });

  it('every step’s text keeps the papers’ sentences verbatim, in every language', () => {
    const quote = /“[^”]*”/g;
    for (const l of LOCALES.filter((x) => x.code !== SOURCE && x.code !== PSEUDO)) {
      const cat = lessonCatalog(l.code);
      const lost: string[] = [];
      for (const lesson of ALL_LESSONS)
        lesson.steps.forEach((s, i) => {
          const text = cat.get(lessonMessageId(lesson.id, `step${i + 1}.text`)) ?? '';
          for (const q of s.text.match(quote) ?? [])
            if (!text.includes(q)) lost.push(`${lesson.id} step ${i + 1}: ${q.slice(0, 30)}…`);
        });
      expect(lost, l.code).toEqual([]);
    }
  });
});

describe('quotedRuns', () => {
  const english = 'Early Packet Discard “drop[s] entire frames prior to overflow” (§2.2): above R.';
  it('marks a quotation that is in the English text, not one of the translation’s own', () => {
    const es =
      'Early Packet Discard “drop[s] entire frames prior to overflow” (§2.2): las “tramas” enteras.';
    expect(quotedRuns(es, english)).toEqual([
      { text: 'Early Packet Discard ', quote: false },
      { text: '“drop[s] entire frames prior to overflow”', quote: true },
      { text: ' (§2.2): las “tramas” enteras.', quote: false },
    ]);
  });
  it('a text that quotes nothing is one run; a text that is one quotation is one quote', () => {
    expect(quotedRuns('Sin citas.', english)).toEqual([{ text: 'Sin citas.', quote: false }]);
    expect(quotedRuns('', english)).toEqual([{ text: '', quote: false }]);
    const q = '“drop[s] entire frames prior to overflow”';
    expect(quotedRuns(q, english)).toEqual([{ text: q, quote: true }]);
  });
});
