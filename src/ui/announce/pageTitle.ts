// The document's title (WCAG 2.4.2): what the page is about first, then the product, so that a
// tab, a window list and a screen reader's "title" key say where the student is ("Papers ·
// TCP-over-ATM Lab", "Lesson: Cells and frames, step 2 of 3 · …"). Every page of the app sets
// it through useDocumentTitle; the main page chooses its part with mainTitle.
import { useEffect } from 'react';
import { useLingui } from '@lingui/react';

/** The product's name: the same in every language. */
export const PRODUCT = 'TCP-over-ATM Lab';

// The titles' words (the catalogs: src/locales; README, "Translating").
export const TITLE = {
  page: /*i18n*/ {
    id: 'title.page',
    message: '{page} · {product}',
    comment:
      'The browser tab’s title: {page} is what is on screen (e.g. “Papers”), {product} the app’s name. Keep the dot between them.',
  },
  papers: /*i18n*/ {
    id: 'title.papers',
    message: 'Papers: published results against the model',
    comment: 'Tab title of the page that lists the five research papers’ results.',
  },
  teacher: /*i18n*/ {
    id: 'title.teacher',
    message: 'Teacher notes',
    comment: 'Tab title of the page of notes for the teacher (goals, questions, challenges).',
  },
  writer: /*i18n*/ {
    id: 'title.writer',
    message: 'Write a lesson',
    comment: 'Tab title while the teacher writes a lesson of their own.',
  },
  lesson: /*i18n*/ {
    id: 'title.lesson',
    message: 'Lesson: {title}, step {step} of {steps}',
    comment:
      'Tab title during a guided lesson. {title}: the lesson’s name; {step}, {steps}: numbers.',
  },
  host: /*i18n*/ {
    id: 'title.host',
    message: 'Live class {code}, projector',
    comment:
      'Tab title of the teacher’s screen in a live class. {code}: the room’s code (letters).',
  },
  student: /*i18n*/ {
    id: 'title.student',
    message: 'Class {code}',
    comment: 'Tab title on a student’s phone in a live class. {code}: the room’s code.',
  },
  results: /*i18n*/ {
    id: 'title.results',
    message: 'Results of class {code}',
    comment: 'Tab title of the page of a past class’s answers. {code}: the room’s code.',
  },
  custom: /*i18n*/ {
    id: 'title.custom',
    message: 'your own scenario',
    comment: 'In a tab title, for settings that match none of the ready-made scenarios.',
  },
  rooms: /*i18n*/ {
    id: 'title.rooms',
    message: 'Your classes',
    comment: 'Tab title of the list of live classes this browser has run.',
  },
  compare: /*i18n*/ {
    id: 'title.compare',
    message: 'Compare A and B: {preset}',
    comment: 'Tab title while two runs are shown side by side. {preset}: the scenario’s name.',
  },
  sweep: /*i18n*/ {
    id: 'title.sweep',
    message: 'Parameter sweep: {preset}',
    comment:
      'Tab title while one setting is run over a range of values. {preset}: the scenario’s name.',
  },
};

/** Sets `document.title` to `part · product` (the product alone for null) while mounted, and
 * again when the part or the language changes. */
export function useDocumentTitle(part: string | null): void {
  const { _ } = useLingui();
  const title = part ? _({ ...TITLE.page, values: { page: part, product: PRODUCT } }) : PRODUCT;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** What the main page is about, most specific first: a page of its own, the lesson writer, a
 * live class, a lesson's step, Compare, the sweep, else the scenario on show. */
export interface MainPlace {
  page: 'reproduce' | 'teacher' | null;
  writer: boolean;
  classroom: { role: 'host' | 'student'; room: string | null } | null;
  lesson: { title: string; step: number; steps: number } | null;
  compare: boolean;
  sweep: boolean;
  /** The preset's title; null: a scenario of the student's own. */
  scenario: string | null;
}

export function useMainTitle(p: MainPlace): void {
  const { _ } = useLingui();
  const code = p.classroom?.room ?? '';
  const preset = p.scenario ?? _(TITLE.custom);
  const part =
    p.page === 'reproduce'
      ? _(TITLE.papers)
      : p.page === 'teacher'
        ? _(TITLE.teacher)
        : p.writer
          ? _(TITLE.writer)
          : p.classroom?.role === 'host' && code
            ? _({ ...TITLE.host, values: { code } })
            : p.classroom?.role === 'student' && code
              ? _({ ...TITLE.student, values: { code } })
              : p.lesson
                ? _({ ...TITLE.lesson, values: p.lesson })
                : p.compare
                  ? _({ ...TITLE.compare, values: { preset } })
                  : p.sweep
                    ? _({ ...TITLE.sweep, values: { preset } })
                    : preset;
  useDocumentTitle(part);
}
