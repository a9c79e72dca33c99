/**
 * The projector's class panel, in the settings column beside the views (never over them):
 * "Start a class" (a room, its join code and a large QR code, the address, the live count of
 * students: on a wide screen in a lesson, on the board under the playback bar until the first
 * question, then a small row here); "Ask a question" of the instructor's own (OwnQuestion.tsx);
 * "Send to class" pushes the scenario or challenge on show,
 * whose attempts show on the board (or here in a lesson); "Results". The lesson's questions are
 * HostQuestion.tsx's. Served without the class server, it says how to start one.
 */
import { createPortal } from 'react-dom';
import type { RunStore } from '../data/runStore';
import { useStepBoardSlot } from '../lessons/cardActions';
import type { LessonDriver } from '../lessons/useLesson';
import { shareLink } from '../share/links';
import { shortJoinPath } from '../../classroom/roomCode';
import { AttemptsBlock, JoinBlock, PlaceStepOnMount, useWide } from './hostBoard';
import { HostLife, LifeBadge } from './HostLife';
import { HostRooms } from './HostRooms';
import { OwnQuestionAsk, OwnQuestionBoard } from './OwnQuestion';
import { isOwnQuestion } from './ownQuestion';
import { pushItemFor } from './pushItem';
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
        {/* The instructor's choices first (a room to resume, a new one), then what a class is. */}
        <HostRooms onResume={cls.resume}>{start}</HostRooms>
        {cls.startError && <p className="class-warn">{cls.startError}</p>}
        <p>
          Open a room: students join by scanning its QR code, with no account and no name, and
          answer the lesson’s predictions on their phones.
        </p>
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
  // The short link the class server redirects to the join page: quick to type off the board,
  // and a QR code of fewer, larger modules.
  const joinUrl = `${new URL(join.url, location.href).origin}${shortJoinPath(room)}`;
  const students = s.room?.students ?? 0;
  const status = s.room?.status ?? null;
  // Large until the lesson's first question: the room scans it while the lesson starts (on a
  // wide screen on the board above the views, leaving the column to the lesson card); then
  // small beside the card, with "Show QR" for latecomers (a large code over the page).
  // Ended, nobody joins any more: one line (the code and its state), no QR code.
  const ended = status === 'ended';
  // A question of the instructor's own (a lesson's shows in its card: HostQuestion.tsx).
  const own = s.room?.question && isOwnQuestion(s.room.question.qid) ? s.room.question : null;
  // While voting is open the QR code stays scannable from the back of a hall (200 px or more).
  const voting = status === 'open' && !!s.room?.question?.open;
  const compact = (!!lessons.lesson && !!s.room?.question && !voting) || ended;
  const onBoard = !!lessons.lesson && !compact && !!boardSlot && wide;
  const attempts =
    s.attempts && s.room?.push?.challenge?.id === s.attempts.challengeId ? s.attempts : null;
  // A challenge pushed from a scenario (no lesson card): how many passed and the spread of their
  // best values on the board across the views; in a lesson, in this panel.
  const attemptsOnBoard = !!attempts && !lessons.lesson && !!boardSlot && wide;
  const joinBlock = (small: boolean, qr: number) => (
    <JoinBlock
      room={room}
      url={joinUrl}
      loopback={join.loopback}
      students={students}
      status={status}
      qr={qr}
      small={small}
    />
  );

  return (
    // A new element (key): it opens scrolled to its top, the join code first.
    <section
      key="host"
      className={`class-panel host ${compact ? 'compact' : onBoard ? 'compact on-board' : ''}`}
      data-testid="class-host"
      aria-label="Class"
    >
      {cls.lessonError && (
        <p className="class-warn" role="alert" data-testid="class-lesson-error">
          {cls.lessonError}
        </p>
      )}
      {ended ? (
        <p className="class-ended-head">
          <span className="class-kicker">Class</span>{' '}
          <strong className="class-room-code" data-testid="class-code">
            {room}
          </strong>{' '}
          <LifeBadge status="ended" />
        </p>
      ) : onBoard ? (
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
      {s.room && <HostLife cls={cls} small={compact} />}
      {own && <OwnQuestionBoard key={own.qid} cls={cls} store={p.store} q={own} />}

      {attempts &&
        (attemptsOnBoard ? (
          createPortal(
            <section
              className="class-board"
              data-testid="class-board-challenge"
              aria-label="The class's attempts"
            >
              <AttemptsBlock attempts={attempts} push={s.room?.push} board />
            </section>,
            boardSlot,
          )
        ) : (
          <div className="class-attempts" data-testid="class-attempts">
            <AttemptsBlock attempts={attempts} push={s.room?.push} board={false} />
          </div>
        ))}

      <div className="class-actions panel-actions">
        {/* Not in the small row beside a lesson's question (clear it first): the row stays one
            line, so the join code and the card's buttons keep their place. */}
        {status !== 'ended' && !compact && (
          <OwnQuestionAsk
            cls={cls}
            disabled={!(s.role === 'host' && s.status === 'open')}
            title={p.title}
          />
        )}
        {status !== 'ended' && (
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
        )}
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
