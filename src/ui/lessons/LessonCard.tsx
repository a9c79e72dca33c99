import type { ReactNode } from 'react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { builtInLesson, localLesson, quotedRuns } from './lessonWords';
import type { RunStore } from '../data/runStore';
import { Prediction } from './Prediction';
import { summary } from './progress';
import type { LessonDriver } from './useLesson';
import { atMoment } from './useLesson';
import { ownsKey } from '../keyTarget';
import { fitCardToViewport } from './placeStep';
import { CardActionsSlot, setCardHeadSlot } from './cardActions';
import { Trans, useLingui } from '@lingui/react';
import { formatNumber } from '../../i18n/numbers';
import './lessons.css';

// The card's own words (the catalogs: src/locales; README, "Translating"). A built-in lesson's
// texts are still English; its predictions are in src/locales/lessons.
const M = {
  fold: /*i18n*/ {
    id: 'lesson.fold',
    message: 'Fold the lesson card',
    comment: 'Tooltip of the ▾ button that makes the lesson card small.',
  },
  unfold: /*i18n*/ {
    id: 'lesson.unfold',
    message: 'Show the lesson',
    comment: 'Tooltip of the ▴ button that opens the folded lesson card again.',
  },
  count: /*i18n*/ {
    id: 'lesson.count',
    message: 'Step {step} of {steps}',
    comment: 'Where the student is in the lesson. {step}, {steps}: numbers.',
  },
  seen: /*i18n*/ {
    id: 'lesson.seen',
    message: '· seen {seen}/{steps}',
    comment: 'How many of the lesson’s steps the student has opened.',
  },
  predictions: /*i18n*/ {
    id: 'lesson.predictions',
    message: '· predictions {made}/{total}',
    comment: 'How many of the lesson’s questions the student has answered.',
  },
  split: /*i18n*/ {
    id: 'lesson.split',
    message:
      'Split screen: <0>A</0> is this lesson’s run, <1>{label}</1>, same seed. The metrics table above the plots sets their numbers side by side.',
    comment:
      'An A/B step: two runs side by side. <0>A</0> and <1>{label}</1> are shown in bold; {label} names run B, e.g. “B: EPD”. Keep A and the tags.',
  },
  pending: /*i18n*/ {
    id: 'lesson.figure.pending',
    message: 'at {seconds} s…',
    comment: 'A figure not yet known: it is read when the run reaches this time (s: seconds).',
  },
  previous: /*i18n*/ {
    id: 'lesson.previous',
    message: '‹ Previous',
    comment: 'Button: the lesson’s step before. Keep the ‹ sign.',
  },
  next: /*i18n*/ {
    id: 'lesson.next',
    message: 'Next ›',
    comment: 'Button: the lesson’s next step. Keep the › sign.',
  },
  end: /*i18n*/ {
    id: 'lesson.end',
    message: 'End lesson',
    comment: 'Button: closes the lesson and goes back to the free simulation.',
  },
  swipe: /*i18n*/ {
    id: 'lesson.hint.swipe',
    message: 'Swipe the card for the next step',
    comment: 'Hint on a touch screen: move a finger sideways across the card.',
  },
  keys: /*i18n*/ {
    id: 'lesson.hint.keys',
    message: '← → keys: steps',
    comment: 'Hint on a computer: the arrow keys go to the step before or after.',
  },
};

/** A figure not known yet, with no moment to name. */
const ELLIPSIS = '…';

/** Touch screens swipe or tap buttons; keyboards have ← and →. */
const COARSE_QUERY = '(pointer: coarse)';
function coarsePointer(): boolean {
  return window.matchMedia?.(COARSE_QUERY).matches ?? false;
}

/**
 * The lesson's card: the step's words (read out by screen readers), the figures of the run at
 * the step's moment, the prediction, and Previous / Next. Compact: it sits in the settings
 * column on a wide screen and as a sheet at the bottom of a phone's screen, never over the
 * views the step points at.
 */
export function LessonCard({
  driver,
  store,
  predictSlot,
}: {
  driver: LessonDriver;
  store: RunStore;
  /** Shown in place of the step's own prediction (a live class's question on a phone). */
  predictSlot?: ReactNode;
}) {
  const { lesson, step, progress, goTo, close } = driver;
  const { _ } = useLingui();
  useSyncExternalStore(store.subscribeSlow, store.getVersion);
  // Folded for this step only: the next step opens again.
  const [foldedAt, setFoldedAt] = useState<number | null>(null);
  const folded = foldedAt === step;
  const touch = useRef<number | null>(null);
  const [coarse] = useState(coarsePointer);
  const head = useRef<HTMLHeadingElement>(null);
  const last = lesson ? lesson.steps.length - 1 : 0;
  const split = !!lesson?.steps[step].compare;
  // A new step: the focus goes to its heading (a screen reader reads it, and Space then plays
  // or pauses instead of pressing "Next" again), without scrolling the page.
  const id = lesson?.id;
  useEffect(() => {
    if (id !== undefined) head.current?.focus({ preventScroll: true });
  }, [id, step]);
  const box = useRef<HTMLElement>(null);
  const [actions, setActions] = useState<HTMLDivElement | null>(null);
  useEffect(() => (box.current ? fitCardToViewport(box.current) : undefined), [id]);
  useEffect(() => {
    // The app's keys rest while the screen is split (A/B has its own controls): ← and → still
    // page through the lesson.
    if (!split) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || ownsKey(e.target, e.key)) return;
      if (e.key === 'ArrowRight' && step < last) goTo(step + 1);
      else if (e.key === 'ArrowLeft' && step > 0) goTo(step - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [split, step, last, goTo]);
  if (!lesson) return null;
  const s = lesson.steps[step];
  // The words on show: a built-in lesson's in the page's language.
  const words = localLesson(lesson);
  const w = words.steps[step];
  const arrived = atMoment(store, lesson, step);
  const ctx = { store, metrics: store.metrics };
  const sum = summary(lesson, progress);
  return (
    <section
      ref={box}
      className={`lesson-card ${folded ? 'folded' : ''}`}
      aria-labelledby="lesson-title"
      data-testid="lesson-card"
      data-step={step}
      data-lesson={lesson.id}
      onTouchStart={(e) => (touch.current = e.touches[0]?.clientX ?? null)}
      onTouchEnd={(e) => {
        const x0 = touch.current;
        touch.current = null;
        const x1 = e.changedTouches[0]?.clientX;
        if (x0 === null || x1 === undefined || Math.abs(x1 - x0) < 60) return;
        if (x1 < x0 && step < last) goTo(step + 1);
        if (x1 > x0 && step > 0) goTo(step - 1);
      }}
    >
      <div className="lesson-head">
        <h2 id="lesson-title" className={builtInLesson(lesson.id) ? 'page-words' : undefined}>
          {words.title}
        </h2>
        <span className="lesson-head-slot" ref={setCardHeadSlot} />
        <button
          type="button"
          className="small lesson-fold"
          aria-expanded={!folded}
          aria-controls="lesson-body"
          onClick={() => setFoldedAt(folded ? null : step)}
          title={folded ? _(M.unfold) : _(M.fold)}
        >
          {folded ? '▴' : '▾'}
        </button>
      </div>
      <p className="lesson-meta">
        <span data-testid="lesson-count">
          {_({ ...M.count, values: { step: step + 1, steps: lesson.steps.length } })}
        </span>
        <span data-testid="lesson-progress">
          {' '}
          {_({ ...M.seen, values: { seen: sum.steps, steps: lesson.steps.length } })}
          {sum.totalPredictions > 0 && ' '}
          {sum.totalPredictions > 0 &&
            _({
              ...M.predictions,
              values: { made: sum.predictions, total: sum.totalPredictions },
            })}
        </span>
      </p>
      <CardActionsSlot.Provider value={actions}>
        <div id="lesson-body" hidden={folded}>
          {/* A built-in lesson's words are in the page's language, the papers' sentences it
              quotes in English (said so, for a screen reader's voice and an Arabic page's
              direction). An instructor's own lesson is in its own language. */}
          <div
            className={builtInLesson(lesson.id) ? 'lesson-text page-words' : 'lesson-text'}
            aria-live="polite"
            data-testid="lesson-text"
            {...(builtInLesson(lesson.id) ? {} : { dir: 'auto' })}
          >
            <h3 ref={head} tabIndex={-1} data-testid="lesson-step-title">
              {w.title}
            </h3>
            <p>
              {builtInLesson(lesson.id)
                ? quotedRuns(w.text, s.text).map((r, i) =>
                    r.quote ? (
                      <span key={i} lang="en" dir="ltr" className="paper-quote">
                        {r.text}
                      </span>
                    ) : (
                      r.text
                    ),
                  )
                : s.text}
            </p>
          </div>
          {s.predict &&
            (predictSlot ?? (
              <Prediction key={s.predict.id} driver={driver} ctx={ctx} arrived={arrived} />
            ))}
          {s.compare && (
            <p className="lesson-compare page-words" data-testid="lesson-compare">
              <Trans
                {...M.split}
                values={{ label: w.compare?.label ?? s.compare.label }}
                components={{ 0: <strong />, 1: <strong /> }}
              />
            </p>
          )}
          {s.figures && (!s.predict || driver.committed) && (
            <dl className="lesson-figures" data-testid="lesson-figures">
              {s.figures.map((f) => {
                const v = arrived ? f.read(ctx) : null;
                return (
                  <div key={f.label} data-label={f.label} data-value={v ?? ''}>
                    <dt>{f.label}</dt>
                    <dd>
                      {v === null
                        ? s.run
                          ? _({ ...M.pending, values: { seconds: formatNumber(s.run.until) } })
                          : ELLIPSIS
                        : f.format(v)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          )}
          <p className="lesson-source muted small">{lesson.source}</p>
        </div>
      </CardActionsSlot.Provider>
      <div
        className="lesson-actions"
        ref={setActions}
        data-testid="lesson-actions"
        hidden={folded}
      />
      <div className="lesson-nav">
        <button type="button" onClick={() => goTo(step - 1)} disabled={step === 0}>
          {_(M.previous)}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => goTo(step + 1)}
          disabled={step === last}
        >
          {_(M.next)}
        </button>
        <button type="button" onClick={close}>
          {_(M.end)}
        </button>
        <span className="muted small lesson-hint">{coarse ? _(M.swipe) : _(M.keys)}</span>
      </div>
    </section>
  );
}
