/**
 * The student's side, phone first: a bar that says which room the phone is in and whether it
 * follows the instructor ("Explore on my own" / "Follow the class"), and the class's question
 * in the lesson card's place of the prediction: big buttons to answer while it is open, the
 * student's own answer (kept when the phone reloads), and after the reveal their answer
 * against the run. Nothing identifies the student: an anonymous id kept in this browser.
 */
import type { QuestionState } from '../../classroom/protocol';
import { useLingui } from '@lingui/react';
import { lessonById } from '../lessons/catalog';
import { localPrediction } from '../lessons/lessonWords';
import { formatNumber } from '../../i18n/numbers';
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
// A student's words on their phone (the catalogs: src/locales).
const T = {
  paused: /*i18n*/ {
    id: 'class.student.paused',
    message: 'Paused',
    comment: 'Phone, over the whole screen: the instructor paused the class.',
  },
  pausedNote: /*i18n*/ {
    id: 'class.student.paused.note',
    message: 'Eyes on the instructor: the class is paused. Voting waits until it resumes.',
    comment: 'Phone, under “Paused”.',
  },
  pausedVote: /*i18n*/ {
    id: 'class.student.paused.vote',
    message: 'Paused: voting waits for the instructor.',
    comment: 'Phone, under an open question while the class is paused.',
  },
  slideVote: /*i18n*/ {
    id: 'class.student.vote.slide',
    message:
      'Move the slider to your answer, then send it. You can change it while voting is open.',
    comment: 'Phone, under a question answered with a slider, before the student answers.',
  },
  tapVote: /*i18n*/ {
    id: 'class.student.vote.tap',
    message: 'Tap your answer. You can change it while voting is open.',
    comment: 'Phone, under a question answered by tapping an option, before the student answers.',
  },
  ended: /*i18n*/ {
    id: 'class.student.ended',
    message: 'The class has ended',
    comment: 'Phone, over the whole screen: the instructor ended the class.',
  },
  endedNote: /*i18n*/ {
    id: 'class.student.ended.note',
    message: 'Thank you! Your answers are kept. The app is yours now.',
    comment: 'Phone, under “The class has ended”.',
  },
  explore: /*i18n*/ {
    id: 'class.student.explore',
    message: 'Keep exploring on your own',
    comment: 'Phone, button after the class ended: opens the app without the class.',
  },
  room: /*i18n*/ {
    id: 'class.student.room',
    message: 'Class {code}',
    comment: 'Phone, small print: the class’s code, e.g. “Class Y7HFH”.',
  },
  round: /*i18n*/ {
    id: 'class.student.round',
    message: 'Vote again (round {round})',
    comment: 'Phone: the instructor asked the same question again; {round} is 2, 3, …',
  },
  roundBefore: /*i18n*/ {
    id: 'class.student.round.before',
    message: 'Vote again (round {round}): before, you said {answer}',
    comment: 'Phone: the question asked again, and the student’s answer in the round before.',
  },
  yourAnswer: /*i18n*/ {
    id: 'class.student.answer',
    message: 'Your answer',
    comment: 'Phone, for screen readers: the name of the group of options or of the slider.',
  },
  send: /*i18n*/ {
    id: 'class.student.send',
    message: 'Send my answer',
    comment: 'Phone, button under the slider.',
  },
  change: /*i18n*/ {
    id: 'class.student.change',
    message: 'Change my answer',
    comment: 'Phone, button under the slider once an answer was sent.',
  },
  mine: /*i18n*/ {
    id: 'class.student.mine',
    message: 'Your answer:',
    comment: 'Phone, before the answer the student gave (shown after it, in bold).',
  },
  received: /*i18n*/ {
    id: 'class.student.received',
    message: '✓ received',
    comment: 'Phone, after the student’s answer: the class got it.',
  },
  sending: /*i18n*/ {
    id: 'class.student.sending',
    message: 'sending…',
    comment: 'Phone, after the student’s answer: not yet received.',
  },
  closed: /*i18n*/ {
    id: 'class.student.closed',
    message: 'Voting is closed.',
    comment: 'Phone, under a question whose voting the instructor closed.',
  },
  reconnecting: /*i18n*/ {
    id: 'class.student.reconnecting',
    message: 'Reconnecting to the class… your answer is kept and sent when it is back.',
    comment: 'Phone, while the network to the class is down.',
  },
  wait: /*i18n*/ {
    id: 'class.student.wait',
    message: 'Wait for the instructor to reveal the run.',
    comment: 'Phone, after voting closed and before the answer is shown.',
  },
  theRun: /*i18n*/ {
    id: 'class.student.run',
    message: 'The run:',
    comment: 'Phone, before the answer the simulation gave (shown after it, in bold).',
  },
  right: /*i18n*/ {
    id: 'class.student.right',
    message: '✓ Your answer matches the run',
    comment: 'Phone, after the reveal.',
  },
  wrong: /*i18n*/ {
    id: 'class.student.wrong',
    message: '✗ Your answer differs from the run',
    comment: 'Phone, after the reveal.',
  },
  exploreOwn: /*i18n*/ {
    id: 'class.student.follow.explore',
    message: 'Explore on my own',
    comment: 'Phone, button: stop following the instructor’s screen and use the app freely.',
  },
  exploreShort: /*i18n*/ {
    id: 'class.student.follow.explore.short',
    message: 'Explore',
    comment: 'Phone, the same button in a lesson card’s narrow head.',
  },
  exploreTip: /*i18n*/ {
    id: 'class.student.follow.explore.tip',
    message: 'Explore on my own: the phone stops following the instructor',
    comment: 'Tooltip of the Explore button.',
  },
  follow: /*i18n*/ {
    id: 'class.student.follow',
    message: 'Follow the class',
    comment: 'Phone, button: go back to the instructor’s step.',
  },
  followShort: /*i18n*/ {
    id: 'class.student.follow.short',
    message: 'Follow',
    comment: 'Phone, the same button in a lesson card’s narrow head.',
  },
  followTip: /*i18n*/ {
    id: 'class.student.follow.tip',
    message: 'Follow the class: back to the instructor’s step',
    comment: 'Tooltip of the Follow button.',
  },
  followOpen: /*i18n*/ {
    id: 'class.student.follow.open',
    message: '{label} (a question is open)',
    comment:
      'Phone: the Follow button while the instructor’s question waits. {label}: “Follow the class”.',
  },
  followOpenShort: /*i18n*/ {
    id: 'class.student.follow.open.short',
    message: '{label} (question)',
    comment: 'Phone: the short Follow button while a question waits. {label}: “Follow”.',
  },
  bar: /*i18n*/ {
    id: 'class.student.bar',
    message: 'Class',
    comment:
      'Phone, the class’s strip at the top: before the class’s code (e.g. “Class Y7HFH”); also its name for screen readers.',
  },
  following: /*i18n*/ {
    id: 'class.student.bar.following',
    message: 'following the instructor',
    comment: 'Phone, the class’s strip: the phone shows the instructor’s step.',
  },
  onOwn: /*i18n*/ {
    id: 'class.student.bar.own',
    message: 'on your own',
    comment: 'Phone, the class’s strip: the student explores without following.',
  },
  notConnected: /*i18n*/ {
    id: 'class.student.bar.closed',
    message: 'not connected',
    comment: 'Phone, the class’s strip: no connection to the class.',
  },
  reconnectingShort: /*i18n*/ {
    id: 'class.student.bar.reconnecting',
    message: 'reconnecting…',
    comment: 'Phone, the class’s strip: the connection is being made again.',
  },
  why: /*i18n*/ {
    id: 'class.student.why',
    message: 'Why:',
    comment: 'Phone, after the reveal: before the sentence that explains the answer.',
  },
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

/** The lesson prediction a question id names (`lesson.predict`), in this phone's language. */
function predictionOf(qid: string): Prediction | null {
  const [l, p] = qid.split('.');
  const lesson = lessonById(l ?? '');
  for (const s of lesson?.steps ?? [])
    if (s.predict?.id === p) return localPrediction(lesson!, s.predict);
  return null;
}

/**
 * A question as this phone shows it: a built-in lesson's in the phone's language (the server
 * carries the projector's words, and the question's id names the prediction); any other (the
 * instructor's own) as the projector sent it.
 */
function inPhoneLanguage(q: QuestionState, pred: Prediction | null): QuestionState {
  if (!pred) return q;
  const why = q.revealed?.why !== undefined ? { why: pred.why } : {};
  const revealed = q.revealed ? { revealed: { ...q.revealed, ...why } } : {};
  if (q.kind === 'choice' && pred.kind === 'choice')
    return {
      ...q,
      ...revealed,
      prompt: pred.question,
      options: q.options.map((o) => ({
        ...o,
        label: pred.options.find((x) => x.id === o.id)?.label ?? o.label,
      })),
    };
  return { ...q, ...revealed, prompt: pred.question };
}

function formatValue(q: QuestionState, v: string | number): string {
  if (q.kind === 'choice') return q.options.find((o) => o.id === v)?.label ?? String(v);
  const pred = predictionOf(q.qid);
  if (pred?.kind === 'scale') return pred.format(Number(v));
  return `${formatNumber(Number(v))}${q.unit ? ` ${q.unit}` : ''}`;
}

/** `query`: the scenario on show, which "Keep exploring" opens without the class. */
export function StudentBar({ cls, query }: { cls: ClassDriver; query: string }) {
  const { _ } = useLingui();
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
                <p className="class-overlay-title">{_(T.paused)}</p>
                <p>{_(T.pausedNote)}</p>
                <p className="muted small">{_({ ...T.room, values: { code: cls.room } })}</p>
              </div>
            ) : (
              <div className="class-overlay-card" role="status" data-testid="class-ended">
                <p className="class-overlay-title">{_(T.ended)}</p>
                <p>{_(T.endedNote)}</p>
                <a
                  className="button primary class-big"
                  href={`?${query}`}
                  data-testid="class-keep-exploring"
                >
                  {_(T.explore)}
                </a>
                <p className="muted small">{_({ ...T.room, values: { code: cls.room } })}</p>
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
      aria-label={_(T.bar)}
      data-testid="class-student-bar"
      data-status={s.status}
      data-life={life ?? undefined}
    >
      {notice}
      <span>
        {_(T.bar)} <strong data-testid="class-room">{cls.room}</strong>
        {s.status === 'open' && life && life !== 'open' ? (
          <span className="class-warn-inline" role="status">
            {' '}
            · <strong>{_(life === 'paused' ? T.paused : T.ended)}</strong>
          </span>
        ) : s.status === 'open' ? (
          <span className="muted"> · {_(cls.following ? T.following : T.onOwn)}</span>
        ) : (
          <span className="class-warn-inline" role="status" data-testid="class-status">
            {' '}
            · {_(s.status === 'closed' ? T.notConnected : T.reconnectingShort)}
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
  const { _ } = useLingui();
  const id = inCard ? '-card' : '';
  const label = _(inCard ? T.followShort : T.follow);
  return cls.following ? (
    <button
      type="button"
      className={inCard ? 'small class-follow-small' : undefined}
      onClick={() => cls.setFollowing(false)}
      data-testid={`class-explore${id}`}
      title={_(T.exploreTip)}
    >
      {_(inCard ? T.exploreShort : T.exploreOwn)}
    </button>
  ) : (
    <button
      type="button"
      className={inCard ? 'primary small class-follow-small' : 'primary'}
      onClick={() => cls.setFollowing(true)}
      data-testid={`class-follow${id}`}
      title={_(T.followTip)}
    >
      {open ? _({ ...(inCard ? T.followOpenShort : T.followOpen), values: { label } }) : label}
    </button>
  );
}

/** The class's question for this lesson step (or the open question when no step shows it). */
export function StudentQuestion({ cls, q: sent }: { cls: ClassDriver; q: QuestionState }) {
  const { _ } = useLingui();
  const pred = predictionOf(sent.qid);
  const q = inPhoneLanguage(sent, pred);
  const s = cls.state;
  const mine = s.mine.answers.find((a) => a.qid === q.qid && a.round === q.round);
  const earlier = s.mine.answers
    .filter((a) => a.qid === q.qid && a.round < q.round)
    .sort((a, b) => a.round - b.round);
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
          {earlier.length > 0
            ? _({
                ...T.roundBefore,
                values: {
                  round: q.round,
                  answer: formatValue(q, earlier[earlier.length - 1].value),
                },
              })
            : _({ ...T.round, values: { round: q.round } })}
        </p>
      )}
      {voting && q.kind === 'choice' && (
        <div className="class-options" role="group" aria-label={_(T.yourAnswer)}>
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
            aria-label={_(T.yourAnswer)}
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
            {_(mine ? T.change : T.send)}
          </button>
        </div>
      )}
      <p className="class-mine-line" data-testid="class-mine" data-saved={saved ? '1' : '0'}>
        {mine ? (
          <>
            {_(T.mine)} <strong>{formatValue(q, mine.value)}</strong>{' '}
            <span className="muted">{_(saved ? T.received : T.sending)}</span>
          </>
        ) : voting ? (
          <span className="muted">{_(q.kind === 'scale' ? T.slideVote : T.tapVote)}</span>
        ) : q.open ? null : (
          <span className="muted">{_(T.closed)}</span>
        )}
      </p>
      {paused && q.open && (
        <p className="class-warn" role="status" data-testid="class-paused-vote">
          {_(T.pausedVote)}
        </p>
      )}
      {s.status !== 'open' && (
        <p className="class-warn" role="status">
          {_(T.reconnecting)}
        </p>
      )}
      {!q.open && !r && <p className="muted">{_(T.wait)}</p>}
      {r && (
        <div className="class-reveal" data-testid="class-student-reveal" aria-live="polite">
          <p>
            {_(T.theRun)} <strong data-testid="class-run-answer">{formatValue(q, r.answer)}</strong>
            {r.measured && q.kind === 'choice' && <> ({r.measured})</>}
          </p>
          {mine && right !== null && (
            <p className={right ? 'class-right' : 'class-wrong'} data-testid="class-verdict">
              {_(right ? T.right : T.wrong)}
            </p>
          )}
          {r.why && (
            <p className="muted small">
              {_(T.why)} {r.why}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
