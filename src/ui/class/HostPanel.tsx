/**
 * The projector's class panel, in the settings column beside the views (never over them):
 * "Start a class" (a room, its join code and a large QR code, the address, the live count of
 * students); at a lesson's prediction step "Ask the class" opens the question on the phones and
 * shows live how many answered and how (without the answer); "Reveal" plays the run to the
 * moment and shows its answer beside the class's and the instructor's own prediction; "Vote
 * again" opens a second round and shows how the answers moved; "Send to class" pushes the
 * scenario or challenge on show. Served without the class server, it says how to start one.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
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

/** The class's side of a lesson's prediction, in the projector's lesson card. */
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

  return (
    <div className="class-question" data-testid="class-question" data-qid={qid}>
      <p className="class-prompt">
        <strong>Class question: {pred.question}</strong>
      </p>
      {!current ? (
        <>
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
        </>
      ) : (
        <>
          <p className="class-answered" data-testid="class-answered">
            Round {current.round}:{' '}
            <strong data-testid="class-answered-n">{tally?.answered ?? 0}</strong> of {students}{' '}
            answered {current.open ? '· voting open' : '· voting closed'}
          </p>
          <Distribution
            kind={pred.kind}
            options={pred.kind === 'choice' ? pred.options : undefined}
            min={pred.kind === 'scale' ? pred.min : undefined}
            max={pred.kind === 'scale' ? pred.max : undefined}
            format={pred.kind === 'scale' ? pred.format : undefined}
            rounds={rounds}
            answer={current.revealed?.answer}
            instructor={current.revealed?.instructor}
          />
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
        </>
      )}
    </div>
  );
}

export function HostPanel(p: HostPanelProps) {
  const { cls, lessons } = p;
  const { info, room, token, state: s } = cls;
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
  // Large until the lesson's first question: the room scans it while the lesson starts; then
  // small beside the card, with "Show QR" for latecomers (a large code over the page).
  const compact = !!lessons.lesson && !!s.room?.question;
  const attempts =
    s.attempts && s.room?.push?.challenge?.id === s.attempts.challengeId ? s.attempts : null;

  return (
    // A new element (key): it opens scrolled to its top, the join code first.
    <section key="host" className="class-panel host" data-testid="class-host" aria-label="Class">
      <div className={`class-join ${compact ? 'small' : ''}`}>
        <QrCode text={join.url} size={compact ? 132 : 264} label={`QR code to join room ${room}`} />
        <div className="class-join-text">
          <span className="class-kicker">Join the class</span>
          <div className="class-code" data-testid="class-code">
            {room}
          </div>
          <div className="class-count" data-testid="class-students" data-count={students}>
            <strong>{students}</strong> {students === 1 ? 'student' : 'students'}
          </div>
          <QrButton
            url={() => join.url}
            title={`Join room ${room}`}
            label="Show QR"
            className="small"
          />
        </div>
      </div>
      <p className="class-url">
        <code data-testid="class-join-url">{join.url}</code>
      </p>
      {join.loopback && (
        <p className="class-warn small" data-testid="loopback-warning">
          This address names this laptop only: phones cannot open it.
        </p>
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

      {attempts && (
        <div className="class-attempts" data-testid="class-attempts">
          <p>
            <strong>{s.room?.push?.title}</strong>:{' '}
            <span data-testid="class-passed">{attempts.passed}</span> of {attempts.attempted} passed
          </p>
          {attempts.best.length > 0 && (
            <p className="muted small">
              Best {rankedLabel(s.room!.push!.challenge!.metric)}:{' '}
              {attempts.best.slice(0, 12).join(', ')}
              {attempts.best.length > 12 ? ', …' : ''}
            </p>
          )}
        </div>
      )}

      <div className="class-actions">
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
