/**
 * The phone's join page: a code field (prefilled with the code the link named, if any) and a
 * Join button. It shows when the link names no room (the students' address, `/j`) or the
 * server knows no room by that code; the code is read in any case, with stray spaces.
 */
import { useId, useState } from 'react';
import { normalizeRoomCode } from '../../classroom/roomCode';
import type { ClassDriver } from './useClass';
import './class.css';

/** Every word the join page shows. */
const T = {
  title: 'Join the class',
  intro: 'Type the code shown on the projector.',
  label: 'Class code',
  join: 'Join',
  notACode: (typed: string) =>
    typed.trim() === ''
      ? 'Type the code first: 4 to 6 letters and digits, as on the projector.'
      : `“${typed.trim().slice(0, 12)}” is not a class code: it has 4 to 6 letters and digits, as on the projector.`,
  noRoom: (code: string) =>
    `No class has the code ${code}. Check it on the projector and type it again.`,
};

export function StudentJoin({ cls }: { cls: ClassDriver }) {
  const id = useId();
  const noRoom = cls.state.errorCode === 'no-room' && !!cls.room;
  const [typed, setTyped] = useState(cls.room ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? (noRoom && cls.room ? T.noRoom(cls.room) : null);
  return (
    <section className="class-join-page" data-testid="class-join-page" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{T.title}</h2>
      <form
        className="class-join-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const code = normalizeRoomCode(typed);
          if (!code) return setProblem(T.notACode(typed));
          setProblem(null);
          cls.join(code);
        }}
      >
        <label htmlFor={`${id}-code`}>{T.label}</label>
        <p className="muted small" id={`${id}-intro`}>
          {T.intro}
        </p>
        <div className="class-join-row">
          <input
            id={`${id}-code`}
            data-testid="class-join-code"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            inputMode="text"
            maxLength={12}
            aria-describedby={`${id}-intro${message ? ` ${id}-msg` : ''}`}
            aria-invalid={message ? true : undefined}
          />
          <button type="submit" className="primary" data-testid="class-join-submit">
            {T.join}
          </button>
        </div>
        {message && (
          <p className="class-warn" role="alert" id={`${id}-msg`} data-testid="class-join-error">
            {message}
          </p>
        )}
      </form>
    </section>
  );
}
