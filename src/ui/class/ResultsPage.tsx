/**
 * After class (`?class=results&room=CODE`, on the projector's browser, which holds the room's
 * host token): each question with its distributions (every round, the run's answer and the
 * instructor's prediction), each pushed challenge with how many passed and their best values,
 * and the whole as CSV or JSON. Only counts: the export names no student.
 */
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { TITLE, useDocumentTitle } from '../announce/pageTitle';
import type { ResultsResponse } from '../../classroom/protocol';
import { lessonById } from '../lessons/catalog';
import { Distribution } from './Distribution';
import { AttemptCounts, attemptRows } from './hostBoard';
import { rankedLabel } from './pushItem';
import { hostToken } from './session';
import './class.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ok'; data: ResultsResponse };

const url = (room: string, format: 'json' | 'csv') =>
  `/class/api/rooms/${encodeURIComponent(room)}/results?format=${format}`;

async function fetchResults(room: string, token: string, format: 'json' | 'csv') {
  const r = await fetch(url(room, format), { headers: { Authorization: `Bearer ${token}` } });
  if (r.status === 404) throw new Error(`no room ${room} on this class server`);
  if (r.status === 401 || r.status === 403)
    throw new Error(`the class server refused this browser's key to room ${room}`);
  if (!r.ok) throw new Error(`the class server answered HTTP ${r.status}`);
  return r;
}

/** Downloads a room's results through the class server's export; returns the file's name. */
export async function downloadResults(
  room: string,
  token: string,
  format: 'json' | 'csv',
): Promise<string> {
  const r = await fetchResults(room, token, format);
  const blob = new Blob([await r.text()], {
    type: format === 'csv' ? 'text/csv' : 'application/json',
  });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `class-${room}-results.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  return a.download;
}

/** A scale question's values in the lesson's own format ("66.5 %"), if it is a lesson's. */
function formatOf(qid: string): ((v: number) => string) | undefined {
  const [l, p] = qid.split('.');
  for (const s of lessonById(l ?? '')?.steps ?? [])
    if (s.predict?.id === p && s.predict.kind === 'scale') return s.predict.format;
  return undefined;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The theme the page follows: the link's `theme=` (the projector's, carried by its Results
 * link), else the system's. */
export function pageTheme(): 'light' | 'dark' {
  const t = new URLSearchParams(window.location.search).get('theme');
  if (t === 'light' || t === 'dark') return t;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** Every attempt's value of a challenge, passed and failed rows. */
function ChallengeValues({ c }: { c: ResultsResponse['challenges'][number] }) {
  const rows = attemptRows(c.values);
  if (rows.length === 0) return null;
  const all = c.values.map(([v]) => v);
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const pad = hi > lo ? (hi - lo) * 0.1 : Math.max(1, Math.abs(lo) * 0.1);
  const fmt = (v: number) => `${Number(v.toPrecision(4))}${c.unit ? ` ${c.unit}` : ''}`;
  return <Distribution kind="scale" min={lo - pad} max={hi + pad} format={fmt} rounds={rows} />;
}

export function ResultsPage({ room }: { room: string | null }) {
  const token = room ? hostToken(room) : null;
  const { _ } = useLingui();
  useDocumentTitle(_({ ...TITLE.results, values: { code: room ?? '' } }));
  useEffect(() => {
    document.documentElement.dataset.theme = pageTheme();
  }, []);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (!room || !token) return;
    let live = true;
    fetchResults(room, token, 'json')
      .then((r) => r.json() as Promise<ResultsResponse>)
      .then((data) => live && setLoad({ state: 'ok', data }))
      .catch((e: Error) => live && setLoad({ state: 'error', message: e.message }));
    return () => {
      live = false;
    };
  }, [room, token]);

  const download = async (format: 'json' | 'csv') => {
    if (!room || !token) return;
    try {
      setNote(`Saved ${await downloadResults(room, token, format)}`);
    } catch (e) {
      setNote(`Download failed: ${(e as Error).message}`);
    }
  };

  const problem = !room
    ? 'This link names no room: open the results from the projector’s class panel.'
    : !token
      ? `This browser did not open room ${room}: only the projector that started the class can read its results.`
      : load.state === 'error'
        ? `Could not read the results: ${load.message}.`
        : null;

  return (
    <main className="class-results" data-testid="class-results">
      <h1>Class {room ?? ''}: results</h1>
      <p>
        <a href={room ? `?class=host&room=${room}&theme=${pageTheme()}` : '?'}>
          ← Back to the class
        </a>{' '}
        · <a href={`?class=rooms&theme=${pageTheme()}`}>All your classes</a>
      </p>
      {problem ? (
        <p className="class-warn" role="alert" data-testid="class-results-error">
          {problem}
        </p>
      ) : load.state !== 'ok' ? (
        <p className="muted">Reading the results…</p>
      ) : (
        <>
          <p>
            <span data-testid="class-results-students">{load.data.students}</span> anonymous
            students joined · {plural(load.data.questions.length, 'question')} ·{' '}
            {plural(load.data.challenges.length, 'challenge')}. Exported files name no student.
          </p>
          <p className="class-actions">
            <button type="button" data-testid="download-csv" onClick={() => void download('csv')}>
              Download CSV
            </button>
            <button type="button" data-testid="download-json" onClick={() => void download('json')}>
              Download JSON
            </button>
            <span role="status" className="muted">
              {note}
            </span>
          </p>
          {load.data.questions.map((q) => (
            <section key={q.qid} data-testid="class-results-question" data-qid={q.qid}>
              <h2>{q.prompt}</h2>
              <p className="muted small">
                {q.rounds.map((r) => `Round ${r.round}: ${r.answered} answered`).join(' · ')}
              </p>
              <Distribution
                kind={q.kind}
                options={q.options}
                min={q.min}
                max={q.max}
                rounds={q.rounds}
                answer={q.revealed?.answer}
                instructor={q.revealed?.instructor}
                format={formatOf(q.qid)}
              />
              {q.revealed?.measured && (
                <p className="muted small">The run: {q.revealed.measured}</p>
              )}
            </section>
          ))}
          {load.data.challenges.map((c) => (
            <section key={c.id} data-testid="class-results-challenge">
              <h2>Challenge: {c.title}</h2>
              <p>
                <AttemptCounts a={c} />
                {c.best.length > 0 && (
                  <>
                    {' '}
                    · best {rankedLabel(c.metric)}: {c.best.join(', ')}
                    {c.unit ? ` ${c.unit}` : ''}
                  </>
                )}
              </p>
              <ChallengeValues c={c} />
            </section>
          ))}
        </>
      )}
    </main>
  );
}
