/**
 * This browser's classes (`?class=rooms`): every room it opened that the class server still
 * keeps, newest first, with its date, state, questions and result counts; each resumed on the
 * projector, read on its results page, exported (CSV or JSON, the results' own export), or
 * deleted with all its answers after a confirm. Only rooms whose host token this browser holds.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { TITLE, useDocumentTitle } from '../announce/pageTitle';
import type { RoomSummary } from '../../classroom/protocol';
import { counts, when } from './HostRooms';
import { downloadResults, pageTheme } from './ResultsPage';
import { deleteRoom, hostToken, listRooms } from './session';
import './class.css';

/** Every word this page shows. */
const T = {
  title: 'Your classes',
  intro: 'The classes this browser started and the class server keeps. Exports name no student.',
  back: '← Back to the projector',
  loading: 'Reading your classes…',
  none: 'No class yet: start one on the projector page.',
  failed: 'Could not read your classes:',
  status: { open: 'open', paused: 'paused', ended: 'ended' },
  started: 'Started',
  ended: 'ended',
  students: (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`,
  resume: 'Resume',
  reopen: 'Open',
  results: 'Results',
  csv: 'CSV',
  json: 'JSON',
  remove: 'Delete',
  confirm: (code: string, answers: number) =>
    `Delete class ${code} and its ${answers} ${answers === 1 ? 'answer' : 'answers'}? This cannot be undone.`,
  confirmYes: 'Delete for good',
  cancel: 'Cancel',
  deleted: (code: string) => `Class ${code} deleted.`,
  saved: (file: string) => `Saved ${file}`,
  downloadFailed: 'Download failed:',
  deleteFailed: 'Delete failed:',
};

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ok'; rooms: RoomSummary[] };

export function RoomsPage() {
  const { _ } = useLingui();
  useDocumentTitle(_(TITLE.rooms));
  useEffect(() => {
    document.documentElement.dataset.theme = pageTheme();
  }, []);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [asking, setAsking] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const refresh = useCallback(() => {
    listRooms()
      .then((r) => setLoad({ state: 'ok', rooms: r.rooms }))
      .catch((e: Error) => setLoad({ state: 'error', message: e.message }));
  }, []);
  useEffect(refresh, [refresh]);

  const download = async (code: string, format: 'csv' | 'json') => {
    const token = hostToken(code);
    if (!token) return;
    try {
      setNote(T.saved(await downloadResults(code, token, format)));
    } catch (e) {
      setNote(`${T.downloadFailed} ${(e as Error).message}`);
    }
  };
  const remove = async (code: string) => {
    try {
      await deleteRoom(code);
      setNote(T.deleted(code));
    } catch (e) {
      setNote(`${T.deleteFailed} ${(e as Error).message}`);
    }
    setAsking(null);
    refresh();
  };
  const theme = pageTheme();

  return (
    <main className="class-results class-rooms" data-testid="class-rooms">
      <h1>{T.title}</h1>
      <p>
        <a href={`?class=host&theme=${theme}`}>{T.back}</a>
      </p>
      <p className="muted">{T.intro}</p>
      <p role="status" className="muted" data-testid="class-rooms-note">
        {note}
      </p>
      {load.state === 'loading' ? (
        <p className="muted">{T.loading}</p>
      ) : load.state === 'error' ? (
        <p className="class-warn" role="alert">
          {T.failed} {load.message}
        </p>
      ) : load.rooms.length === 0 ? (
        <p data-testid="class-rooms-none">{T.none}</p>
      ) : (
        load.rooms.map((r) => (
          <section
            key={r.code}
            className="class-room-row"
            data-testid="class-room"
            data-room={r.code}
            data-status={r.status}
          >
            <h2>
              <span className="class-room-code">{r.code}</span>{' '}
              <span className={`class-life ${r.status}`}>{T.status[r.status]}</span>
            </h2>
            <p className="small">
              {T.started} {when(r.created)}
              {r.ended ? ` · ${T.ended} ${when(r.ended)}` : ''} · {T.students(r.students)}
            </p>
            <p className="small" data-testid="class-room-counts">
              {counts(r)}
            </p>
            {asking === r.code ? (
              <div className="class-confirm" role="alertdialog" aria-label={T.remove}>
                <p>{T.confirm(r.code, r.answers)}</p>
                <div className="class-actions">
                  <button
                    type="button"
                    className="danger"
                    data-testid="class-room-delete-yes"
                    onClick={() => void remove(r.code)}
                  >
                    {T.confirmYes}
                  </button>
                  <button type="button" onClick={() => setAsking(null)}>
                    {T.cancel}
                  </button>
                </div>
              </div>
            ) : (
              <div className="class-actions">
                <a
                  className="button"
                  href={`?class=host&room=${r.code}&theme=${theme}`}
                  data-testid="class-room-resume"
                >
                  {r.status === 'ended' ? T.reopen : T.resume}
                </a>
                <a
                  className="button"
                  href={`?class=results&room=${r.code}&theme=${theme}`}
                  data-testid="class-room-results"
                >
                  {T.results}
                </a>
                <button
                  type="button"
                  data-testid="class-room-csv"
                  onClick={() => void download(r.code, 'csv')}
                >
                  {T.csv}
                </button>
                <button
                  type="button"
                  data-testid="class-room-json"
                  onClick={() => void download(r.code, 'json')}
                >
                  {T.json}
                </button>
                <button
                  type="button"
                  data-testid="class-room-delete"
                  onClick={() => setAsking(r.code)}
                >
                  {T.remove}
                </button>
              </div>
            )}
          </section>
        ))
      )}
    </main>
  );
}
