import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { localLesson } from './lessonWords';
import { LESSONS } from './lessons';
import type { Progress } from './progress';
import { summary } from './progress';
import type { Lesson } from './types';
import type { LessonFile } from './file/format';
import { OpenLessonFile } from './file/OpenLessonFile';
import './lessons.css';

// The gallery's own words (the catalogs: src/locales; README, "Translating"); a lesson's title
// and claim are its own (src/locales/lessons).
const M = {
  title: /*i18n*/ {
    id: 'gallery.title',
    message: 'Lessons: what the papers found, one result each',
    comment: 'Heading of the list of lessons. Each lesson shows one result of a research paper.',
  },
  write: /*i18n*/ {
    id: 'gallery.write',
    message: 'Write a lesson',
    comment: 'Button: opens the panel where a teacher writes a lesson of their own.',
  },
  close: /*i18n*/ {
    id: 'gallery.close',
    message: '✕ Close',
    comment: 'Button: closes the list of lessons. Keep the ✕ sign.',
  },
  steps: /*i18n*/ {
    id: 'gallery.steps',
    message: '{steps, plural, one {# step} other {# steps}}',
    comment: 'On a lesson card not yet opened: how many steps the lesson has.',
  },
  seen: /*i18n*/ {
    id: 'gallery.seen',
    message: 'seen {seen}/{steps} steps',
    comment: 'On a lesson card: how many of its steps the student has opened, of how many.',
  },
  predictions: /*i18n*/ {
    id: 'gallery.predictions',
    message: '· predictions {made}/{total}',
    comment: 'On a lesson card: how many of its questions the student has answered, of how many.',
  },
};

/** The list of lessons: a card per result, with the student's progress in it. */
export function LessonGallery(props: {
  progress: Progress;
  onPick(lesson: Lesson): void;
  /** A lesson read from a file the person picked. */
  onOpenFile(lesson: Lesson, file: LessonFile): void;
  /** Opens the panel that writes a lesson of one's own. */
  onWrite?(): void;
  onClose(): void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  const { _ } = useLingui();
  const { onClose } = props;
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <section className="gallery" aria-labelledby="gallery-title" data-testid="gallery">
      <header className="panel-head">
        <h2 id="gallery-title">{_(M.title)}</h2>
        <div className="panel-tools">
          {props.onWrite && (
            <button type="button" onClick={props.onWrite} data-testid="write-lesson">
              {_(M.write)}
            </button>
          )}
          <button type="button" onClick={onClose}>
            {_(M.close)}
          </button>
        </div>
      </header>
      <ul className="cards">
        {LESSONS.map((l, i) => {
          const s = summary(l, props.progress);
          const words = localLesson(l);
          return (
            <li key={l.id}>
              <button
                type="button"
                className="card"
                ref={i === 0 ? first : undefined}
                onClick={() => props.onPick(l)}
                data-lesson={l.id}
              >
                <span className="card-title">{words.title}</span>
                <span className="card-claim">{words.claim}</span>
                <span className="card-source">{l.source}</span>
                <span className="card-progress muted small">
                  {s.steps === 0
                    ? _({ ...M.steps, values: { steps: l.steps.length } })
                    : _({ ...M.seen, values: { seen: s.steps, steps: l.steps.length } })}
                  {s.totalPredictions > 0 &&
                    ` ${_({ ...M.predictions, values: { made: s.predictions, total: s.totalPredictions } })}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <OpenLessonFile onOpen={props.onOpenFile} />
    </section>
  );
}
