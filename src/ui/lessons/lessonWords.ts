/**
 * The words of a built-in lesson in the page's language: its title and claim, each step's
 * title, text and A/B label, and each prediction's question, options and why. Each is a
 * message of the catalogs (src/locales/data) with an id made from the lesson's (and the
 * step's number, or the prediction's id) and the part's: the English stays in the lesson's
 * file, where its figures are checked, and `npm run i18n:extract` lists them for translators
 * (scripts/lessonMessages.ts writes them into src/ui/lessons/lessonMessages.ts, which only the
 * extraction reads). The papers' sentences quoted in a step's text stay in English in every
 * language (quotedRuns marks them so). A live class sends a question as its id (`lesson.prediction`),
 * so each phone shows it in its own language. An instructor's own lesson is in the words its
 * file has.
 */
import { i18n } from '@lingui/core';
import { sourceWord } from '../../i18n/sourceWords';
import { ALL_LESSONS } from './catalog';
import type { Lesson, Prediction } from './types';

export type PredictionPart = 'question' | 'why' | `option.${string}`;

/** A lesson's own words: its title and claim, a step's (1-based) title, text and A/B label. */
export type LessonPart =
  'title' | 'claim' | `step${number}.title` | `step${number}.text` | `step${number}.compare`;

export const lessonMessageId = (lesson: string, part: LessonPart) => `lesson.${lesson}.${part}`;

export const predictionMessageId = (lesson: string, predict: string, part: PredictionPart) =>
  `lesson.${lesson}.${predict}.${part}`;

const BUILT_IN = new Set(ALL_LESSONS.map((l) => l.id));

/** Whether `id` names a lesson of the app (not an instructor's own, in its own words). */
export const builtInLesson = (id: string): boolean => BUILT_IN.has(id);

/** `p` with its words in the page's language, where `lesson` is a built-in lesson. */
export function localPrediction<P extends Prediction>(lesson: Pick<Lesson, 'id'>, p: P): P {
  if (!BUILT_IN.has(lesson.id)) return p;
  const say = (part: PredictionPart, message: string) =>
    sourceWord(predictionMessageId(lesson.id, p.id, part), message);
  const out = { ...p, question: say('question', p.question), why: say('why', p.why) };
  if (p.kind === 'choice' && out.kind === 'choice')
    out.options = p.options.map((o) => ({ ...o, label: say(`option.${o.id}`, o.label) }));
  return out;
}

/** The page's language when `localLesson` last made each lesson's words (a change of language
 * makes them again). */
const made = new WeakMap<Lesson, { locale: string; lesson: Lesson }>();

/** `lesson` with its words in the page's language, where it is a built-in lesson (the same
 * object while the language stays: a React dependency stays put). */
export function localLesson(lesson: Lesson): Lesson {
  if (!BUILT_IN.has(lesson.id)) return lesson;
  const locale = i18n.locale ?? '';
  const was = made.get(lesson);
  if (was?.locale === locale) return was.lesson;
  const say = (part: LessonPart, message: string) =>
    sourceWord(lessonMessageId(lesson.id, part), message);
  const out: Lesson = {
    ...lesson,
    title: say('title', lesson.title),
    claim: say('claim', lesson.claim),
    steps: lesson.steps.map((s, i) => ({
      ...s,
      title: say(`step${i + 1}.title`, s.title),
      text: say(`step${i + 1}.text`, s.text),
      ...(s.compare
        ? { compare: { ...s.compare, label: say(`step${i + 1}.compare`, s.compare.label) } }
        : {}),
      ...(s.predict ? { predict: localPrediction(lesson, s.predict) } : {}),
    })),
  };
  made.set(lesson, { locale, lesson: out });
  return out;
}

/** A sentence quoted between “ and ”. */
const QUOTE = /“[^”]*”/g;

/**
 * `text` (a lesson step's text in the page's language) cut into runs of the page's words and of
 * the papers' sentences it quotes, in order: a quotation that is also in `english` (the
 * step's English text) is a paper's sentence, which stays in English in every language and is
 * marked so for a screen reader (`lang`).
 */
export function quotedRuns(text: string, english: string): { text: string; quote: boolean }[] {
  const runs: { text: string; quote: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(QUOTE)) {
    if (!english.includes(m[0])) continue;
    if (m.index > at) runs.push({ text: text.slice(at, m.index), quote: false });
    runs.push({ text: m[0], quote: true });
    at = m.index + m[0].length;
  }
  if (at < text.length || runs.length === 0) runs.push({ text: text.slice(at), quote: false });
  return runs;
}
