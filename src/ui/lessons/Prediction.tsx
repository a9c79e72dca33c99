import { useEffect, useRef, useState } from 'react';
import type { LessonDriver } from './useLesson';
import type { LessonContext } from './types';
import { CardAction } from './cardActions';
import { Trans, useLingui } from '@lingui/react';
import { builtInLesson, localPrediction } from './lessonWords';

// The question's own frame (the catalogs: src/locales; README, "Translating"); its words are the
// lesson's (src/locales/lessons).
const M = {
  predict: /*i18n*/ {
    id: 'predict.legend',
    message: 'Predict: {question}',
    comment:
      'Above a lesson’s question, before the run shows the answer. {question}: the question.',
  },
  yours: /*i18n*/ {
    id: 'predict.slider',
    message: 'Your prediction',
    comment: 'Name of the slider on which the student sets a number as their answer.',
  },
  commit: /*i18n*/ {
    id: 'predict.commit',
    message: 'Commit and run',
    comment: 'Button: keeps the student’s answer, then plays the run to show the real one.',
  },
  kept: /*i18n*/ {
    id: 'predict.kept',
    message: 'Kept in this browser only.',
    comment: 'Beside the button: the answer is stored on this device and sent nowhere.',
  },
  predicted: /*i18n*/ {
    id: 'predict.predicted',
    message: 'You predicted: <0>{value}</0>',
    comment: 'After the answer is kept. <0>{value}</0>: the student’s answer, in bold.',
  },
  run: /*i18n*/ {
    id: 'predict.run',
    message: 'The run: <0>{value}</0>',
    comment: 'What the simulation gave, next to the student’s answer. <0>{value}</0>: in bold.',
  },
  right: /*i18n*/ {
    id: 'predict.right',
    message: '✓ right',
    comment: 'The student’s answer matches the run’s. Keep the ✓ sign.',
  },
  off: /*i18n*/ {
    id: 'predict.off',
    message: '✗ off by more than {tolerance}',
    comment: 'A number answer too far from the run’s. {tolerance}: how close counts, e.g. 5 %.',
  },
  wrong: /*i18n*/ {
    id: 'predict.wrong',
    message: '✗ not this one',
    comment: 'A choice answer that is not the run’s. Keep the ✗ sign.',
  },
  why: /*i18n*/ {
    id: 'predict.why',
    message: 'Why: {why}',
    comment: 'Before the one-sentence reason for the answer. {why}: the reason.',
  },
  waiting: /*i18n*/ {
    id: 'predict.waiting',
    message: 'The run plays to the moment; the answer appears here.',
    comment: 'Until the run reaches the moment that gives the answer.',
  },
};

/**
 * Predict, then check: the student commits to an option or a marker on a scale; the run then
 * plays to its moment and the answer read from it appears next to the prediction, with one
 * sentence on why (announced by screen readers).
 */
export function Prediction({
  driver,
  ctx,
  arrived,
}: {
  driver: LessonDriver;
  ctx: LessonContext;
  arrived: boolean;
}) {
  const { lesson, step, progress, commit, reveal } = driver;
  // In the page's language (a change of language draws it again).
  const { _ } = useLingui();
  const p = localPrediction(lesson!, lesson!.steps[step].predict!);
  const rec = progress[lesson!.id]?.predictions[p.id];
  const [value, setValue] = useState<string | number | null>(p.kind === 'scale' ? p.initial : null);
  // "Commit and run" takes its form away: the focus goes to the prediction it leaves.
  const committed = useRef(false);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!rec || !committed.current) return;
    committed.current = false;
    result.current?.focus({ preventScroll: true });
  }, [rec]);
  const shown = arrived ? reveal() : null;
  const kept = shown ? `${shown.answer}|${shown.right}` : '';
  useEffect(() => {
    if (shown) driver.record(shown.answer, shown.right);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kept]);
  const fmt = (v: string | number) =>
    p.kind === 'scale'
      ? p.format(Number(v))
      : (p.options.find((o) => o.id === v)?.label ?? String(v));

  if (!rec) {
    const formId = `lesson-predict-${p.id}`;
    return (
      <form
        id={formId}
        className={builtInLesson(lesson!.id) ? 'lesson-predict page-words' : 'lesson-predict'}
        data-testid="lesson-predict"
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          committed.current = true;
          commit(value);
        }}
      >
        <fieldset>
          <legend>{_({ ...M.predict, values: { question: p.question } })}</legend>
          {p.kind === 'choice' ? (
            p.options.map((o) => (
              <label key={o.id} className="lesson-option">
                <input
                  type="radio"
                  name={`predict-${p.id}`}
                  value={o.id}
                  checked={value === o.id}
                  onChange={() => setValue(o.id)}
                />
                {o.label}
              </label>
            ))
          ) : (
            <label className="lesson-scale">
              <input
                type="range"
                min={p.min}
                max={p.max}
                step={p.step}
                value={Number(value)}
                onChange={(e) => setValue(Number(e.target.value))}
                aria-valuetext={p.format(Number(value))}
                aria-label={_(M.yours)}
              />
              <output data-testid="lesson-marker">{p.format(Number(value))}</output>
            </label>
          )}
        </fieldset>
        <CardAction>
          <button
            type="submit"
            form={formId}
            className="primary"
            disabled={value === null}
            data-testid="lesson-commit"
          >
            {_(M.commit)}
          </button>
          <span className="muted small">{_(M.kept)}</span>
        </CardAction>
      </form>
    );
  }
  return (
    <div
      className={builtInLesson(lesson!.id) ? 'lesson-predict page-words' : 'lesson-predict'}
      data-testid="lesson-predict"
      data-committed="1"
      ref={result}
      tabIndex={-1}
    >
      <p>
        <strong>{p.question}</strong>
      </p>
      <p>
        <Trans
          {...M.predicted}
          values={{ value: fmt(rec.value) }}
          components={{ 0: <strong data-testid="lesson-predicted" /> }}
        />
      </p>
      <div
        aria-live="polite"
        data-testid="lesson-reveal"
        data-right={shown ? String(shown.right) : ''}
      >
        {shown ? (
          <>
            <p>
              <Trans
                {...M.run}
                values={{ value: fmt(shown.answer) }}
                components={{ 0: <strong data-testid="lesson-answer" /> }}
              />
              {p.kind === 'choice' && <> ({p.measured(ctx)})</>}{' '}
              {shown.right
                ? _(M.right)
                : p.kind === 'scale'
                  ? _({ ...M.off, values: { tolerance: p.format(p.tolerance) } })
                  : _(M.wrong)}
            </p>
            <p className="lesson-why">{_({ ...M.why, values: { why: p.why } })}</p>
          </>
        ) : (
          <p className="muted">{_(M.waiting)}</p>
        )}
      </div>
    </div>
  );
}
