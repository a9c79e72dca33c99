// A class's life on a real server over real sockets: pause (no vote), resume, clear the
// question, end (the record kept, no more changes until resumed), malformed life messages;
// the host's room list authorised by the tokens a browser holds; deleting a room and all it
// holds; every challenge attempt counted, passed and failed, with its value.
import { describe, expect, it } from 'vitest';
import type { RoomListResponse } from '../../src/classroom/protocol';
import type { Msg } from './client';
import { choiceQ, classServerFixture, createRoom, isTally, scaleQ, sid } from './client';

const cls = classServerFixture();

const isState = (pred: (room: Record<string, unknown>) => boolean) => (m: Msg) =>
  m.type === 'state' && pred(m.room as unknown as Record<string, unknown>);

async function list(
  rooms: Array<{ code: string; token: string }>,
  init: RequestInit = {},
): Promise<Response> {
  return fetch(`${cls.srv.url}/class/api/rooms/list`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rooms }),
    ...init,
  });
}

describe('a class has a life', () => {
  it('pause stops the votes, resume lets them in, clear drops the question, end keeps the record', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const s = await Promise.all([1, 2, 3].map((i) => cls.student(room.code, sid(i))));
    const w = await h.request({ type: 'open', question: choiceQ }, 'state');
    expect(w.room).toMatchObject({ status: 'open', question: { qid: 'cells-1', open: true } });
    await s[0].request({ type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 1 }, 'ack');

    // Pause: every phone hears it; an answer is refused, and nothing is stored.
    const from = s.map((c) => c.mark());
    const paused = await h.request({ type: 'pause' }, 'state');
    expect(paused.room).toMatchObject({ status: 'paused', question: { open: true } });
    for (const [i, c] of s.entries())
      await c.next(
        isState((r) => r.status === 'paused'),
        from[i],
      );
    const refused = await s[1].request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'b', seq: 1 },
      'ack',
    );
    expect(refused).toMatchObject({ type: 'error', code: 'paused', ref: 1 });
    // A resend of an answer stored before the pause is acknowledged again (its ack was lost).
    expect(
      await s[0].request({ type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 1 }, 'ack'),
    ).toEqual({ type: 'ack', seq: 1 });
    expect(
      cls.readDb(
        (db) =>
          db.prepare('SELECT COUNT(*) AS n FROM answers WHERE room = ?').get(room.code) as {
            n: number;
          },
      ).n,
    ).toBe(1);
    // Paused twice: no change, the state again.
    expect((await h.request({ type: 'pause' }, 'state')).room).toMatchObject({ status: 'paused' });

    // Resume: the vote goes on where it was.
    expect((await h.request({ type: 'resume' }, 'state')).room).toMatchObject({ status: 'open' });
    await s[1].request({ type: 'answer', qid: 'cells-1', round: 1, value: 'b', seq: 2 }, 'ack');
    await h.next(isTally('cells-1', 2));

    // Clear: the question leaves every phone; its round is closed and kept.
    const from2 = s.map((c) => c.mark());
    const cleared = await h.request({ type: 'clear' }, 'state');
    expect(cleared.room).toMatchObject({ status: 'open', question: null });
    for (const [i, c] of s.entries())
      await c.next(
        isState((r) => r.question === null),
        from2[i],
      );
    expect(
      await s[2].request({ type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 1 }, 'ack'),
    ).toMatchObject({ type: 'error', code: 'no-question' });
    const rounds = cls.readDb((db) =>
      db.prepare('SELECT qid, round, closed_at FROM questions WHERE room = ?').all(room.code),
    ) as Array<{ qid: string; round: number; closed_at: number | null }>;
    expect(rounds).toHaveLength(1);
    expect(rounds[0].closed_at).not.toBeNull();
    // Asked again, the question comes back with its answers (its round reopens).
    await h.request({ type: 'open', question: choiceQ }, isTally('cells-1', 2));

    // End: the phones hear it, the open round closes, the record stays.
    await h.request({ type: 'open', question: scaleQ }, isTally('eff-1', 0));
    await s[2].request({ type: 'answer', qid: 'eff-1', round: 1, value: 42, seq: 3 }, 'ack');
    const from3 = s.map((c) => c.mark());
    const ended = await h.request({ type: 'end' }, 'state');
    expect(ended.room).toMatchObject({ status: 'ended', question: { qid: 'eff-1', open: false } });
    for (const [i, c] of s.entries())
      await c.next(
        isState((r) => r.status === 'ended'),
        from3[i],
      );
    // Nothing changes after the end: no answer, no question, no push, no pause.
    expect(
      await s[0].request({ type: 'answer', qid: 'eff-1', round: 1, value: 10, seq: 4 }, 'ack'),
    ).toMatchObject({ type: 'error', code: 'ended' });
    for (const m of [
      { type: 'open', question: { ...choiceQ, qid: 'after-end' } },
      { type: 'pause' },
      { type: 'clear' },
      { type: 'revote', qid: 'eff-1' },
      { type: 'push', item: { kind: 'scenario', title: 'S', query: 'preset=s0-testbed' } },
    ])
      expect(await h.request(m, 'state')).toMatchObject({ type: 'error', code: 'ended' });
    const record = cls.readDb((db) => ({
      rooms: db.prepare('SELECT state_json FROM rooms WHERE code = ?').get(room.code) as {
        state_json: string;
      },
      answers: db
        .prepare('SELECT qid, round, value FROM answers WHERE room = ? ORDER BY qid, student')
        .all(room.code),
    }));
    expect(JSON.parse(record.rooms.state_json)).toMatchObject({
      status: 'ended',
      endedAt: expect.any(Number),
      qid: 'eff-1',
    });
    expect(record.answers).toEqual([
      { qid: 'cells-1', round: 1, value: '"a"' },
      { qid: 'cells-1', round: 1, value: '"b"' },
      { qid: 'eff-1', round: 1, value: '42' },
    ]);
    // A phone that joins an ended class hears so in its welcome.
    const late = await cls.student(room.code, sid(9));
    expect(late.log.find((m) => m.type === 'welcome')!.room).toMatchObject({ status: 'ended' });

    // Resumed, the class is open again.
    expect((await h.request({ type: 'resume' }, 'state')).room).toMatchObject({ status: 'open' });
    const stored = cls.readDb(
      (db) =>
        db.prepare('SELECT state_json FROM rooms WHERE code = ?').get(room.code) as {
          state_json: string;
        },
    );
    expect(JSON.parse(stored.state_json).endedAt).toBeUndefined();
  });

  it('refuses malformed or misplaced life messages with an error, and keeps serving', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const st = await cls.student(room.code, sid(20));
    for (const [m, code] of [
      [{ type: 'pause', now: true }, 'schema'],
      [{ type: 'end', room: room.code }, 'schema'],
      [{ type: 'clear', qid: 5 }, 'schema'],
      [{ type: 'resume', x: null }, 'schema'],
      [{ type: 'pauze' }, 'type'],
    ] as const)
      expect(await h.request(m, 'state')).toMatchObject({ type: 'error', code });
    for (const type of ['pause', 'resume', 'clear', 'end'])
      expect(await st.request({ type }, 'state')).toMatchObject({
        type: 'error',
        code: 'forbidden',
      });
    const anon = await cls.client();
    expect(await anon.request({ type: 'end' }, 'state')).toMatchObject({
      type: 'error',
      code: 'not-joined',
    });
    // Nothing changed; the server still answers.
    expect((await h.request({ type: 'clear' }, 'state')).room).toMatchObject({
      status: 'open',
      question: null,
    });
    await st.sync();
  });
});

describe('rooms kept', () => {
  it('lists the rooms whose tokens the browser holds, with their state and counts', async () => {
    const a = await createRoom(cls.srv.url);
    const b = await createRoom(cls.srv.url);
    const ha = await cls.host(a);
    await ha.request({ type: 'open', question: choiceQ }, 'tally');
    const sa = await cls.student(a.code, sid(30));
    await sa.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 1 }, 'ack');
    await ha.request({ type: 'end' }, 'state');

    const r = await list([
      { code: a.code, token: a.hostToken },
      { code: b.code, token: b.hostToken },
      // A wrong token lists nothing; a room that is no more is named as gone.
      { code: b.code, token: a.hostToken },
      { code: 'ZZZZZ', token: a.hostToken },
    ]);
    expect(r.status).toBe(200);
    const body = (await r.json()) as RoomListResponse;
    expect(body.gone).toEqual(['ZZZZZ']);
    expect(body.rooms.map((x) => x.code).sort()).toEqual([a.code, b.code].sort());
    const ra = body.rooms.find((x) => x.code === a.code)!;
    expect(ra).toMatchObject({
      status: 'ended',
      students: 1,
      questions: 1,
      answers: 1,
      challenges: 0,
      attempts: 0,
      ended: expect.stringMatching(/^\d{4}-/),
    });
    expect(body.rooms.find((x) => x.code === b.code)).toMatchObject({
      status: 'open',
      ended: null,
      questions: 0,
    });
    // Only the tokens decide: another room's token lists nothing of it.
    const other = (await (
      await list([{ code: a.code, token: b.hostToken }])
    ).json()) as RoomListResponse;
    expect(other).toEqual({ rooms: [], gone: [] });
    // The server lists every room (the terminal prints the open ones).
    const all = cls.srv.rooms();
    expect(all.find((x) => x.code === a.code)?.status).toBe('ended');
    expect(all.find((x) => x.code === b.code)?.status).toBe('open');

    // Bad requests are refused with a reason; the server goes on.
    for (const [init, status] of [
      [{ body: 'not json' }, 400],
      [{ body: JSON.stringify({ rooms: [{ code: 'x', token: 'y' }] }) }, 400],
      [{ body: JSON.stringify({ rooms: 'all' }) }, 400],
      [{ body: 'x'.repeat(70_000) }, 413],
      [{ method: 'GET', body: undefined }, 405],
      [{ headers: { Origin: 'http://evil.example' } }, 403],
    ] as const) {
      const res = await list([], init as RequestInit);
      expect(res.status, JSON.stringify(init).slice(0, 80)).toBe(status);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(5);
    }
  });

  it('deletes a room and everything it holds, only with its token; its pages are let go', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: choiceQ }, 'tally');
    const st = await cls.student(room.code, sid(40));
    await st.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 1 }, 'ack');
    await h.request(
      {
        type: 'push',
        item: {
          kind: 'challenge',
          title: 'C',
          query: 'preset=s0-testbed&challenge=N4Ig',
          challenge: { id: 'del-c', metric: 'bufferCells', better: 'lower' },
        },
      },
      'attempts',
    );
    await st.request(
      { type: 'attempt', challengeId: 'del-c', value: 300, pass: false, seq: 2 },
      'ack',
    );
    const keep = await createRoom(cls.srv.url);
    const kh = await cls.host(keep);
    await kh.request({ type: 'open', question: choiceQ }, 'tally');

    const del = (token?: string, origin?: string) =>
      fetch(`${cls.srv.url}/class/api/rooms/${room.code}`, {
        method: 'DELETE',
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(origin ? { Origin: origin } : {}),
        },
      });
    expect((await del()).status).toBe(401);
    expect((await del(keep.hostToken)).status).toBe(403);
    expect((await del(room.hostToken, 'http://evil.example')).status).toBe(403);
    const count = () =>
      cls.readDb((db) =>
        Object.fromEntries(
          [
            'rooms',
            'questions',
            'answers',
            'challenges',
            'attempts',
            'attempt_log',
            'students',
          ].map((t) => [
            t,
            (
              db
                .prepare(
                  `SELECT COUNT(*) AS n FROM ${t} WHERE ${t === 'rooms' ? 'code' : 'room'} = ?`,
                )
                .get(room.code) as { n: number }
            ).n,
          ]),
        ),
      );
    expect(count()).toEqual({
      rooms: 1,
      questions: 1,
      answers: 1,
      challenges: 1,
      attempts: 1,
      attempt_log: 1,
      students: 1,
    });

    const ok = await del(room.hostToken);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ deleted: room.code });
    expect(Object.values(count())).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // Its pages are let go, and find no room when they come back.
    await expect.poll(() => st.closed?.code).toBe(4004);
    await expect.poll(() => h.closed?.code).toBe(4004);
    const again = await cls.client();
    expect(
      await again.request(
        { type: 'hello', role: 'student', room: room.code, student: sid(41) },
        'welcome',
      ),
    ).toMatchObject({ type: 'error', code: 'no-room' });
    const res = await fetch(`${cls.srv.url}/class/api/rooms/${room.code}/results`, {
      headers: { Authorization: `Bearer ${room.hostToken}` },
    });
    expect(res.status).toBe(404);
    expect((await del(room.hostToken)).status).toBe(404);
    // The list names it as gone; the other room is untouched and live.
    const body = (await (
      await list([
        { code: room.code, token: room.hostToken },
        { code: keep.code, token: keep.hostToken },
      ])
    ).json()) as RoomListResponse;
    expect(body.gone).toEqual([room.code]);
    expect(body.rooms.map((r) => r.code)).toEqual([keep.code]);
    const ks = await cls.student(keep.code, sid(42));
    await ks.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'b', seq: 1 }, 'ack');
    await kh.next(isTally('cells-1', 1));
  });
});

describe('honest tallies', () => {
  it('counts every attempt, passed and failed, with its value', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const s = await Promise.all([1, 2, 3].map((i) => cls.student(room.code, sid(50 + i))));
    await h.request(
      {
        type: 'push',
        item: {
          kind: 'challenge',
          title: 'Smallest buffer',
          query: 'preset=s0-testbed&challenge=N4Ig',
          challenge: { id: 'honest', metric: 'bufferCells', better: 'lower', unit: 'cells' },
        },
      },
      'attempts',
    );
    const at = (i: number, value: number, pass: boolean, seq: number) =>
      s[i].request({ type: 'attempt', challengeId: 'honest', value, pass, seq }, 'ack');
    // Student 0 fails twice, then passes; student 1 only fails; student 2 passes once.
    await at(0, 400, false, 1);
    await at(0, 500, false, 2);
    await at(0, 600, true, 3);
    await at(1, 500, false, 1);
    await at(1, 450, false, 2);
    await at(1, 450, false, 2); // a resend: counted once
    await at(2, 700, true, 1);
    const m = await h.next((x) => x.type === 'attempts' && x.tries === 6);
    expect(m).toEqual({
      type: 'attempts',
      challengeId: 'honest',
      attempted: 3,
      passed: 2,
      best: [600, 700],
      tries: 6,
      values: [
        [400, 0, 1],
        [450, 0, 1],
        [500, 0, 2],
        [600, 1, 0],
        [700, 1, 0],
      ],
    });
    // A projector that comes (back) later reads the same from the database.
    const h2 = await cls.host(room);
    const m2 = await h2.next((x) => x.type === 'attempts');
    expect(m2).toEqual(m);
  });
});
