// The class server killed with SIGKILL in the middle of a question, then restarted on the same
// database: every acknowledged answer is still counted, the question is open at the same
// round, and a phone that resends an acknowledged answer still counts once.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { Msg } from './client';
import { TestClient, choiceQ, createRoom, sid, tmpDist } from './client';
import type { Child } from '../../src/server/spawn';
import { spawnServer } from '../../src/server/spawn';

const N = 24;
const children: Child[] = [];
const clients: TestClient[] = [];

afterAll(async () => {
  for (const c of clients) c.ws.terminate();
  for (const c of children)
    if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
});

async function start(args: string[]): Promise<Child> {
  const c = await spawnServer(args);
  children.push(c);
  return c;
}

async function open(url: string): Promise<TestClient> {
  const c = await TestClient.open(url);
  clients.push(c);
  return c;
}

describe('SIGKILL mid-question', () => {
  it('loses no acknowledged answer and resumes the room where it was', async () => {
    const t = tmpDist();
    const args = ['--port', '0', '--db', t.db, '--dist', `${t.dir}/dist`];
    const a = await start(args);
    const room = await createRoom(a.url);
    const host = await open(a.url);
    await host.request(
      { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
      'welcome',
    );
    await host.request({ type: 'open', question: choiceQ }, 'tally');
    await host.request(
      { type: 'revote', qid: 'cells-1' },
      (m) => m.type === 'tally' && m.round === 2,
    );

    const students = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const s = await open(a.url);
        await s.request(
          { type: 'hello', role: 'student', room: room.code, student: sid(i) },
          'welcome',
        );
        return s;
      }),
    );
    const opts = ['a', 'b', 'c'];
    const valueOf = (i: number) => opts[i % 3];
    // The first half answer and get their acks.
    const acked = new Map<string, string>();
    await Promise.all(
      students.slice(0, N / 2).map(async (s, i) => {
        const r = await s.request(
          { type: 'answer', qid: 'cells-1', round: 2, value: valueOf(i), seq: 1 },
          'ack',
        );
        expect(r).toEqual({ type: 'ack', seq: 1 });
        acked.set(sid(i), valueOf(i));
      }),
    );
    // The second half answer; the server is killed as soon as the first of them is
    // acknowledged, while the others are in flight. Every answer acknowledged before the kill
    // joins the set that must survive.
    let firstAck: () => void;
    const oneAcked = new Promise<void>((r) => (firstAck = r));
    students.slice(N / 2).forEach((s, j) => {
      const i = N / 2 + j;
      s.ws.on('message', (d) => {
        const m = JSON.parse(String(d)) as Msg;
        if (m.type !== 'ack') return;
        acked.set(sid(i), valueOf(i));
        firstAck();
      });
    });
    students
      .slice(N / 2)
      .forEach((s, j) =>
        s.send({ type: 'answer', qid: 'cells-1', round: 2, value: valueOf(N / 2 + j), seq: 1 }),
      );
    await oneAcked;
    a.proc.kill('SIGKILL');
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const b = await start(args);
    // Every ack that reached a phone was sent by the killed server.
    const ackedAtKill = new Map(acked);
    expect(ackedAtKill.size).toBeGreaterThanOrEqual(N / 2);
    // Every acknowledged answer is in the file, with its value.
    const db = new Database(t.db, { readonly: true });
    const rows = db
      .prepare(
        "SELECT student, value FROM answers WHERE room = ? AND qid = 'cells-1' AND round = 2",
      )
      .all(room.code) as Array<{ student: string; value: string }>;
    db.close();
    const stored = new Map(rows.map((r) => [r.student, JSON.parse(r.value) as string]));
    if (process.env.CLASS_TEST_VERBOSE)
      console.log(`acked at kill ${ackedAtKill.size}, stored ${stored.size} of ${N}`);
    for (const [student, value] of ackedAtKill) expect(stored.get(student)).toBe(value);

    // The projector reconnects: the same question, open, at round 2, counting what is stored.
    const host2 = await open(b.url);
    const w = await host2.request(
      { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
      'welcome',
    );
    expect(w.room).toMatchObject({
      code: room.code,
      question: { qid: 'cells-1', round: 2, open: true },
    });
    const tally = await host2.next((m) => m.type === 'tally');
    const counts = { a: 0, b: 0, c: 0 } as Record<string, number>;
    for (const v of stored.values()) counts[v]++;
    expect(tally).toMatchObject({ round: 2, answered: stored.size, counts });
    expect(tally.rounds).toEqual([{ round: 1, answered: 0, counts: { a: 0, b: 0, c: 0 } }]);

    // A phone reconnects and resends its acknowledged answer (its ack may have been lost):
    // acknowledged again, counted once.
    const phone = await open(b.url);
    const pw = await phone.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(0) },
      'welcome',
    );
    expect(pw.mine).toEqual({ answers: [{ qid: 'cells-1', round: 2, value: 'a' }], attempts: [] });
    const from = host2.mark();
    const ack = await phone.request(
      { type: 'answer', qid: 'cells-1', round: 2, value: 'a', seq: 1 },
      'ack',
    );
    expect(ack).toEqual({ type: 'ack', seq: 1 });
    // A fresh student's answer follows, so the host's next tally shows both.
    const late = await open(b.url);
    await late.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(900) },
      'welcome',
    );
    await late.request({ type: 'answer', qid: 'cells-1', round: 2, value: 'b', seq: 1 }, 'ack');
    const t2 = await host2.next((m) => m.type === 'tally' && m.answered === stored.size + 1, from);
    expect(t2.counts).toEqual({ ...counts, b: counts.b + 1 });

    // Ctrl-C: a clean stop, exit status 0.
    b.proc.kill('SIGINT');
    expect(await b.exited).toEqual({ code: 0, signal: null });
    expect(b.output()).toContain('Stopped; the database is closed.');
  });
});
