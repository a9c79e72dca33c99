/**
 * The projector's start when this browser opened rooms before (a restart, last week): the open
 * rooms it holds, each offered to resume with its date and counts, "Start a new class", and the
 * way to the list of past classes. Only rooms whose host token this browser holds are listed
 * (the class server checks each token).
 */
import { useEffect, useState } from 'react';
import type { RoomSummary } from '../../classroom/protocol';
import { listRooms } from './session';

/** Every word this component shows. */
const T = {
  looking: 'Looking for your classes…',
  resumeHead: 'Resume a class',
  resume: (code: string) => `Resume class ${code}`,
  paused: 'paused',
  past: (n: number) => `Past classes (${n})`,
  listFailed: 'Could not list your classes:',
};

/** "Tue 14 May, 10:02": a date as the person's browser writes it. */
export function when(iso: string): string {
  const d = new Date(iso);
  return d.toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 questions · 41 answers · 1 challenge (12 attempts)". */
export function counts(r: RoomSummary): string {
  const parts = [plural(r.questions, 'question'), plural(r.answers, 'answer')];
  if (r.challenges > 0)
    parts.push(`${plural(r.challenges, 'challenge')} (${plural(r.attempts, 'attempt')})`);
  return parts.join(' · ');
}

/** `children`: the "Start a class" button, between the rooms to resume and the past ones. */
export function HostRooms({
  onResume,
  children,
}: {
  onResume: (code: string) => void;
  children: React.ReactNode;
}) {
  const [rooms, setRooms] = useState<RoomSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listRooms()
      .then((r) => live && setRooms(r.rooms))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, []);
  if (error)
    return (
      <>
        {children}
        <p className="class-warn small">
          {T.listFailed} {error}
        </p>
      </>
    );
  if (!rooms)
    return (
      <>
        <p className="muted small">{T.looking}</p>
        {children}
      </>
    );
  const open = rooms.filter((r) => r.status !== 'ended').slice(0, 3);
  return (
    <>
      {open.length > 0 && (
        <div className="class-resume" data-testid="class-resume-list">
          <p className="class-kicker">{T.resumeHead}</p>
          {open.map((r) => (
            <div key={r.code} className="class-resume-row">
              <button
                type="button"
                className="primary class-big"
                data-testid="class-resume-room"
                data-room={r.code}
                onClick={() => onResume(r.code)}
              >
                {T.resume(r.code)}
              </button>
              <span className="muted small">
                {when(r.created)}
                {r.status === 'paused' ? ` · ${T.paused}` : ''} · {counts(r)}
              </span>
            </div>
          ))}
        </div>
      )}
      {children}
      {rooms.length > 0 && (
        <p>
          <a href="?class=rooms" data-testid="class-rooms-link">
            {T.past(rooms.length)}
          </a>
        </p>
      )}
    </>
  );
}
