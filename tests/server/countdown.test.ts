// A question's countdown on a real server over real sockets: the round closes by itself when
// its time runs out (as of that instant, stored), later answers are refused, a new round counts
// down afresh; a countdown that ran out while the server was killed has its round closed, as of
// its end, when the server is back. And the question's extras are checked like every field.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { parseClientMessage } from '../../src/classroom/protocol';
import type { Child } from '../../src/server/spawn';
import { spawnServer } from '../../src/server/spawn';
import type { Msg } from './client';
import { TestClient, classServerFixture, createRoom, sid, tmpDist } from './client';

const cls = classServerFixture();

const timed = {
  qid: 'own-poll',
  prompt: 'Which policy would you pick?',
  kind: 'choice' as const,
  options: [
    { id: 'epd', label: 'EPD' },
    { id: 'sd', label: 'Selective Drop' },
  ],
  seconds: 5,
};

const closedState = (m: Msg) =>
  m.type === 'state' && (m.room as { question: { open: boolean } | null }).question?.open === false;

const roundRow = (db: Database.Database, room: string, round: number) =>
  db
    .prepare(
      'SELECT opened_at AS o, closed_at AS c, closes_at AS e FROM questions WHERE room = ? AND qid = ? AND round = ?',
    )
    .get(room, 'own-poll', round) as { o: number; c: number | null; e: number | null };

describe('a question with a countdown', () => {
  it('closes by itself when its time runs out; a new round counts down afresh', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const s = await cls.student(room.code, sid(1));
    const opened = await h.request({ type: 'open', question: timed }, 'state');
    const q = (opened.room as { question: { closesIn: number; seconds: number } }).question;
    expect(q.seconds).toBe(5);
    expect(q.closesIn).toBeGreaterThan(0);
    expect(q.closesIn).toBeLessThanOrEqual(5000);
    await s.request({ type: 'answer', qid: 'own-poll', round: 1, value: 'epd', seq: 1 }, 'ack');

    // Nobody closes it: the server does, and every page hears it.
    const mark = s.mark();
    await h.next(closedState, 0, 20_000);
    const heard = await s.next(closedState, mark, 20_000);
    expect((heard.room as { question: { closesIn?: number } }).question.closesIn).toBeUndefined();
    const r1 = cls.readDb((db) => roundRow(db, room.code, 1));
    expect(r1.e).toBe(r1.o + 5000);
    expect(r1.c).toBe(r1.e);
    const late = await s.request(
      { type: 'answer', qid: 'own-poll', round: 1, value: 'sd', seq: 2 },
      'ack',
    );
    expect(late).toMatchObject({ type: 'error', code: 'closed' });

    // Vote again: round 2 opens with a full countdown of its own.
    const again = await h.request({ type: 'revote', qid: 'own-poll' }, 'state');
    const q2 = (again.room as { question: { round: number; open: boolean; closesIn: number } })
      .question;
    expect(q2).toMatchObject({ round: 2, open: true });
    expect(q2.closesIn).toBeGreaterThan(0);
    await h.next(
      (m) => closedState(m) && (m.room as { question: { round: number } }).question.round === 2,
      0,
      20_000,
    );
    const r2 = cls.readDb((db) => roundRow(db, room.code, 2));
    expect(r2.c).toBe(r2.o + 5000);
    // The first round's answer is kept.
    expect(
      cls.readDb(
        (db) =>
          db.prepare('SELECT value FROM answers WHERE room = ? AND round = 1').all(room.code) as {
            value: string;
          }[],
      ),
    ).toEqual([{ value: '"epd"' }]);
  }, 60_000);

  it('closing by hand first leaves nothing for the countdown to do', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: { ...timed, seconds: 600 } }, 'state');
    const closed = await h.request({ type: 'close', qid: 'own-poll' }, 'state');
    expect(closed.room).toMatchObject({ question: { open: false } });
    expect((closed.room as { question: { closesIn?: number } }).question.closesIn).toBeUndefined();
  });

  it('rejects a countdown out of range and a metric that is not an id, naming the field', () => {
    for (const [seconds, field] of [
      [4, 'question.seconds'],
      [1801, 'question.seconds'],
      [2.5, 'question.seconds'],
    ] as const) {
      const r = parseClientMessage(
        JSON.stringify({ type: 'open', question: { ...timed, seconds } }),
      );
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toContain(field);
    }
    const m = parseClientMessage(
      JSON.stringify({ type: 'open', question: { ...timed, metric: 'effi ciency' } }),
    );
    expect(m.ok).toBe(false);
    if (!m.ok) expect(m.message).toContain('question.metric');
  });
});

const children: Child[] = [];
const clients: TestClient[] = [];
afterAll(() => {
  for (const c of clients) c.ws.terminate();
  for (const c of children)
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
});

describe('a countdown across a SIGKILL', () => {
  it('runs out while the server is down: the round is closed, as of its end, once it is back', async () => {
    const t = tmpDist();
    const args = ['--port', '0', '--db', t.db, '--dist', `${t.dir}/dist`];
    const a = await spawnServer(args);
    children.push(a);
    const room = await createRoom(a.url);
    const h = await TestClient.open(a.url);
    clients.push(h);
    await h.request(
      { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
      'welcome',
    );
    await h.request({ type: 'open', question: timed }, 'state');
    const s = await TestClient.open(a.url);
    clients.push(s);
    await s.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(7) },
      'welcome',
    );
    await s.request({ type: 'answer', qid: 'own-poll', round: 1, value: 'sd', seq: 1 }, 'ack');
    a.proc.kill('SIGKILL');
    await a.exited;

    // Wait (for the stored instant, not a guess) until the countdown has run out.
    const ends = (() => {
      const db = new Database(t.db, { readonly: true });
      try {
        return roundRow(db, room.code, 1).e!;
      } finally {
        db.close();
      }
    })();
    while (Date.now() <= ends) await new Promise((r) => setTimeout(r, ends + 10 - Date.now()));

    const b = await spawnServer(args);
    children.push(b);
    const h2 = await TestClient.open(b.url);
    clients.push(h2);
    const w = await h2.request(
      { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
      'welcome',
    );
    expect(w.room).toMatchObject({ question: { qid: 'own-poll', round: 1, open: false } });
    const db = new Database(t.db, { readonly: true });
    try {
      const r = roundRow(db, room.code, 1);
      expect(r.c).toBe(r.e);
    } finally {
      db.close();
    }
    const s2 = await TestClient.open(b.url);
    clients.push(s2);
    await s2.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(8) },
      'welcome',
    );
    expect(
      await s2.request({ type: 'answer', qid: 'own-poll', round: 1, value: 'epd', seq: 1 }, 'ack'),
    ).toMatchObject({ type: 'error', code: 'closed' });
  }, 90_000);
});
