/**
 * The class's life on the projector: its state, always in sight beside the join code (open,
 * paused, ended), and the instructor's controls: pause and resume, clear the question from the
 * phones, end the class (after a confirm: the phones show that it has ended and stop
 * following; every answer is kept), and once ended, reopen it or start another.
 */
import { useState } from 'react';
import type { RoomStatus } from '../../classroom/protocol';
import type { ClassDriver } from './useClass';

/** Every word this component shows. */
const T = {
  status: { open: 'Open', paused: 'Paused', ended: 'Ended' } satisfies Record<RoomStatus, string>,
  statusTitle: {
    open: 'The class is open: phones follow and vote',
    paused: 'Paused: phones show “Paused” and cannot vote',
    ended: 'The class has ended: phones stopped following; its answers are kept',
  } satisfies Record<RoomStatus, string>,
  pause: 'Pause',
  pauseTitle: 'Phones show “Paused” and cannot vote until you resume',
  resume: 'Resume',
  clear: 'Clear question',
  /** Beside a lesson's question, where the column is narrow. */
  clearShort: 'Clear',
  clearTitle: 'The question leaves every phone (its answers are kept)',
  end: 'End class',
  endAsk: 'End the class? Phones stop following. The answers are kept.',
  endYes: 'End class',
  cancel: 'Cancel',
  ended: 'This class has ended. Its answers are kept.',
  reopen: 'Reopen',
  reopenTitle: 'Open this class again: phones can follow and vote',
  startNew: 'Start a new class',
  past: 'Past classes',
};

/** The room's state, as a badge the room reads from the back. */
export function LifeBadge({ status }: { status: RoomStatus }) {
  return (
    <span
      className={`class-life ${status}`}
      data-testid="class-life"
      data-status={status}
      title={T.statusTitle[status]}
      role="status"
    >
      {T.status[status]}
    </span>
  );
}

/** `small`: beside a lesson's question in the narrow column (short labels, one line). */
export function HostLife({ cls, small = false }: { cls: ClassDriver; small?: boolean }) {
  const s = cls.state;
  const status = s.room?.status ?? 'open';
  const ready = s.role === 'host' && s.status === 'open';
  const [confirm, setConfirm] = useState(false);
  if (status === 'ended')
    return (
      <div className="class-ended-host" data-testid="class-ended-host">
        <p>{T.ended}</p>
        <div className="class-actions">
          <button
            type="button"
            data-testid="class-reopen"
            title={T.reopenTitle}
            disabled={!ready}
            onClick={() => cls.session.send({ type: 'resume' })}
          >
            {T.reopen}
          </button>
          <button type="button" className="primary" onClick={() => void cls.startClass()}>
            {T.startNew}
          </button>
          <a className="button" href="?class=rooms" data-testid="class-rooms-link">
            {T.past}
          </a>
        </div>
      </div>
    );
  if (confirm)
    return (
      <div className="class-confirm" role="alertdialog" aria-label={T.end}>
        <p>{T.endAsk}</p>
        <div className="class-actions">
          <button
            type="button"
            className="danger"
            data-testid="class-end-yes"
            disabled={!ready}
            onClick={() => {
              cls.session.send({ type: 'end' });
              cls.setRevealing(null);
              setConfirm(false);
            }}
          >
            {T.endYes}
          </button>
          <button type="button" onClick={() => setConfirm(false)}>
            {T.cancel}
          </button>
        </div>
      </div>
    );
  return (
    <div className="class-actions class-life-actions">
      {status === 'paused' ? (
        <button
          type="button"
          className="primary"
          data-testid="class-resume"
          disabled={!ready}
          onClick={() => cls.session.send({ type: 'resume' })}
        >
          {T.resume}
        </button>
      ) : (
        <button
          type="button"
          data-testid="class-pause"
          title={T.pauseTitle}
          disabled={!ready}
          onClick={() => cls.session.send({ type: 'pause' })}
        >
          {T.pause}
        </button>
      )}
      {s.room?.question && (
        <button
          type="button"
          data-testid="class-clear"
          title={T.clearTitle}
          disabled={!ready}
          onClick={() => {
            cls.session.send({ type: 'clear' });
            cls.setRevealing(null);
          }}
        >
          {small ? T.clearShort : T.clear}
        </button>
      )}
      <button
        type="button"
        data-testid="class-end"
        disabled={!ready}
        onClick={() => setConfirm(true)}
      >
        {T.end}
      </button>
    </div>
  );
}
