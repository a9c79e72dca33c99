/**
 * The class's side of a lesson's prediction on the projector (HostPanel.tsx is the panel):
 * ask, the live answers, reveal, vote again.
 */
import { useLingui } from '@lingui/react';
import { localLesson, localPrediction } from '../lessons/lessonWords';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import type { RunStore } from '../data/runStore';
import { CardAction, useStepBoardSlot } from '../lessons/cardActions';
import { placeStepSoon, stepTarget } from '../lessons/placeStep';
import type { LessonDriver } from '../lessons/useLesson';
import { atMoment } from '../lessons/useLesson';
import { Distribution } from './Distribution';
import { useWide } from './hostBoard';
import type { ClassDriver } from './useClass';
import { questionId } from './useClass';

/** How long (ms) after "Reveal" the board's growth may still move the outlined view: the run
 * plays to its moment first (at most this long at the lessons' speeds). */
const REVEAL_WATCH_MS = 120_000;

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
}: {
  cls: ClassDriver;
  lessons: LessonDriver;
  store: RunStore;
}) {
  useSyncExternalStore(store.subscribeStatus, store.getStatus);
  const s = cls.state;
  const lesson = lessons.lesson!;
  useLingui();
  // In the projector's language; each phone shows it in its own (StudentPanel).
  const pred = localPrediction(lesson, lesson.steps[lessons.step].predict!);
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
  const words = localLesson(lesson);
  const title = `${words.title}: ${words.steps[lessons.step].title}`.slice(0, 200);

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
        {current.revealed && (
          // The talking point after the reveal, where the room reads (the phones show it too):
          // under the bars, whose column has the room the question's column takes.
          <p className="class-why" data-testid="class-why">
            <strong>Why:</strong> {pred.why}
          </p>
        )}
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
                      ? { qid, prompt: pred.question, kind: 'choice', options: pred.options, title }
                      : {
                          qid,
                          prompt: pred.question,
                          kind: 'scale',
                          min: pred.min,
                          max: pred.max,
                          step: pred.step,
                          title,
                          tolerance: pred.tolerance,
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
