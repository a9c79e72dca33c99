/**
 * The phone's join page: a code field (prefilled with the code the link named, if any) and a
 * Join button. It shows when the link names no room (the students' address, `/j`) or the
 * server knows no room by that code; the code is read in any case, with stray spaces.
 */
import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { normalizeRoomCode } from '../../classroom/roomCode';
import type { ClassDriver } from './useClass';
import './class.css';

/** Every word the join page shows (the catalogs: src/locales). */
const T = {
  title: /*i18n*/ {
    id: 'class.join.title',
    message: 'Join the class',
    comment: 'Phone, the join page’s heading.',
  },
  intro: /*i18n*/ {
    id: 'class.join.intro',
    message: 'Type the code shown on the projector.',
    comment: 'Phone, the join page: under the code field’s label.',
  },
  label: /*i18n*/ {
    id: 'class.join.label',
    message: 'Class code',
    comment: 'Phone, the join page: the label of the field for the class’s code.',
  },
  join: /*i18n*/ {
    id: 'class.join.submit',
    message: 'Join',
    comment: 'Phone, the join page: the button that joins the class.',
  },
  empty: /*i18n*/ {
    id: 'class.join.empty',
    message: 'Type the code first: 4 to 6 letters and digits, as on the projector.',
    comment: 'Phone, the join page: Join was pressed with the field empty.',
  },
  notACode: /*i18n*/ {
    id: 'class.join.notACode',
    message:
      '“{typed}” is not a class code: it has 4 to 6 letters and digits, as on the projector.',
    comment: 'Phone, the join page: {typed} is what the student typed.',
  },
  noRoom: /*i18n*/ {
    id: 'class.join.noRoom',
    message: 'No class has the code {code}. Check it on the projector and type it again.',
    comment: 'Phone, the join page: no class has the code {code} the student typed.',
  },
};

type Said = { d: MessageDescriptor; values?: Record<string, string> };

/** What is wrong with what was typed, if anything. */
const notACode = (typed: string): Said =>
  typed.trim() === ''
    ? { d: T.empty }
    : { d: T.notACode, values: { typed: typed.trim().slice(0, 12) } };

export function StudentJoin({ cls }: { cls: ClassDriver }) {
  const { _ } = useLingui();
  const id = useId();
  const noRoom = cls.state.errorCode === 'no-room' && !!cls.room;
  const [typed, setTyped] = useState(cls.room ?? '');
  // Kept as a message, so that it follows a change of language.
  const [problem, setProblem] = useState<Said | null>(null);
  const said = problem ?? (noRoom && cls.room ? { d: T.noRoom, values: { code: cls.room } } : null);
  const message = said ? _({ ...said.d, values: said.values }) : null;
  return (
    <section className="class-join-page" data-testid="class-join-page" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{_(T.title)}</h2>
      <form
        className="class-join-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const code = normalizeRoomCode(typed);
          if (!code) return setProblem(notACode(typed));
          setProblem(null);
          cls.join(code);
        }}
      >
        <label htmlFor={`${id}-code`}>{_(T.label)}</label>
        <p className="muted small" id={`${id}-intro`}>
          {_(T.intro)}
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
            {_(T.join)}
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
