/**
 * The student's side, phone first: a bar that says which room the phone is in and whether it
 * follows the instructor ("Explore on my own" / "Follow the class"), and the class's question
 * in the lesson card's place of the prediction: big buttons to answer while it is open, the
 * student's own answer (kept when the phone reloads), and after the reveal their answer
 * against the run. Nothing identifies the student: an anonymous id kept in this browser.
 */
import type { QuestionState } from '../../classroom/protocol';
import { lessonById } from '../lessons/catalog';
import type { Prediction } from '../lessons/types';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Countdown } from './Countdown';
import { NoServer } from './HostPanel';
import { toleranceOf } from './ownQuestion';
import { StudentJoin } from './StudentJoin';
import type { ClassDriver } from './useClass';
import './class.css';

/** Every new word the student's side shows about the class's life. */
const T = {
  paused: 'Paused',
  pausedNote: 'Eyes on the instructor: the class is paused. Voting waits until it resumes.',
  pausedVote: 'Paused: voting waits for the instructor.',
  slideVote: 'Move the slider to your answer, then send it.',
  tapVote: 'Tap your answer.',
  ended: 'The class has ended',
  endedNote: 'Thank you! Your answers are kept. The app is yours now.',
  explore: 'Keep exploring on your own',
};

/**
 * The slider's first value: the student's answer to this round, else their answer to the round
 * before (vote again starts where they were), else the lesson's starting value or the middle.
 */
export function initialScale(
  q: { kind: string; min?: number; max?: number },
  mine: string | number | undefined,
  before: string | number | undefined,
  initial: number | undefined,
): number {
  if (q.kind !== 'scale') return 0;
  const v = mine ?? before;
  if (v !== undefined && Number.isFinite(Number(v))) return Number(v);
  return initial ?? ((q.min ?? 0) + (q.max ?? 1)) / 2;
}

const NUMBER = new Intl.NumberFormat();

/** The lesson prediction a question id names (`lesson.predict`), for its formatting. */
function predictionOf(qid: string): Prediction | null {
  const [l, p] = qid.split('.');
  for (const s of lessonById(l ?? '')?.steps ?? []) if (s.predict?.id === p) return s.predict;
  return null;
}

function formatValue(q: QuestionState, v: string | number): string {
  if (q.kind === 'choice') return q.options.find((o) => o.id === v)?.label ?? String(v);
  const pred = predictionOf(q.qid);
  if (pred?.kind === 'scale') return pred.format(Number(v));
  return `${NUMBER.format(Number(v))}${q.unit ? ` ${q.unit}` : ''}`;
}

/** `query`: the scenario on show, which "Keep exploring" opens without the class. */
export function StudentBar({ cls, query }: { cls: ClassDriver; query: string }) {
  const s = cls.state;
  if (cls.info === null)
    return (
      <div className="class-bar" data-testid="class-student-bar">
        <NoServer onClose={cls.leave} student />
      </div>
    );
  // No room named, or none by that code: the join page, its code field prefilled.
  if (!cls.room || s.errorCode === 'no-room') return <StudentJoin key={cls.room ?? ''} cls={cls} />;
  const q = s.room?.question ?? null;
  const life = s.room?.status ?? null;
  // Paused or ended, the phone says so over the whole screen, wherever the page is scrolled
  // (a lesson's card or view may fill it): the room's eyes go to the instructor.
  const notice =
    life === 'paused' || life === 'ended'
      ? createPortal(
          <div className="class-overlay" data-life={life}>
            {life === 'paused' ? (
              <div className="class-overlay-card" role="status" data-testid="class-paused">
                <p className="class-overlay-title">{T.paused}</p>
                <p>{T.pausedNote}</p>
                <p className="muted small">Class {cls.room}</p>
              </div>
            ) : (
              <div className="class-overlay-card" role="status" data-testid="class-ended">
                <p className="class-overlay-title">{T.ended}</p>
                <p>{T.endedNote}</p>
                <a
                  className="button primary class-big"
                  href={`?${query}`}
                  data-testid="class-keep-exploring"
                >
                  {T.explore}
                </a>
                <p className="muted small">Class {cls.room}</p>
              </div>
            )}
          </div>,
          document.body,
        )
      : null;
  return (
    <div
      className={`class-bar ${life === 'paused' ? 'class-paused' : ''}`}
      // A landmark: the class's state and the follow switch, found from a screen reader's list.
      role="region"
      aria-label="Class"
      data-testid="class-student-bar"
      data-status={s.status}
      data-life={life ?? undefined}
    >
      {notice}
      <span>
        Class <strong data-testid="class-room">{cls.room}</strong>
        {s.status === 'open' && life && life !== 'open' ? (
          <span className="class-warn-inline" role="status">
            {' '}
            · <strong>{life === 'paused' ? T.paused : T.ended}</strong>
          </span>
        ) : s.status === 'open' ? (
          <span className="muted">
            {' '}
            · {cls.following ? 'following the instructor' : 'on your own'}
          </span>
        ) : (
          <span className="class-warn-inline" role="status" data-testid="class-status">
            {' '}
            · {s.status === 'closed' ? 'not connected' : 'reconnecting…'}
          </span>
        )}
      </span>
      {s.error && (
        <span className="class-warn-inline" role="alert">
          {s.error}
        </span>
      )}
      {cls.lessonError && (
        <span className="class-warn-inline" role="alert" data-testid="class-lesson-error">
          {cls.lessonError}
        </span>
      )}
      {life !== 'ended' && <FollowToggle cls={cls} open={!!q?.open} />}
    </div>
  );
}

/**
 * "Explore on my own" / "Follow the class". `inCard`: the small copy in the lesson card's head,
 * reachable however far the page scrolls under the card.
 */
export function FollowToggle({
  cls,
  open,
  inCard,
}: {
  cls: ClassDriver;
  open: boolean;
  inCard?: boolean;
}) {
  const id = inCard ? '-card' : '';
  return cls.following ? (
    <button
      type="button"
      className={inCard ? 'small class-follow-small' : undefined}
      onClick={() => cls.setFollowing(false)}
      data-testid={`class-explore${id}`}
      title="Explore on my own: the phone stops following the instructor"
    >
      {inCard ? 'Explore' : 'Explore on my own'}
    </button>
  ) : (
    <button
      type="button"
      className={inCard ? 'primary small class-follow-small' : 'primary'}
      onClick={() => cls.setFollowing(true)}
      data-testid={`class-follow${id}`}
      title="Follow the class: back to the instructor's step"
    >
      {inCard ? 'Follow' : 'Follow the class'}
      {open ? (inCard ? ' (question)' : ' (a question is open)') : ''}
    </button>
  );
}

/** The class's question for this lesson step (or the open question when no step shows it). */
export function StudentQuestion({ cls, q }: { cls: ClassDriver; q: QuestionState }) {
  const s = cls.state;
  const mine = s.mine.answers.find((a) => a.qid === q.qid && a.round === q.round);
  const earlier = s.mine.answers
    .filter((a) => a.qid === q.qid && a.round < q.round)
    .sort((a, b) => a.round - b.round);
  const pred = predictionOf(q.qid);
  const [scale, setScale] = useState<number>(() =>
    initialScale(
      q,
      mine?.value,
      earlier[earlier.length - 1]?.value,
      pred?.kind === 'scale' ? pred.initial : undefined,
    ),
  );
  const paused = s.room?.status === 'paused';
  const voting = q.open && !paused;
  const saved = mine && s.unacked === 0;
  // A question that opens (or a new round) comes into sight whole inside the card.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (q.open) box.current?.scrollIntoView({ block: 'nearest' });
  }, [q.open]);
  const r = q.revealed;
  const right =
    r && mine
      ? q.kind === 'choice'
        ? mine.value === r.answer
        : Math.abs(Number(mine.value) - Number(r.answer)) <=
          (pred?.kind === 'scale' ? pred.tolerance : toleranceOf(q))
      : null;
  return (
    <div
      ref={box}
      className="class-student-q"
      data-testid="class-student-question"
      data-qid={q.qid}
      data-round={q.round}
    >
      <p className="class-prompt">
        <strong>{q.prompt}</strong>
      </p>
      {voting && q.closesIn !== undefined && (
        <p className="class-countdown-line">
          <Countdown closesIn={q.closesIn} stamp={`${q.qid}.${q.round}`} />
        </p>
      )}
      {q.round > 1 && (
        <p className="muted small" data-testid="class-round">
          Vote again (round {q.round})
          {earlier.length > 0 && (
            <>: before, you said {formatValue(q, earlier[earlier.length - 1].value)}</>
          )}
        </p>
      )}
      {voting && q.kind === 'choice' && (
        <div className="class-options" role="group" aria-label="Your answer">
          {q.options.map((o) => (
            <button
              key={o.id}
              type="button"
              className={`class-option ${mine?.value === o.id ? 'chosen' : ''}`}
              aria-pressed={mine?.value === o.id}
              data-testid="class-option"
              data-option={o.id}
              onClick={() => cls.session.answer(q.qid, q.round, o.id)}
            >
              {o.label}
            </button>
          ))}
        </div>
      )}
      {voting && q.kind === 'scale' && (
        <div className="class-scale">
          <input
            type="range"
            min={q.min}
            max={q.max}
            step={q.step}
            value={scale}
            aria-label="Your answer"
            aria-valuetext={formatValue(q, scale)}
            onChange={(e) => setScale(Number(e.target.value))}
          />
          <output>{formatValue(q, scale)}</output>
          <button
            type="button"
            className="primary class-big"
            data-testid="class-send"
            onClick={() => cls.session.answer(q.qid, q.round, scale)}
          >
            {mine ? 'Change my answer' : 'Send my answer'}
          </button>
        </div>
      )}
      <p className="class-mine-line" data-testid="class-mine" data-saved={saved ? '1' : '0'}>
        {mine ? (
          <>
            Your answer: <strong>{formatValue(q, mine.value)}</strong>{' '}
            <span className="muted">{saved ? '✓ received' : 'sending…'}</span>
          </>
        ) : voting ? (
          <span className="muted">
            {q.kind === 'scale' ? T.slideVote : T.tapVote} You can change it while voting is open.
          </span>
        ) : q.open ? null : (
          <span className="muted">Voting is closed.</span>
        )}
      </p>
      {paused && q.open && (
        <p className="class-warn" role="status" data-testid="class-paused-vote">
          {T.pausedVote}
        </p>
      )}
      {s.status !== 'open' && (
        <p className="class-warn" role="status">
          Reconnecting to the class… your answer is kept and sent when it is back.
        </p>
      )}
      {!q.open && !r && <p className="muted">Wait for the instructor to reveal the run.</p>}
      {r && (
        <div className="class-reveal" data-testid="class-student-reveal" aria-live="polite">
          <p>
            The run: <strong data-testid="class-run-answer">{formatValue(q, r.answer)}</strong>
            {r.measured && q.kind === 'choice' && <> ({r.measured})</>}
          </p>
          {mine && right !== null && (
            <p className={right ? 'class-right' : 'class-wrong'} data-testid="class-verdict">
              {right ? '✓ Your answer matches the run' : '✗ Your answer differs from the run'}
            </p>
          )}
          {r.why && <p className="muted small">Why: {r.why}</p>}
        </div>
      )}
    </div>
  );
}
