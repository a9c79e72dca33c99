import { annotate } from '../../reproduce/annotate';
import { SCORECARD } from '../reproduce/scorecardData';
import { useEffect, useRef } from 'react';
import type { Story } from './stories';
import { STORIES } from './stories';

/** The story's step bar: what to look for, with Previous/Next (also ← and →). */
export function StoryPlayer(props: {
  story: Story;
  step: number;
  onStep(step: number): void;
  onClose(): void;
}) {
  const { story, step, onStep, onClose } = props;
  const s = story.steps[step];
  const ref = useRef<HTMLElement>(null);
  const last = story.steps.length - 1;
  useEffect(() => {
    // ← and → page through the steps anywhere on the page, except while typing in a field.
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA'))
        return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') {
        if (step < last) onStep(step + 1);
      } else if (e.key === 'ArrowLeft' || e.key === 'PageUp') {
        if (step > 0) onStep(step - 1);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, last, onStep]);
  return (
    <section
      className="story-player"
      ref={ref}
      aria-label={`Guided tour: ${story.title}`}
      data-testid="story-player"
      data-step={step}
    >
      <div className="story-head">
        <strong>{story.title}</strong>
        <span className="muted"> · {story.source}</span>
        <span className="story-count" aria-live="polite">
          Step {step + 1} of {story.steps.length}
        </span>
      </div>
      <p className="story-text">
        <strong>{s.title}.</strong> {annotate(s.text, SCORECARD)}
      </p>
      <div className="story-nav">
        <button type="button" onClick={() => onStep(step - 1)} disabled={step === 0}>
          ← Previous
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => onStep(step + 1)}
          disabled={step === last}
        >
          Next →
        </button>
        <button type="button" onClick={onClose}>
          End tour
        </button>
        <span className="muted small">← → keys page through the steps</span>
      </div>
    </section>
  );
}

/** The gallery of guided presets: a card per paper result. */
export function Gallery(props: { onPick(story: (typeof STORIES)[number]): void; onClose(): void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') props.onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props]);
  return (
    <section className="gallery" aria-labelledby="gallery-title" data-testid="gallery">
      <header className="panel-head">
        <h2 id="gallery-title">Guided tours: what the papers found</h2>
        <div className="panel-tools">
          <button type="button" onClick={props.onClose}>
            ✕ Close
          </button>
        </div>
      </header>
      <ul className="cards">
        {STORIES.map((s, i) => (
          <li key={s.preset}>
            <button
              type="button"
              className="card"
              ref={i === 0 ? first : undefined}
              onClick={() => props.onPick(s)}
              data-story={s.preset}
            >
              <span className="card-title">{s.title}</span>
              <span className="card-claim">{s.claim}</span>
              <span className="card-source">{s.source}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
