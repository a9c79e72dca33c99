import { useEffect, useRef } from 'react';
import { LESSONS } from './lessons';
import type { Progress } from './progress';
import { summary } from './progress';
import type { Lesson } from './types';
import type { LessonFile } from './file/format';
import { OpenLessonFile } from './file/OpenLessonFile';
import './lessons.css';

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
        <h2 id="gallery-title">Lessons: what the papers found, one result each</h2>
        <div className="panel-tools">
          {props.onWrite && (
            <button type="button" onClick={props.onWrite} data-testid="write-lesson">
              Write a lesson
            </button>
          )}
          <button type="button" onClick={onClose}>
            ✕ Close
          </button>
        </div>
      </header>
      <ul className="cards">
        {LESSONS.map((l, i) => {
          const s = summary(l, props.progress);
          return (
            <li key={l.id}>
              <button
                type="button"
                className="card"
                ref={i === 0 ? first : undefined}
                onClick={() => props.onPick(l)}
                data-lesson={l.id}
              >
                <span className="card-title">{l.title}</span>
                <span className="card-claim">{l.claim}</span>
                <span className="card-source">{l.source}</span>
                <span className="card-progress muted small">
                  {s.steps === 0
                    ? `${l.steps.length} steps`
                    : `seen ${s.steps}/${l.steps.length} steps`}
                  {s.totalPredictions > 0 &&
                    ` · predictions ${s.predictions}/${s.totalPredictions}`}
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
