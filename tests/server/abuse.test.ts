// The class server against abuse, with real sockets on loopback: a flooding client is limited
// and closed while the others are served; malformed messages get an error naming what is
// wrong and change nothing.
import { describe, expect, it } from 'vitest';
import { choiceQ, createRoom, isTally, sid, classServerFixture } from './client';

const cls = classServerFixture();

describe('abuse', () => {
  it('limits a flooding client and closes it, while another student is answered and counted', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: choiceQ }, 'tally');
    const flooder = await cls.student(room.code, sid(70));
    const calm = await cls.student(room.code, sid(71));
    const from = h.mark();
    for (let i = 0; i < 1000; i++)
      flooder.send({ type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: i });
    const ack = await calm.request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 1 },
      'ack',
    );
    expect(ack).toEqual({ type: 'ack', seq: 1 });
    const rate = await flooder.next((m) => m.type === 'error' && m.code === 'rate');
    expect(rate.message).toContain('more than 20 messages a second');
    await new Promise<void>((r) => (flooder.closed ? r() : flooder.ws.once('close', () => r())));
    expect(flooder.closed).toEqual({ code: 1008, reason: 'rate limit exceeded' });
    // The flooder's burst was handled: its one answer, stored and counted once.
    const rows = cls.readDb((db) =>
      db
        .prepare('SELECT student, value FROM answers WHERE room = ? ORDER BY student')
        .all(room.code),
    );
    expect(rows).toEqual([
      { student: sid(70), value: '"a"' },
      { student: sid(71), value: '"c"' },
    ]);
    const t = await h.next(isTally('cells-1', 2), from);
    expect(t.counts).toEqual({ a: 1, b: 0, c: 1 });
  });

  it('answers malformed messages with an error naming what is wrong, and changes nothing', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: choiceQ }, 'tally');
    const s = await cls.student(room.code, sid(80));
    const cases: Array<[unknown, string, string]> = [
      ['{not json', 'json', 'not JSON'],
      [[1, 2], 'json', 'expected a JSON object'],
      [{ kind: 'answer' }, 'type', 'missing `type`'],
      [{ type: 'vote' }, 'type', 'unknown type "vote"'],
      [
        { type: 'answer', qid: 'cells-1', round: 1, value: 'z', seq: 2 },
        'value',
        'one of the options "a", "b", "c"',
      ],
      [{ type: 'answer', qid: 'cells-1', round: 0, value: 'a', seq: 3 }, 'schema', 'answer: round'],
      [{ type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: -1 }, 'schema', 'answer: seq'],
      [
        { type: 'answer', qid: 'other', round: 1, value: 'a', seq: 4 },
        'no-question',
        '"other" is not the current question',
      ],
      [
        { type: 'attempt', challengeId: 'nope', value: 1, pass: true, seq: 5 },
        'no-challenge',
        'no challenge "nope"',
      ],
      [
        { type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 6, extra: 1 },
        'schema',
        'Unrecognized key',
      ],
      [
        { type: 'hello', role: 'student', room: room.code, student: sid(81) },
        'joined',
        'already joined',
      ],
      [JSON.stringify({ type: 'ping', pad: 'x'.repeat(5000) }), 'too-big', 'the limit is 4096'],
    ];
    for (const [m, code, text] of cases) {
      const e = await s.request(m, 'ack');
      expect(e).toMatchObject({ type: 'error', code });
      expect(e.message).toContain(text);
    }
    const long = {
      ...choiceQ,
      qid: 'q2',
      options: Array.from({ length: 9 }, (_, i) => ({ id: `o${i}`, label: 'x' })),
    };
    const e = await h.request({ type: 'open', question: long }, 'state');
    expect(e).toMatchObject({
      code: 'schema',
      message: expect.stringContaining('open: question.options'),
    });
    const n = cls.readDb((db) =>
      db.prepare('SELECT COUNT(*) AS n FROM answers WHERE room = ?').get(room.code),
    );
    expect(n).toEqual({ n: 0 });
    const st = await h.request({ type: 'close', qid: 'cells-1' }, 'state');
    expect(st.room).toMatchObject({
      students: 1,
      question: { qid: 'cells-1', round: 1, open: false },
    });
  });

  // Last in this file: it uses up this address's rooms for the minute.
  it('refuses a 21st room from one address within a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await fetch(`${cls.srv.url}/class/api/rooms`, { method: 'POST' })).status);
    const first429 = statuses.indexOf(429);
    // The two tests above opened 2: 18 more are taken (20 in all), then every one refused.
    expect(first429).toBe(18);
    expect(statuses.slice(0, first429).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
    const r = await fetch(`${cls.srv.url}/class/api/rooms`, { method: 'POST' });
    expect(await r.json()).toEqual({ error: 'more than 20 rooms a minute from this address' });
  });
});
