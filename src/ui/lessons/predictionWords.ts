/**
 * The words of a built-in lesson's prediction (its question, options and why) in the page's
 * language. Each is a message of the catalogs (src/locales) with an id made from the lesson's,
 * the prediction's and the part's: the English stays in the lesson's file, where its figures
 * are checked, and `npm run i18n:extract` lists them for translators
 * (scripts/lessonMessages.ts writes them into src/ui/lessons/predictionMessages.ts, which
 * only the extraction reads). A live class sends a question as its id (`lesson.prediction`),
 * so each phone shows it in its own language. An instructor's own lesson is in the words its
 * file has.
 */
import { sourceWord } from '../../i18n/sourceWords';
import { ALL_LESSONS } from './catalog';
import type { Lesson, Prediction } from './types';

export type PredictionPart = 'question' | 'why' | `option.${string}`;

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
