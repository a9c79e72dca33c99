/**
 * The projector's class panel, in the settings column beside the views (never over them):
 * "Start a class" (a room, its join code and a large QR code, the address, the live count of
 * students); at a lesson's prediction step "Ask the class" opens the question on the phones and
 * shows live how many answered and how (without the answer); "Reveal" plays the run to the
 * moment and shows its answer beside the class's and the instructor's own prediction; "Vote
 * again" opens a second round and shows how the answers moved; "Send to class" pushes the
 * scenario or challenge on show. Served without the class server, it says how to start one.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { CardAction, useStepBoardSlot } from '../lessons/cardActions';
import { placeStepSoon, stepTarget } from '../lessons/placeStep';
import type { RunStore } from '../data/runStore';
import type { LessonDriver } from '../lessons/useLesson';
import { atMoment } from '../lessons/useLesson';
import { Distribution } from './Distribution';
import { shareLink } from '../share/links';
import { pushItemFor, rankedLabel } from './pushItem';
import { QrButton, QrCode } from '../share/QrCode';
import { questionId } from './useClass';
import type { ClassDriver } from './useClass';
import './class.css';

export interface HostPanelProps {
  cls: ClassDriver;
  lessons: LessonDriver;
  store: RunStore;
  /** The scenario on show (normalised query) and its challenge (`challenge=` value), if any. */
  query: string;
  challenge: string | null;
  title: string;
}

export function NoServer({ onClose, student }: { onClose?: () => void; student?: boolean }) {
  if (student)
    return (
      <section className="class-panel" data-testid="class-no-server" aria-label="Class">
        <h2>No class here</h2>
        <p>
          This copy of the app has no class room. Scan the QR code on the projector, or ask your
          instructor for the class’s address (the laptop runs it with <code>npm run classroom</code>
          ).
        </p>
        {onClose && (
          <button type="button" onClick={onClose}>
            Explore on my own
          </button>
        )}
      </section>
    );
  return (
    <section className="class-panel" data-testid="class-no-server" aria-label="Class">
      <h2>Start a class</h2>
      <p>
        A live class needs the class server on this laptop. In the project folder run{' '}
        <code>npm run classroom</code>, then open the projector’s address it prints. Students scan
        its QR code with their phones; their answers stay on this laptop.
      </p>
      <p className="muted small">
        This page is served without it (a static deployment or <code>npm start</code>): everything
        else works as before.
      </p>
      {onClose && (
        <button type="button" onClick={onClose}>
          Close
        </button>
      )}
    </section>
  );
}

/** How long (ms) after "Reveal" the board's growth may still move the outlined view: the run
 * plays to its moment first (at most this long at the lessons' speeds). */
const REVEAL_WATCH_MS = 120_000;

/** Wide enough for the settings column beside the views (the lesson card is not a sheet). */
const WIDE = '(min-width: 1101px)';
function subscribeWide(f: () => void) {
  const m = window.matchMedia?.(WIDE);
  m?.addEventListener('change', f);
  return () => m?.removeEventListener('change', f);
}
const isWide = () => window.matchMedia?.(WIDE).matches ?? true;
const useWide = () => useSyncExternalStore(subscribeWide, isWide, () => true);

/** A board that appears under the sticky bar mid-step (a class started during a lesson) moves
 * the step's outlined view back clear of the bar, until the person takes the page. */
function PlaceStepOnMount({ lessons }: { lessons: LessonDriver }) {
  const step = lessons.lesson?.steps[lessons.step];
  useEffect(() => {
    if (!step) return;
    return placeStepSoon(() => stepTarget(step.view ?? null, !!step.compare));
  }, [step]);
  return null;
}

/** The room's join code, QR code, live count and address (large, or a small row). */
function JoinBlock(p: {
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

/**
 * The class's side of a lesson's prediction. Before it is asked: "Ask the class" (and the
 * instructor's own prediction) in the projector's lesson card. Once asked, on a wide screen,
 * the room's board under the playback bar, across the views: the question, how many answered,
 * the bars (or the strip), then the run's answer; the card keeps the buttons at its foot. On a
 * narrow screen all of it is in the card.
 */
export function HostQuestion({
  cls,
  lessons,
  store,
}: Omit<HostPanelProps, 'query' | 'challenge' | 'title'>) {
  useSyncExternalStore(store.subscribeStatus, store.getStatus);
  const s = cls.state;
  const lesson = lessons.lesson!;
  const pred = lesson.steps[lessons.step].predict!;
  const qid = questionId(lesson.id, pred.id);
  const q = s.room?.question ?? null;
  const current = q && q.qid === qid ? q : null;
  const arrived = atMoment(store, lesson, lessons.step);
  // The instructor's own prediction (optional), shown beside the class's after the reveal. Not
  // committed to the lesson: that would play the run before the class has answered.
  const [own, setOwn] = useState<string | number | null>(null);
  const students = s.room?.students ?? 0;

  // Reveal: once the run is at the moment, its answer goes to the class.
  const waiting = cls.revealing === qid && !current?.revealed;
  useEffect(() => {
    if (!waiting || !arrived) return;
    const ctx = { store, metrics: store.metrics };
    const answer = pred.answer(ctx);
    if (answer === null) return;
    cls.session.send({
      type: 'reveal',
      qid,
      answer,
      ...(own !== null ? { instructor: own } : {}),
      measured: (pred.kind === 'choice' ? pred.measured(ctx) : pred.format(Number(answer))).slice(
        0,
        200,
      ),
      why: pred.why.slice(0, 800),
    });
  }, [waiting, arrived, pred, qid, store, own, cls.session]);

  const label = (v: string | number) =>
    pred.kind === 'choice'
      ? (pred.options.find((o) => o.id === v)?.label ?? String(v))
      : pred.format(Number(v));
  const tally = s.tally && current && s.tally.qid === current.qid ? s.tally : null;
  const rounds = tally ? [...tally.rounds, tally] : [];
  const ready = s.role === 'host' && s.status === 'open';

  const boardSlot = useStepBoardSlot();
  const wide = useWide();
  const onBoard = !!current && !!boardSlot && wide;
  const step = lesson.steps[lessons.step];

  // The step's outlined view stays clear of the sticky bar as the board under it appears and
  // grows (the tally comes after the question; a round adds bars; the reveal adds the run's
  // answer), until the instructor scrolls, types or touches: then the page is theirs.
  const placing = useRef<(() => void) | null>(null);
  const place = useCallback(
    (watchMs?: number) => {
      placing.current?.();
      placing.current = placeStepSoon(() => stepTarget(step.view ?? null, !!step.compare), watchMs);
    },
    [step],
  );
  useEffect(() => () => placing.current?.(), []);

  // Asked, a new round, revealed: the card's text scrolls to the class's part (the step's
  // prose above it was read before asking), never the page.
  const block = useRef<HTMLDivElement>(null);
  const phase = current
    ? `${current.round}.${current.revealed ? 'r' : current.open ? 'o' : 'c'}.${onBoard}`
    : '';
  useLayoutEffect(() => {
    const el = block.current;
    const body = el?.closest<HTMLElement>('#lesson-body');
    if (!el || !body || !phase) return;
    body.scrollTop += el.getBoundingClientRect().top - body.getBoundingClientRect().top;
    // Not while a reveal plays: its own watch (from the click) keeps the view placed as the
    // answer arrives, unless the instructor has scrolled meanwhile.
    if (onBoard && !current?.revealed && !waiting) place();
  }, [phase, onBoard, place, current?.revealed, waiting]);

  const board = current && (
    <>
      <div className="class-board-q">
        <p className="class-prompt">
          <span className="class-kicker">Class question</span> <strong>{pred.question}</strong>
        </p>
        <p className="class-answered" data-testid="class-answered">
          Round {current.round}:{' '}
          <strong data-testid="class-answered-n">{tally?.answered ?? 0}</strong> of {students}{' '}
          answered {current.open ? '· voting open' : '· voting closed'}
        </p>
        {current.revealed && (
          <div className="class-revealed" data-testid="class-revealed">
            <p>
              The run:{' '}
              <strong data-testid="class-run-answer">{label(current.revealed.answer)}</strong>
              {current.revealed.measured && pred.kind === 'choice' && (
                <> ({current.revealed.measured})</>
              )}
            </p>
            {current.revealed.instructor !== undefined && (
              <p className="muted">Instructor predicted: {label(current.revealed.instructor)}</p>
            )}
          </div>
        )}
      </div>
      <div className="class-board-dist">
        <Distribution
          kind={pred.kind}
          options={pred.kind === 'choice' ? pred.options : undefined}
          min={pred.kind === 'scale' ? pred.min : undefined}
          max={pred.kind === 'scale' ? pred.max : undefined}
          format={pred.kind === 'scale' ? pred.format : undefined}
          // The first round and the latest: how the answers moved, in two rows per option
          // whatever the number of rounds (the results page lists every round).
          rounds={rounds.length > 2 ? [rounds[0], rounds[rounds.length - 1]] : rounds}
          answer={current.revealed?.answer}
          instructor={current.revealed?.instructor}
        />
      </div>
    </>
  );

  return (
    <div ref={block} className="class-question" data-testid="class-question" data-qid={qid}>
      {!current && (
        <p className="class-prompt">
          <strong>Class question: {pred.question}</strong>
        </p>
      )}
      {!current ? (
        <>
          {pred.kind === 'scale' && (
            <label className="class-own small">
              Your own prediction (optional){' '}
              <input
                type="range"
                min={pred.min}
                max={pred.max}
                step={pred.step}
                value={own === null ? pred.initial : Number(own)}
                data-testid="class-own-scale"
                onChange={(e) => setOwn(Number(e.target.value))}
              />{' '}
              <output data-testid="class-own-value">
                {own === null ? 'none' : pred.format(Number(own))}
              </output>
              {own !== null && (
                <button type="button" className="small" onClick={() => setOwn(null)}>
                  none
                </button>
              )}
            </label>
          )}
          {pred.kind === 'choice' && (
            <label className="class-own small">
              Your own prediction (optional){' '}
              <select
                value={own === null ? '' : String(own)}
                onChange={(e) => setOwn(e.target.value || null)}
              >
                <option value="">none</option>
                {pred.options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <CardAction>
            <button
              type="button"
              className="primary class-big"
              data-testid="class-ask"
              disabled={!ready}
              onClick={() =>
                cls.session.send({
                  type: 'open',
                  question:
                    pred.kind === 'choice'
                      ? { qid, prompt: pred.question, kind: 'choice', options: pred.options }
                      : {
                          qid,
                          prompt: pred.question,
                          kind: 'scale',
                          min: pred.min,
                          max: pred.max,
                          step: pred.step,
                        },
                })
              }
            >
              Ask the class
            </button>
          </CardAction>
        </>
      ) : (
        <>
          {onBoard ? (
            <>
              <p className="muted small" data-testid="class-on-board">
                Class question, round {current.round}: the answers are on the board above the views.
              </p>
              {current.revealed && (
                // The instructor's talking point after the reveal (the phones show it too).
                <p className="class-why" data-testid="class-why">
                  <strong>Why:</strong> {pred.why}
                </p>
              )}
              {createPortal(
                <section
                  className="class-board"
                  data-testid="class-board"
                  aria-label="The class's answers"
                >
                  {board}
                </section>,
                boardSlot,
              )}
            </>
          ) : (
            <div className="class-board in-card">{board}</div>
          )}
          <CardAction>
            <div className="class-actions">
              {!current.revealed && (
                <button
                  type="button"
                  className="primary"
                  data-testid="class-reveal"
                  disabled={waiting || !ready}
                  onClick={() => {
                    if (current.open) cls.session.send({ type: 'close', qid: current.qid });
                    cls.setRevealing(current.qid);
                    if (onBoard) place(REVEAL_WATCH_MS);
                  }}
                >
                  {waiting ? 'Playing the run…' : 'Reveal'}
                </button>
              )}
              {current.open && !current.revealed && (
                <button
                  type="button"
                  disabled={!ready}
                  onClick={() => cls.session.send({ type: 'close', qid: current.qid })}
                >
                  Close voting
                </button>
              )}
              {current.round < 9 && (
                <button
                  type="button"
                  data-testid="class-revote"
                  disabled={!ready}
                  onClick={() => {
                    // A new round hides the answer again until its own reveal.
                    cls.setRevealing(null);
                    cls.session.send({ type: 'revote', qid: current.qid });
                  }}
                >
                  Vote again
                </button>
              )}
            </div>
          </CardAction>
        </>
      )}
    </div>
  );
}

export function HostPanel(p: HostPanelProps) {
  const { cls, lessons } = p;
  const { info, room, token, state: s } = cls;
  const boardSlot = useStepBoardSlot();
  const wide = useWide();
  if (info === 'checking')
    return (
      <section className="class-panel" aria-label="Class">
        <p className="muted">Looking for the class server…</p>
      </section>
    );
  if (info === null) return <NoServer onClose={cls.leave} />;
  const start = (
    <button type="button" className="primary class-big" onClick={() => void cls.startClass()}>
      Start a {room ? 'new ' : ''}class
    </button>
  );
  if (!room)
    return (
      <section className="class-panel" data-testid="class-start" aria-label="Class">
        <h2>Live class</h2>
        <p>
          Open a room: students join by scanning its QR code, with no account and no name, and
          answer the lesson’s predictions on their phones.
        </p>
        {start}
        {cls.startError && <p className="class-warn">{cls.startError}</p>}
      </section>
    );
  if (!token)
    return (
      <section className="class-panel" data-testid="class-no-control" aria-label="Class">
        <h2>Room {room}</h2>
        <p>
          This browser did not open room {room}, so it cannot control it. Only the projector that
          started the class can ask, reveal and send.
        </p>
      </section>
    );

  const join = shareLink(`?join=${room}`, info.studentBase);
  const students = s.room?.students ?? 0;
  // Large until the lesson's first question: the room scans it while the lesson starts (on a
  // wide screen on the board above the views, leaving the column to the lesson card); then
  // small beside the card, with "Show QR" for latecomers (a large code over the page).
  const compact = !!lessons.lesson && !!s.room?.question;
  const onBoard = !!lessons.lesson && !compact && !!boardSlot && wide;
  const attempts =
    s.attempts && s.room?.push?.challenge?.id === s.attempts.challengeId ? s.attempts : null;
  // A challenge pushed from a scenario (no lesson card): how many passed and the spread of their
  // best values on the board across the views; in a lesson, in this panel.
  const attemptsOnBoard = !!attempts && !lessons.lesson && !!boardSlot && wide;
  const push = s.room?.push;
  const attemptsBlock = (a: NonNullable<typeof attempts>, board: boolean) => {
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
  };
  const joinBlock = (small: boolean, qr: number) => (
    <JoinBlock
      room={room}
      url={join.url}
      loopback={join.loopback}
      students={students}
      qr={qr}
      small={small}
    />
  );

  return (
    // A new element (key): it opens scrolled to its top, the join code first.
    <section
      key="host"
      className={`class-panel host ${compact || onBoard ? 'compact' : ''}`}
      data-testid="class-host"
      aria-label="Class"
    >
      {onBoard ? (
        <>
          <p
            className="class-kicker"
            title="Its join code and QR code are on the board above the views"
          >
            Class {room}
          </p>
          {createPortal(
            <section
              className="class-board join"
              data-testid="class-board-join"
              aria-label="Join the class"
            >
              {joinBlock(false, 200)}
              <PlaceStepOnMount lessons={lessons} />
            </section>,
            boardSlot,
          )}
        </>
      ) : (
        joinBlock(compact, compact ? 88 : 264)
      )}
      {s.status !== 'open' && (
        <p className="class-warn" role="status" data-testid="class-status">
          {s.status === 'reconnecting' ? 'Reconnecting to the class server…' : 'Connecting…'}
        </p>
      )}
      {s.error && (
        <p className="class-warn" role="alert">
          {s.error}
        </p>
      )}
      {s.status === 'closed' && start}

      {attempts &&
        (attemptsOnBoard ? (
          createPortal(
            <section
              className="class-board"
              data-testid="class-board-challenge"
              aria-label="The class's attempts"
            >
              {attemptsBlock(attempts, true)}
            </section>,
            boardSlot,
          )
        ) : (
          <div className="class-attempts" data-testid="class-attempts">
            {attemptsBlock(attempts, false)}
          </div>
        ))}

      <div className="class-actions panel-actions">
        <button
          type="button"
          data-testid="class-push"
          title="Every phone that follows the class opens this scenario (or challenge)"
          onClick={() =>
            cls.session.send({ type: 'push', item: pushItemFor(p.query, p.challenge, p.title) })
          }
        >
          Send to class
        </button>
        <a
          className="button"
          href={`?class=results&room=${room}&theme=${document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'}`}
          target="_blank"
          rel="noreferrer"
          data-testid="class-results-link"
        >
          Results
        </a>
        <button type="button" onClick={cls.leave}>
          Hide
        </button>
      </div>
    </section>
  );
}
