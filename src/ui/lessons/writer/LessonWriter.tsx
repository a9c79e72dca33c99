// "Write a lesson": a lesson of one's own made from what is on screen. "Add this moment as a
// step" takes the scenario, the simulated time and the outlined (or first) view; each step's
// words and question are edited here; Preview opens the lesson; Copy link and Download file
// share it as a lesson file (src/ui/lessons/file). The draft stays in localStorage.
import { useEffect, useMemo, useState } from 'react';
import { shareLink } from '../../share/links';
import type { Lesson } from '../types';
import type { LessonFile } from '../file/format';
import { parseLessonFile } from '../file/format';
import { LESSON_FILE_KEY, encodeLessonFile } from '../file/link';
import { toLesson } from '../file/toLesson';
import type { Draft } from './draft';
import { draftFile, loadDraft, momentStep, moveStep, saveDraft } from './draft';
import { StepEditor } from './StepEditor';
import './writer.css';

const WORDS = {
  heading: 'Write a lesson',
  close: '✕ Close',
  title: 'Lesson title',
  summary: 'Summary (optional)',
  add: 'Add this moment as a step',
  none: 'No steps yet: pause the run at a moment worth a question, then add it.',
  todo: 'To finish the lesson:',
  preview: 'Preview',
  copy: 'Copy link',
  copied: 'Link copied',
  copyFailed: 'Copy failed: select the link below',
  download: 'Download file',
  link: 'Link to the lesson',
};

/** An error of the file as the editor's fields name it: "Step 2, text: must not be empty". */
const plain = (e: string) => e.replace(/^steps\[(\d+)\]\./, (_, i) => `Step ${Number(i) + 1}, `);

export function LessonWriter(props: {
  /** The moment on screen: the scenario query, the simulated time, the view to outline. */
  moment(): { scenario: string; t: number; view: string };
  onPreview(lesson: Lesson, file: LessonFile): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<Draft>(loadDraft);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => saveDraft(draft), [draft]);
  const parsed = useMemo(() => parseLessonFile(JSON.stringify(draftFile(draft))), [draft]);
  const file = 'file' in parsed ? parsed.file : null;
  const errors = 'errors' in parsed ? parsed.errors : [];
  const link = file
    ? shareLink(`?${file.steps[0].scenario}&${LESSON_FILE_KEY}=${encodeLessonFile(file)}`).url
    : '';
  const add = () => {
    const m = props.moment();
    setDraft((d) => ({
      ...d,
      steps: [...d.steps, momentStep(m.scenario, m.t, m.view, d.steps.length + 1)],
    }));
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid(WORDS.copied);
    } catch {
      setSaid(WORDS.copyFailed);
    }
  };
  const download = () => {
    if (!file) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(
      new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
    );
    a.download = `${file.title.replace(/[^\w-]+/g, '-').slice(0, 60) || 'lesson'}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };
  return (
    <section className="writer" aria-labelledby="writer-title" data-testid="writer">
      <header className="panel-head">
        <h2 id="writer-title">{WORDS.heading}</h2>
        <div className="panel-tools">
          <button type="button" onClick={props.onClose}>
            {WORDS.close}
          </button>
        </div>
      </header>
      <div className="writer-head">
        <label>
          {WORDS.title}
          <input
            value={draft.title}
            maxLength={120}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
        </label>
        <label>
          {WORDS.summary}
          <input
            value={draft.summary}
            maxLength={600}
            onChange={(e) => setDraft({ ...draft, summary: e.target.value })}
          />
        </label>
      </div>
      {draft.steps.length === 0 && <p className="muted small">{WORDS.none}</p>}
      <ol className="writer-steps">
        {draft.steps.map((s, i) => (
          <StepEditor
            key={i}
            step={s}
            n={i + 1}
            last={i === draft.steps.length - 1}
            onChange={(next) =>
              setDraft((d) => ({ ...d, steps: d.steps.map((x, j) => (j === i ? next : x)) }))
            }
            onMove={(by) => setDraft((d) => moveStep(d, i, by))}
            onRemove={() => setDraft((d) => ({ ...d, steps: d.steps.filter((_, j) => j !== i) }))}
          />
        ))}
      </ol>
      <div className="writer-actions">
        <button type="button" className="primary" onClick={add} data-testid="writer-add">
          {WORDS.add}
        </button>
        <button
          type="button"
          disabled={!file}
          onClick={() => file && props.onPreview(toLesson(file), file)}
        >
          {WORDS.preview}
        </button>
        <button type="button" disabled={!file} onClick={() => void copy()}>
          {WORDS.copy}
        </button>
        <button type="button" disabled={!file} onClick={download}>
          {WORDS.download}
        </button>
        <span role="status" className="muted small">
          {said}
        </span>
      </div>
      {file ? (
        <label className="writer-link">
          {WORDS.link}
          <input
            readOnly
            value={link}
            data-testid="writer-link"
            onFocus={(e) => e.target.select()}
          />
        </label>
      ) : (
        draft.steps.length > 0 && (
          <div className="writer-todo" data-testid="writer-todo">
            <strong>{WORDS.todo}</strong>
            <ul>
              {errors.map((e) => (
                <li key={e}>{plain(e)}</li>
              ))}
            </ul>
          </div>
        )
      )}
    </section>
  );
}
