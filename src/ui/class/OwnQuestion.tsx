/**
 * A question of the instructor's own, at any moment of a class (ownQuestion.ts is its logic):
 * "Ask a question" opens a short form (a choice of 2–6 options typed on the spot, or a number
 * on a scale with its unit, optionally answered by a metric of the run on screen; a countdown
 * that closes voting), then the question's board on the projector: how many answered, the time
 * left, the answers, and close, reveal, vote again.
 */
import { useId, useState } from 'react';
import type { QuestionState } from '../../classroom/protocol';
import { LIMITS } from '../../classroom/protocol';
import type { RunStore } from '../data/runStore';
import { Countdown } from './Countdown';
import { Distribution } from './Distribution';
import type { OwnForm } from './ownQuestion';
import {
  COUNTDOWNS,
  EMPTY_FORM,
  OWN_PREFIX,
  questionOf,
  runAnswer,
  withMetric,
} from './ownQuestion';
import type { ClassDriver } from './useClass';
import { MetricOptions } from '../controls/MetricOptions';

const SECONDS = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** Every word this component shows. */
const T = {
  open: 'Ask a question',
  openTitle: 'A question of your own, now: the phones get it at once',
  title: 'Your question',
  prompt: 'Question',
  kind: 'Answer with',
  choice: 'A choice',
  scale: 'A number',
  option: (i: number) => `Option ${i}`,
  addOption: 'Add an option',
  removeOption: (i: number) => `Remove option ${i}`,
  from: 'From',
  to: 'To',
  step: 'Step',
  unit: 'Unit',
  tolerance: 'Counts as right within',
  metric: 'The run answers it',
  noMetric: 'No: I give the answer',
  metricNote: 'While it is open, this figure is hidden on every screen.',
  timer: 'Time to vote',
  noTimer: 'No limit',
  seconds: (s: number) => (s < 60 ? `${s} s` : `${s / 60} min`),
  ask: 'Ask the class',
  cancel: 'Cancel',
  ofAnswered: (of: number) => `of ${of} answered`,
  measuredAt: (t: string) => `at ${t} s`,
  votingOpen: 'voting open',
  votingClosed: 'voting closed',
  round: (r: number) => `Round ${r}`,
  close: 'Close voting',
  reveal: 'Reveal',
  revealRun: 'Reveal the run’s answer',
  right: 'The right answer',
  pick: 'Pick one',
  yourAnswer: 'The answer',
  revote: 'Vote again',
  answer: 'Answer',
  noFigure: 'The run has no figure yet: play it first.',
  kicker: 'Your question',
};

/** "Ask a question" and its form, which sends the question and folds away. */
export function OwnQuestionAsk({
  cls,
  disabled,
  title,
}: {
  cls: ClassDriver;
  disabled: boolean;
  /** The lesson's step or the scenario on show (the results say where it was asked). */
  title: string;
}) {
  const [form, setForm] = useState<OwnForm | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const id = useId();
  if (!form)
    return (
      <button
        type="button"
        data-testid="own-open"
        title={T.openTitle}
        disabled={disabled}
        onClick={() => setForm(EMPTY_FORM)}
      >
        {T.open}
      </button>
    );
  const set = (patch: Partial<OwnForm>) => setForm({ ...form, ...patch });
  const ask = () => {
    const r = questionOf(form, `${OWN_PREFIX}${Date.now().toString(36)}`, title);
    if ('errors' in r) {
      setErrors(r.errors);
      return;
    }
    setErrors([]);
    cls.session.send({ type: 'open', question: r.question });
    setForm(null);
  };
  return (
    <form
      className="class-own-form"
      data-testid="own-form"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        ask();
      }}
    >
      <h3 id={`${id}-title`}>{T.title}</h3>
      <label className="stack">
        {T.prompt}
        <input
          type="text"
          value={form.prompt}
          maxLength={LIMITS.maxPrompt}
          data-testid="own-prompt"
          // The form opens for this: the instructor types at once.
          autoFocus
          onChange={(e) => set({ prompt: e.target.value })}
        />
      </label>
      <fieldset className="class-own-kind">
        <legend>{T.kind}</legend>
        {(['choice', 'scale'] as const).map((k) => (
          <label key={k} className="inline">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={form.kind === k}
              data-testid={`own-kind-${k}`}
              onChange={() => set(k === 'choice' ? { kind: k, metric: '' } : { kind: k })}
            />{' '}
            {k === 'choice' ? T.choice : T.scale}
          </label>
        ))}
      </fieldset>
      {form.kind === 'choice' ? (
        <div className="class-own-options">
          {form.options.map((o, i) => (
            <div key={i} className="class-own-option">
              <label className="stack grow">
                {T.option(i + 1)}
                <input
                  type="text"
                  value={o}
                  maxLength={LIMITS.maxLabel}
                  data-testid="own-option"
                  onChange={(e) =>
                    set({ options: form.options.map((x, j) => (j === i ? e.target.value : x)) })
                  }
                />
              </label>
              {form.options.length > LIMITS.minOptions && (
                <button
                  type="button"
                  className="small"
                  aria-label={T.removeOption(i + 1)}
                  onClick={() => set({ options: form.options.filter((_, j) => j !== i) })}
                >
                  ✕
                </button>
              )}
            </div>
          ))}
          {form.options.length < 6 && (
            <button
              type="button"
              className="small"
              data-testid="own-add-option"
              onClick={() => set({ options: [...form.options, ''] })}
            >
              {T.addOption}
            </button>
          )}
        </div>
      ) : (
        <div className="class-own-scale">
          <label className="stack">
            {T.metric}
            <select
              value={form.metric}
              data-testid="own-metric"
              onChange={(e) => setForm(withMetric(form, e.target.value))}
            >
              <option value="">{T.noMetric}</option>
              <MetricOptions />
            </select>
          </label>
          {form.metric && <p className="muted small">{T.metricNote}</p>}
          <div className="class-own-row">
            {(
              [
                ['min', T.from],
                ['max', T.to],
                ['step', T.step],
              ] as const
            ).map(([k, label]) => (
              <label key={k} className="stack">
                {label}
                <input
                  type="number"
                  inputMode="decimal"
                  value={form[k]}
                  data-testid={`own-${k}`}
                  onChange={(e) => set({ [k]: e.target.value })}
                />
              </label>
            ))}
            <label className="stack">
              {T.unit}
              <input
                type="text"
                value={form.unit}
                maxLength={LIMITS.maxUnit}
                data-testid="own-unit"
                onChange={(e) => set({ unit: e.target.value })}
              />
            </label>
          </div>
          <label className="stack">
            {T.tolerance}
            <input
              type="number"
              inputMode="decimal"
              min={0}
              value={form.tolerance}
              placeholder={form.step}
              data-testid="own-tolerance"
              onChange={(e) => set({ tolerance: e.target.value })}
            />
          </label>
        </div>
      )}
      <label className="stack">
        {T.timer}
        <select
          value={form.seconds}
          data-testid="own-timer"
          onChange={(e) => set({ seconds: Number(e.target.value) })}
        >
          {COUNTDOWNS.map((s) => (
            <option key={s} value={s}>
              {s === 0 ? T.noTimer : T.seconds(s)}
            </option>
          ))}
        </select>
      </label>
      {errors.length > 0 && (
        <div className="class-warn" role="alert" data-testid="own-errors">
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="class-actions">
        <button type="submit" className="primary" data-testid="own-ask">
          {T.ask}
        </button>
        <button type="button" onClick={() => setForm(null)}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

/** The board of an own question that is the room's current one. */
export function OwnQuestionBoard({
  cls,
  store,
  q,
}: {
  cls: ClassDriver;
  store: RunStore;
  q: QuestionState;
}) {
  const s = cls.state;
  const ready = s.role === 'host' && s.status === 'open';
  const students = s.room?.students ?? 0;
  const tally = s.tally && s.tally.qid === q.qid ? s.tally : null;
  const rounds = tally ? [...tally.rounds, tally] : [];
  const [right, setRight] = useState('');
  const [typed, setTyped] = useState('');
  const [noFigure, setNoFigure] = useState(false);
  const fmt = (v: number) =>
    `${new Intl.NumberFormat().format(v)}${q.kind === 'scale' && q.unit ? ` ${q.unit}` : ''}`;
  const label = (v: string | number) =>
    q.kind === 'choice' ? (q.options.find((o) => o.id === v)?.label ?? String(v)) : fmt(Number(v));
  const tied = q.kind === 'scale' && !!q.metric;

  const reveal = () => {
    let answer: string | number | null = null;
    if (q.kind === 'choice') answer = right || null;
    else if (tied) answer = runAnswer(q, store.metrics);
    else answer = typed.trim() === '' ? null : Number(typed);
    if (answer === null || (typeof answer === 'number' && !Number.isFinite(answer))) {
      setNoFigure(tied);
      return;
    }
    setNoFigure(false);
    cls.session.send({
      type: 'reveal',
      qid: q.qid,
      answer,
      ...(tied ? { measured: T.measuredAt(SECONDS.format(store.t)) } : {}),
    });
  };
  const canReveal =
    q.kind === 'choice'
      ? right !== ''
      : tied || (typed.trim() !== '' && Number.isFinite(Number(typed)));

  return (
    <div className="class-own-board" data-testid="own-board" data-qid={q.qid}>
      <div className="class-board in-card">
        <p className="class-prompt">
          <span className="class-kicker">{T.kicker}</span> <strong>{q.prompt}</strong>
        </p>
        <p className="class-answered" data-testid="class-answered">
          {T.round(q.round)}: <strong data-testid="class-answered-n">{tally?.answered ?? 0}</strong>{' '}
          {T.ofAnswered(students)} · {q.open ? T.votingOpen : T.votingClosed}
          {q.open && q.closesIn !== undefined && (
            <>
              {' · '}
              <Countdown closesIn={q.closesIn} stamp={`${q.qid}.${q.round}`} />
            </>
          )}
        </p>
        {q.revealed && (
          <p className="class-revealed" data-testid="class-revealed">
            {T.yourAnswer}:{' '}
            <strong data-testid="class-run-answer">{label(q.revealed.answer)}</strong>
            {q.revealed.measured && <> ({q.revealed.measured})</>}
          </p>
        )}
        <Distribution
          kind={q.kind}
          options={q.kind === 'choice' ? q.options : undefined}
          min={q.kind === 'scale' ? q.min : undefined}
          max={q.kind === 'scale' ? q.max : undefined}
          format={q.kind === 'scale' ? fmt : undefined}
          rounds={rounds.length > 2 ? [rounds[0], rounds[rounds.length - 1]] : rounds}
          answer={q.revealed?.answer}
        />
      </div>
      {!q.revealed && q.kind === 'choice' && (
        <label className="stack">
          {T.right}
          <select value={right} data-testid="own-right" onChange={(e) => setRight(e.target.value)}>
            <option value="">{T.pick}</option>
            {q.options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {!q.revealed && q.kind === 'scale' && !tied && (
        <label className="stack">
          {T.answer}
          <input
            type="number"
            inputMode="decimal"
            value={typed}
            data-testid="own-answer"
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      )}
      {noFigure && (
        <p className="class-warn" role="alert">
          {T.noFigure}
        </p>
      )}
      <div className="class-actions">
        {q.open && (
          <button
            type="button"
            disabled={!ready}
            data-testid="own-close"
            onClick={() => cls.session.send({ type: 'close', qid: q.qid })}
          >
            {T.close}
          </button>
        )}
        {!q.revealed && (
          <button
            type="button"
            className="primary"
            disabled={!ready || !canReveal}
            data-testid="own-reveal"
            onClick={reveal}
          >
            {tied ? T.revealRun : T.reveal}
          </button>
        )}
        {q.round < LIMITS.maxRounds && (
          <button
            type="button"
            disabled={!ready}
            data-testid="own-revote"
            onClick={() => cls.session.send({ type: 'revote', qid: q.qid })}
          >
            {T.revote}
          </button>
        )}
      </div>
    </div>
  );
}
