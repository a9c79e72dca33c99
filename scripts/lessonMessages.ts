// Writes src/ui/lessons/lessonMessages.ts: every built-in lesson's words (its title and claim,
// each step's title, text and A/B label, each prediction's question, options and why) as
// Lingui message descriptors (id, English, a comment that says where it shows), for
// `lingui extract` to list in the catalogs. The page never imports that file: it reads the
// English from the lessons' own files and the translation by the same id
// (src/ui/lessons/lessonWords.ts). Run by `npm run i18n:extract`; a unit test fails when the
// file is not what this script would write.
import { join } from 'node:path';
import { ALL_LESSONS } from '../src/ui/lessons/catalog.ts';
import { lessonMessageId, predictionMessageId } from '../src/ui/lessons/lessonWords.ts';
import type { LessonPart, PredictionPart } from '../src/ui/lessons/lessonWords.ts';
import { descriptorRow, messageListSource, writeWhenRun } from './messageList.ts';

const FILE = join(import.meta.dirname, '..', 'src', 'ui', 'lessons', 'lessonMessages.ts');

/** The file's text. */
export function lessonMessagesSource(): string {
  const rows: string[] = [];
  const add = (
    lesson: string,
    predict: string,
    part: PredictionPart,
    message: string,
    comment: string,
  ) => rows.push(descriptorRow(predictionMessageId(lesson, predict, part), message, comment));
  const own = (lesson: string, part: LessonPart, message: string, comment: string) =>
    rows.push(descriptorRow(lessonMessageId(lesson, part), message, comment));
  const QUOTES =
    ' Keep each sentence quoted between “ and ” as it is, in English, with its quotation marks: ' +
    'it is the paper’s own words (the page marks it as English).';
  for (const lesson of ALL_LESSONS) {
    const of = `Lesson “${lesson.title}”`;
    own(
      lesson.id,
      'title',
      lesson.title,
      `The title of a lesson, on its card in the list of lessons and at the top of the lesson. It teaches: ${lesson.claim}`,
    );
    own(
      lesson.id,
      'claim',
      lesson.claim,
      `${of}: the result it shows, in one sentence, on its card in the list of lessons.`,
    );
    lesson.steps.forEach((step, i) => {
      const where = `${of}, step ${i + 1} of ${lesson.steps.length}`;
      own(lesson.id, `step${i + 1}.title`, step.title, `${where}: the step’s heading.`);
      own(
        lesson.id,
        `step${i + 1}.text`,
        step.text,
        `${where} (“${step.title}”): what the student reads while the run pauses.` +
          (step.text.includes('“') ? QUOTES : ''),
      );
      if (step.compare)
        own(
          lesson.id,
          `step${i + 1}.compare`,
          step.compare.label,
          `${where}: the name of run B in a split screen (the same run with one change). Keep “B:” at the start.`,
        );
    });
  }
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
  return messageListSource('lessonMessages.ts', "the lessons' own files", 'LESSON_MESSAGES', rows);
}

writeWhenRun('lessonMessages.ts', FILE, lessonMessagesSource);
