// Writes src/ui/lessons/predictionMessages.ts: every built-in lesson prediction's words as
// Lingui message descriptors (id, English, a comment that says where it shows), for
// `lingui extract` to list in the catalogs. The page never imports that file: it reads the
// English from the lessons' own files and the translation by the same id
// (src/ui/lessons/predictionWords.ts). Run by `npm run i18n:extract`; a unit test fails when the
// file is not what this script would write.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_LESSONS } from '../src/ui/lessons/catalog.ts';
import { predictionMessageId } from '../src/ui/lessons/predictionWords.ts';
import type { PredictionPart } from '../src/ui/lessons/predictionWords.ts';

const FILE = join(import.meta.dirname, '..', 'src', 'ui', 'lessons', 'predictionMessages.ts');

/** The file's text. */
export function predictionMessagesSource(): string {
  const rows: string[] = [];
  const add = (
    lesson: string,
    predict: string,
    part: PredictionPart,
    message: string,
    comment: string,
  ) => {
    // ICU reads braces as placeholders: a lesson's words have none.
    if (/[{}]/.test(message))
      throw new Error(`${lesson}.${predict}.${part}: braces in "${message}"`);
    const id = predictionMessageId(lesson, predict, part);
    rows.push(
      `  /*i18n*/ { id: ${JSON.stringify(id)}, message: ${JSON.stringify(message)}, comment: ${JSON.stringify(comment)} },`,
    );
  };
  for (const lesson of ALL_LESSONS)
    lesson.steps.forEach((step, i) => {
      const p = step.predict;
      if (!p) return;
      const where = `Lesson “${lesson.title}”, step ${i + 1} (“${step.title}”)`;
      add(
        lesson.id,
        p.id,
        'question',
        p.question,
        `${where}: the question students answer before the run shows it.`,
      );
      if (p.kind === 'choice')
        for (const o of p.options)
          add(
            lesson.id,
            p.id,
            `option.${o.id}`,
            o.label,
            `${where}: one answer to “${p.question}”`,
          );
      add(
        lesson.id,
        p.id,
        'why',
        p.why,
        `${where}: shown after the run, after “Why:”; the reason for the answer.`,
      );
    });
  return [
    '// Written by scripts/lessonMessages.ts (`npm run i18n:extract`); do not edit. Only the',
    "// catalogs' extraction reads it: the page takes these words from the lessons' own files.",
    'export const PREDICTION_MESSAGES = [',
    ...rows,
    '];',
    '',
  ].join('\n');
}

if (process.argv[1]?.endsWith('lessonMessages.ts')) {
  writeFileSync(FILE, predictionMessagesSource());
  console.log(`${FILE}: written`);
}
