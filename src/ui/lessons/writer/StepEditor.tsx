// One step of the lesson being written: its moment (scenario, pause instant, view), its title
// and text, and an optional question: a choice with the right option marked, or a scale tied to
// a metric chosen from the list. Move up, down, or remove.
import { VIEWS, VIEW_IDS } from '../../views/registry';
import type { DraftQuestion, DraftStep } from './draft';
import { MetricOptions } from '../../controls/MetricOptions';

const WORDS = {
  step: (n: number) => `Step ${n}`,
  moment: (t: string, view: string) => `Pauses at ${t} s · outlines ${view}`,
  title: 'Title',
  text: 'What to look at',
  question: 'Question',
  none: 'None',
  choice: 'Choice',
  scale: 'A metric on a scale',
  prompt: 'Question asked before the run plays',
  option: (n: number) => `Option ${n}`,
  right: (n: number) => `Option ${n} is right`,
  addOption: 'Add an option',
  metric: 'Metric that answers it',
  why: 'Why (shown with the answer)',
  up: (n: number) => `Move step ${n} up`,
  down: (n: number) => `Move step ${n} down`,
  remove: (n: number) => `Remove step ${n}`,
};

const secs = new Intl.NumberFormat(undefined, { maximumFractionDigits: 6 });

export function StepEditor(props: {
  step: DraftStep;
  n: number;
  last: boolean;
  onChange(s: DraftStep): void;
  onMove(by: number): void;
  onRemove(): void;
}) {
  const { step: s, n } = props;
  const q = s.question;
  const set = (patch: Partial<DraftStep>) => props.onChange({ ...s, ...patch });
  const setQ = (patch: Partial<DraftQuestion>) => set({ question: { ...q, ...patch } });
  const id = `writer-step-${n}`;
  const viewTitle = (VIEW_IDS as string[]).includes(s.view)
    ? VIEWS[s.view as keyof typeof VIEWS].title
    : s.view;
  return (
    <li className="writer-step" data-testid="writer-step" aria-labelledby={`${id}-h`}>
      <div className="writer-step-head">
        <h4 id={`${id}-h`}>{WORDS.step(n)}</h4>
        <span className="muted small">{WORDS.moment(secs.format(s.pauseAt), viewTitle)}</span>
        <span className="writer-step-tools">
          <button
            type="button"
            aria-label={WORDS.up(n)}
            disabled={n === 1}
            onClick={() => props.onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={WORDS.down(n)}
            disabled={props.last}
            onClick={() => props.onMove(1)}
          >
            ↓
          </button>
          <button type="button" aria-label={WORDS.remove(n)} onClick={props.onRemove}>
            ✕
          </button>
        </span>
      </div>
      <label>
        {WORDS.title}
        <input value={s.title} maxLength={120} onChange={(e) => set({ title: e.target.value })} />
      </label>
      <label>
        {WORDS.text}
        <textarea
          rows={3}
          value={s.text}
          maxLength={2000}
          onChange={(e) => set({ text: e.target.value })}
        />
      </label>
      <div className="writer-field">
        <label htmlFor={`${id}-kind`}>{WORDS.question}</label>
        <select
          id={`${id}-kind`}
          value={q.kind}
          onChange={(e) => setQ({ kind: e.target.value as DraftQuestion['kind'] })}
        >
          <option value="none">{WORDS.none}</option>
          <option value="choice">{WORDS.choice}</option>
          <option value="scale">{WORDS.scale}</option>
        </select>
      </div>
      {q.kind !== 'none' && (
        <label>
          {WORDS.prompt}
          <input
            value={q.prompt}
            maxLength={400}
            onChange={(e) => setQ({ prompt: e.target.value })}
          />
        </label>
      )}
      {q.kind === 'choice' && (
        <fieldset className="writer-options">
          <legend>{WORDS.choice}</legend>
          {q.options.map((o, i) => (
            <div key={i} className="writer-option">
              <input
                type="radio"
                name={`${id}-right`}
                checked={q.answer === i}
                aria-label={WORDS.right(i + 1)}
                onChange={() => setQ({ answer: i })}
              />
              <input
                value={o}
                aria-label={WORDS.option(i + 1)}
                maxLength={120}
                onChange={(e) =>
                  setQ({ options: q.options.map((x, j) => (j === i ? e.target.value : x)) })
                }
              />
            </div>
          ))}
          {q.options.length < 6 && (
            <button type="button" onClick={() => setQ({ options: [...q.options, ''] })}>
              {WORDS.addOption}
            </button>
          )}
        </fieldset>
      )}
      {q.kind === 'scale' && (
        <label>
          {WORDS.metric}
          <select value={q.metric} onChange={(e) => setQ({ metric: e.target.value })}>
            <MetricOptions />
          </select>
        </label>
      )}
      {q.kind !== 'none' && (
        <label>
          {WORDS.why}
          <input value={q.why} maxLength={600} onChange={(e) => setQ({ why: e.target.value })} />
        </label>
      )}
    </li>
  );
}
