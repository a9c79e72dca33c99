/**
 * The parts of the projector's class shown on the board under the playback bar on a wide
 * screen (else in the class panel): the room's join block and a pushed challenge's attempts;
 * the media rule for "wide"; the step's placement when a board appears.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { RoomStatus } from '../../classroom/protocol';
import { LifeBadge } from './HostLife';
import type { SessionState as ClassState } from './session';
import { Distribution } from './Distribution';
import { rankedLabel } from './pushItem';
import { placeStepSoon, stepTarget } from '../lessons/placeStep';
import type { LessonDriver } from '../lessons/useLesson';
import { QrButton } from '../share/QrButton';
import { QrCode } from '../share/QrCode';

/** Wide enough for the settings column beside the views (the lesson card is not a sheet). */
const WIDE = '(min-width: 1101px)';
function subscribeWide(f: () => void) {
  const m = window.matchMedia?.(WIDE);
  m?.addEventListener('change', f);
  return () => m?.removeEventListener('change', f);
}
const isWide = () => window.matchMedia?.(WIDE).matches ?? true;
export const useWide = () => useSyncExternalStore(subscribeWide, isWide, () => true);

/** A board that appears under the sticky bar mid-step (a class started during a lesson) moves
 * the step's outlined view back clear of the bar, until the person takes the page. */
export function PlaceStepOnMount({ lessons }: { lessons: LessonDriver }) {
  const step = lessons.lesson?.steps[lessons.step];
  useEffect(() => {
    if (!step) return;
    return placeStepSoon(() => stepTarget(step.view ?? null, !!step.compare));
  }, [step]);
  return null;
}

/** The room's join code, QR code, live count and address (large, or a small row). */
export function JoinBlock(p: {
  room: string;
  /** The room's short join link (`…/j/CODE`): in the QR code, and shown without its scheme. */
  url: string;
  loopback: boolean;
  students: number;
  /** The room's state (null until the server has said). */
  status: RoomStatus | null;
  qr: number;
  small: boolean;
}) {
  return (
    <>
      <div className={`class-join ${p.small ? 'small' : ''}`}>
        {p.small ? (
          // Small, the state goes under the code's QR (the text beside it has no room to spare).
          <div className="class-join-qr">
            <QrCode text={p.url} size={p.qr} label={`QR code to join room ${p.room}`} />
            {p.status && <LifeBadge status={p.status} />}
          </div>
        ) : (
          <QrCode text={p.url} size={p.qr} label={`QR code to join room ${p.room}`} />
        )}
        <div className="class-join-text">
          <span className="class-kicker">Join the class</span>
          <div className="class-code" data-testid="class-code">
            {p.room}
          </div>
          <div className="class-count-row">
            <span className="class-count" data-testid="class-students" data-count={p.students}>
              <strong>{p.students}</strong> {p.students === 1 ? 'student' : 'students'}
            </span>
            {p.status && !p.small && <LifeBadge status={p.status} />}
            <QrButton
              url={() => p.url}
              title={`Join room ${p.room}`}
              label="Show QR"
              className="small"
              hotkey="j"
            />
          </div>
          {/* Small, beside a question: the address is in "Show QR". */}
          {!p.small && (
            <p className="class-url">
              <code data-testid="class-join-url" data-url={p.url}>
                {p.url.replace(/^https?:\/\//, '')}
              </code>
            </p>
          )}
          {p.loopback && !p.small && (
            <p className="class-warn small" data-testid="loopback-warning">
              This address names this laptop only: phones cannot open it.
            </p>
          )}
        </div>
      </div>
    </>
  );
}

type Attempts = NonNullable<ClassState['attempts']>;
type Push = NonNullable<ClassState['room']>['push'];

/** Every word a challenge's tally shows. */
const T = {
  kicker: 'Challenge sent to the class',
  passedOf: (passed: number, tried: number) =>
    ` of ${tried} ${tried === 1 ? 'student' : 'students'} passed`,
  tries: (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`,
  split: (p: number, f: number) => `${p} passed, ${f} failed`,
  passedRow: 'passed',
  failedRow: 'failed',
};

/** At most this many dots per row (more are counted, not drawn). */
const MAX_DOTS = 400;

/** Every attempt's value, as a "passed" and a "failed" row of dots (rows with none left out). */
export function attemptRows(values: Attempts['values']) {
  const passes: number[] = [];
  const fails: number[] = [];
  for (const [v, p, f] of values) {
    for (let i = 0; i < p && passes.length < MAX_DOTS; i++) passes.push(v);
    for (let i = 0; i < f && fails.length < MAX_DOTS; i++) fails.push(v);
  }
  const rows = [];
  if (passes.length)
    rows.push({
      round: 1,
      answered: passes.length,
      values: passes,
      label: T.passedRow,
      tone: 'pass' as const,
    });
  if (fails.length)
    rows.push({
      round: 2,
      answered: fails.length,
      values: fails,
      label: T.failedRow,
      tone: 'fail' as const,
    });
  return rows;
}

/** The sentence of a challenge's tally: "4 of 6 students passed · 11 attempts: 5 passed, 6
 * failed" (the counts in elements of their own, for tests). */
export function AttemptCounts({
  a,
}: {
  a: Pick<Attempts, 'passed' | 'attempted' | 'tries' | 'values'>;
}) {
  const passedTries = a.values.reduce((n, [, p]) => n + p, 0);
  return (
    <>
      <span data-testid="class-passed">{a.passed}</span>
      <span data-testid="class-attempted" data-count={a.attempted}>
        {T.passedOf(a.passed, a.attempted)}
      </span>{' '}
      ·{' '}
      <span data-testid="class-tries" data-count={a.tries} data-failed={a.tries - passedTries}>
        {T.tries(a.tries)}: {T.split(passedTries, a.tries - passedTries)}
      </span>
    </>
  );
}

/** A pushed challenge's attempts: how many students passed of those who tried, every attempt
 * counted (passed and failed), the best value, and a dot per attempt's value (passed and
 * failed rows). */
export function AttemptsBlock({
  attempts: a,
  push,
  board,
}: {
  attempts: Attempts;
  push: Push | undefined;
  board: boolean;
}) {
  const metric = push?.challenge?.metric ?? '';
  const unit = push?.challenge?.unit ? ` ${push.challenge.unit}` : '';
  const all = a.values.map(([v]) => v);
  const lo = all.length ? Math.min(...all) : 0;
  const hi = all.length ? Math.max(...all) : 1;
  const pad = hi > lo ? (hi - lo) * 0.1 : Math.max(1, Math.abs(lo) * 0.1);
  const fmt = (v: number) => `${Number(v.toPrecision(4))}${unit}`;
  const bestOf = a.best.length
    ? push?.challenge?.better === 'higher'
      ? Math.max(...a.best)
      : Math.min(...a.best)
    : 0;
  const rows = attemptRows(a.values);
  return (
    <>
      <div className={board ? 'class-board-q' : undefined}>
        {board && <span className="class-kicker">{T.kicker}</span>}
        <p>
          <strong>{push?.title}</strong>: <AttemptCounts a={a} />
        </p>
        {a.best.length > 0 && (
          <p className={board ? undefined : 'muted small'} data-testid="class-best">
            Best {rankedLabel(metric)}: {fmt(bestOf)}
            {board
              ? ` · ${a.best.length} passing ${a.best.length === 1 ? 'student' : 'students'}`
              : `; all: ${a.best.slice(0, 12).map(fmt).join(', ')}${a.best.length > 12 ? ', …' : ''}`}
          </p>
        )}
      </div>
      {rows.length > 0 && (
        <div className={board ? 'class-board-dist' : 'class-attempts-dist'}>
          <Distribution kind="scale" min={lo - pad} max={hi + pad} format={fmt} rounds={rows} />
        </div>
      )}
    </>
  );
}
