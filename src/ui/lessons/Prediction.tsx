import { useEffect, useRef, useState } from 'react';
import type { LessonDriver } from './useLesson';
import type { LessonContext } from './types';
import { CardAction } from './cardActions';
import { useLingui } from '@lingui/react';
import { localPrediction } from './predictionWords';

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
  useLingui();
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
        className="lesson-predict"
        data-testid="lesson-predict"
        onSubmit={(e) => {
          e.preventDefault();
          if (value === null) return;
          committed.current = true;
          commit(value);
        }}
      >
        <fieldset>
          <legend>Predict: {p.question}</legend>
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
                aria-label="Your prediction"
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
            Commit and run
          </button>
          <span className="muted small">Kept in this browser only.</span>
        </CardAction>
      </form>
    );
  }
  return (
    <div
      className="lesson-predict"
      data-testid="lesson-predict"
      data-committed="1"
      ref={result}
      tabIndex={-1}
    >
      <p>
        <strong>{p.question}</strong>
      </p>
      <p>
        You predicted: <strong data-testid="lesson-predicted">{fmt(rec.value)}</strong>
      </p>
      <div
        aria-live="polite"
        data-testid="lesson-reveal"
        data-right={shown ? String(shown.right) : ''}
      >
        {shown ? (
          <>
            <p>
              The run: <strong data-testid="lesson-answer">{fmt(shown.answer)}</strong>
              {p.kind === 'choice' && <> ({p.measured(ctx)})</>}{' '}
              {shown.right
                ? '✓ right'
                : p.kind === 'scale'
                  ? '✗ off by more than ' + p.format(p.tolerance)
                  : '✗ not this one'}
            </p>
            <p className="lesson-why">Why: {p.why}</p>
          </>
        ) : (
          <p className="muted">The run plays to the moment; the answer appears here.</p>
        )}
      </div>
    </div>
  );
}
