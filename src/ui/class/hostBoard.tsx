/**
 * The parts of the projector's class shown on the board under the playback bar on a wide
 * screen (else in the class panel): the room's join block and a pushed challenge's attempts;
 * the media rule for "wide"; the step's placement when a board appears.
 */
import { useEffect, useSyncExternalStore } from 'react';
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
  url: string;
  loopback: boolean;
  students: number;
  qr: number;
  small: boolean;
}) {
  return (
    <>
      <div className={`class-join ${p.small ? 'small' : ''}`}>
        <QrCode text={p.url} size={p.qr} label={`QR code to join room ${p.room}`} />
        <div className="class-join-text">
          <span className="class-kicker">Join the class</span>
          <div className="class-code" data-testid="class-code">
            {p.room}
          </div>
          <div className="class-count-row">
            <span className="class-count" data-testid="class-students" data-count={p.students}>
              <strong>{p.students}</strong> {p.students === 1 ? 'student' : 'students'}
            </span>
            <QrButton
              url={() => p.url}
              title={`Join room ${p.room}`}
              label="Show QR"
              className="small"
            />
          </div>
          {/* Small, beside a question: the address is in "Show QR". */}
          {!p.small && (
            <p className="class-url">
              <code data-testid="class-join-url">{p.url}</code>
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

/** A pushed challenge's attempts: how many passed, the best value, and (on the board) a dot per
 * passing student's best. */
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
  const lo = a.best.length ? Math.min(...a.best) : 0;
  const hi = a.best.length ? Math.max(...a.best) : 1;
  const pad = hi > lo ? (hi - lo) * 0.1 : Math.max(1, Math.abs(lo) * 0.1);
  const fmt = (v: number) => `${Number(v.toPrecision(4))}${unit}`;
  const best = push?.challenge?.better === 'higher' ? hi : lo;
  return (
    <>
      <div className={board ? 'class-board-q' : undefined}>
        {board && <span className="class-kicker">Challenge sent to the class</span>}
        <p>
          <strong>{push?.title}</strong>: <span data-testid="class-passed">{a.passed}</span> of{' '}
          {a.attempted} passed
        </p>
        {a.best.length > 0 && (
          <p className={board ? undefined : 'muted small'} data-testid="class-best">
            Best {rankedLabel(metric)}: {fmt(best)}
            {board
              ? ` · ${a.best.length} passing ${a.best.length === 1 ? 'student' : 'students'}`
              : `; all: ${a.best.slice(0, 12).map(fmt).join(', ')}${a.best.length > 12 ? ', …' : ''}`}
          </p>
        )}
      </div>
      {board && a.best.length > 0 && (
        <div className="class-board-dist">
          <Distribution
            kind="scale"
            min={lo - pad}
            max={hi + pad}
            format={fmt}
            rounds={[{ round: 1, answered: a.best.length, values: a.best }]}
          />
        </div>
      )}
    </>
  );
}
