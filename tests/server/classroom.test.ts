// The class server with real sockets on loopback: joining, answers acknowledged only once in
// the database, one answer per student, host-only control, the origin check, short links and
// the static app.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOST_TOKEN_RE, ROOM_CODE_RE } from '../../src/classroom/protocol';
import {
  TestClient,
  choiceQ,
  createRoom,
  isTally,
  scaleQ,
  sid,
  classServerFixture,
} from './client';

const cls = classServerFixture();

describe('HTTP', () => {
  it('reports itself, creates rooms storing only the token hash, serves the app and short links', async () => {
    const info = await (await fetch(`${cls.srv.url}/class/api/info`)).json();
    expect(info).toMatchObject({ app: 'tcp-over-atm-lab', protocol: 1 });
    expect(info.projectorUrl).toBe(`http://127.0.0.1:${cls.srv.port}/?class=host`);
    expect(info.studentBase).toBe(`http://127.0.0.1:${cls.srv.port}`);

    const room = await createRoom(cls.srv.url);
    expect(room.code).toMatch(ROOM_CODE_RE);
    expect(room.hostToken).toMatch(HOST_TOKEN_RE);
    const stored = cls.readDb((db) =>
      db.prepare('SELECT * FROM rooms WHERE code = ?').get(room.code),
    ) as {
      host_token_hash: string;
    };
    expect(stored.host_token_hash).toBe(createHash('sha256').update(room.hostToken).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(room.hostToken);

    const page = await fetch(`${cls.srv.url}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>lab</title>');
    const asset = await fetch(`${cls.srv.url}/assets/app-1234.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const route = await fetch(`${cls.srv.url}/some/route`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>lab</title>');
    expect((await fetch(`${cls.srv.url}/missing.js`)).status).toBe(404);
    expect((await fetch(`${cls.srv.url}/%2e%2e/%2e%2e/etc/passwd.txt`)).status).toBe(404);

    const j = await fetch(`${cls.srv.url}/j/${room.code.toLowerCase()}`, { redirect: 'manual' });
    expect(j.status).toBe(302);
    expect(j.headers.get('location')).toBe(`/?join=${room.code}`);
    expect((await fetch(`${cls.srv.url}/j/0O1I`, { redirect: 'manual' })).status).toBe(404);
    // The students' address (no code): the join page with an empty code field.
    for (const path of ['/j', '/j/']) {
      const blank = await fetch(`${cls.srv.url}${path}`, { redirect: 'manual' });
      expect(blank.status).toBe(302);
      expect(blank.headers.get('location')).toBe('/?join=');
    }

    const h = await cls.host(room);
    const query = 'preset=s0-testbed&buffer=1000&challenge=N4Ig';
    const item = {
      kind: 'challenge',
      title: 'Smallest buffer for 90 %',
      query,
      challenge: { id: 'buf90', metric: 'bufferCells', better: 'lower', unit: 'cells' },
    };
    await h.request({ type: 'push', item }, 'state');
    const c1 = await fetch(`${cls.srv.url}/j/${room.code}/c/1`, { redirect: 'manual' });
    expect(c1.headers.get('location')).toBe(`/?join=${room.code}&${query}`);
    const c9 = await fetch(`${cls.srv.url}/j/${room.code}/c/9`, { redirect: 'manual' });
    expect(c9.headers.get('location')).toBe(`/?join=${room.code}`);
  });
});

describe('a question', () => {
  it('reaches the phones; answers are acked only once in the database and tallied for the host', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const s = await Promise.all([1, 2, 3].map((i) => cls.student(room.code, sid(i))));
    await h.next((m) => m.type === 'presence' && m.students === 3);

    const from = s.map((c) => c.mark());
    const opened = await h.request({ type: 'open', question: choiceQ }, 'state');
    expect(opened.room).toMatchObject({ question: { qid: 'cells-1', round: 1, open: true } });
    for (const [i, c] of s.entries())
      await c.next(
        (m) => m.type === 'state' && (m.room as { question: unknown }).question !== null,
        from[i],
      );

    const values = ['a', 'a', 'b'];
    const acks = await Promise.all(
      s.map(async (c, i) => {
        const ack = await c.request(
          { type: 'answer', qid: 'cells-1', round: 1, value: values[i], seq: 7 },
          'ack',
        );
        // The ack has arrived: the answer must already be in the file.
        const row = cls.readDb((db) =>
          db
            .prepare(
              'SELECT value FROM answers WHERE room = ? AND qid = ? AND round = 1 AND student = ?',
            )
            .get(room.code, 'cells-1', sid(i + 1)),
        );
        return { ack, row };
      }),
    );
    for (const [i, a] of acks.entries()) {
      expect(a.ack).toEqual({ type: 'ack', seq: 7 });
      expect(a.row).toEqual({ value: JSON.stringify(values[i]) });
    }
    const tally = await h.next(isTally('cells-1', 3));
    expect(tally).toEqual({
      type: 'tally',
      qid: 'cells-1',
      round: 1,
      answered: 3,
      students: 3,
      counts: { a: 2, b: 1, c: 0 },
      rounds: [],
    });
    // Students never see the others' answers.
    for (const c of s)
      expect(c.log.filter((m) => m.type === 'tally' || m.type === 'attempts')).toEqual([]);

    const fromR = s[0].mark();
    await h.request(
      { type: 'reveal', qid: 'cells-1', answer: 'b', instructor: 'a', why: 'VC 2 is farther' },
      'state',
    );
    const rev = await s[0].next((m) => m.type === 'state', fromR);
    expect(rev.room).toMatchObject({
      question: { open: false, revealed: { answer: 'b', instructor: 'a', why: 'VC 2 is farther' } },
    });
    const late = await s[2].request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 8 },
      'ack',
    );
    expect(late).toMatchObject({ type: 'error', code: 'closed', ref: 8 });

    const fromV = h.mark();
    await h.request({ type: 'revote', qid: 'cells-1' }, 'state');
    await Promise.all(
      s.map((c, i) =>
        c.request(
          { type: 'answer', qid: 'cells-1', round: 2, value: ['b', 'b', 'c'][i], seq: 9 },
          'ack',
        ),
      ),
    );
    const t2 = await h.next(isTally('cells-1', 3), fromV);
    expect(t2).toMatchObject({ round: 2, counts: { a: 0, b: 2, c: 1 } });
    expect(t2.rounds).toEqual([{ round: 1, answered: 3, counts: { a: 2, b: 1, c: 0 } }]);
  });

  it('never acknowledges an answer the database did not take', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: choiceQ }, 'tally');
    const s = await cls.student(room.code, sid(40));
    await s.sync();
    // Another process holds the write lock: the server's commit fails.
    const other = new Database(cls.dbPath);
    other.exec('BEGIN EXCLUSIVE');
    const from = h.mark();
    const e = await s.request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 5 },
      'ack',
    );
    other.exec('ROLLBACK');
    other.close();
    expect(e).toMatchObject({ type: 'error', code: 'internal', ref: 5 });
    expect(e.message).toContain('answer not saved');
    // Resent once the database is free, it is taken, acknowledged and counted once.
    const ack = await s.request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 5 },
      'ack',
    );
    expect(ack).toEqual({ type: 'ack', seq: 5 });
    const t = await h.next(isTally('cells-1', 1), from);
    expect(t.counts).toEqual({ a: 1, b: 0, c: 0 });
    expect(h.log.slice(from).filter((m) => m.type === 'tally' && m.answered !== 1)).toEqual([]);
  });

  it('counts a reloaded phone or a second tab once, and gives it back its answer', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: scaleQ }, 'tally');
    const a = await cls.student(room.code, sid(50));
    await a.request({ type: 'answer', qid: 'eff-1', round: 1, value: 40, seq: 1 }, 'ack');
    await a.close();
    // The same phone, reloaded: a new socket with the same id; it changes its answer twice.
    const b = await cls.student(room.code, sid(50));
    expect(b.log[0].mine).toEqual({
      answers: [{ qid: 'eff-1', round: 1, value: 40 }],
      attempts: [],
    });
    const tab = await cls.student(room.code, sid(50));
    const from = h.mark();
    await b.request({ type: 'answer', qid: 'eff-1', round: 1, value: 70, seq: 2 }, 'ack');
    await tab.request({ type: 'answer', qid: 'eff-1', round: 1, value: 65, seq: 1 }, 'ack');
    // An acknowledged answer resent after a reconnect changes nothing.
    await tab.request({ type: 'answer', qid: 'eff-1', round: 1, value: 65, seq: 1 }, 'ack');
    const t = await h.next((m) => m.type === 'tally' && (m.values as number[])[0] === 65, from);
    expect(t).toMatchObject({ answered: 1, students: 1, values: [65] });
    const n = cls.readDb((db) =>
      db.prepare('SELECT COUNT(*) AS n FROM answers WHERE room = ?').get(room.code),
    );
    expect(n).toEqual({ n: 1 });
    const off = await b.request(
      { type: 'answer', qid: 'eff-1', round: 1, value: 101, seq: 3 },
      'ack',
    );
    expect(off).toMatchObject({
      type: 'error',
      code: 'value',
      message: 'value must be within 0..100',
    });
  });
});

describe('asking again', () => {
  it('brings back a question asked before with its tally, reopened unless revealed', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const s = await cls.student(room.code, sid(30));
    await h.request({ type: 'open', question: choiceQ }, 'tally');
    await s.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'b', seq: 1 }, 'ack');
    // (Its tally comes after its state: from here on every earlier message has arrived.)
    await h.request(
      { type: 'open', question: scaleQ },
      (m) => m.type === 'tally' && m.qid === 'eff-1',
    );
    const back = await h.request({ type: 'open', question: choiceQ }, 'state');
    expect(back.room).toMatchObject({ question: { qid: 'cells-1', round: 1, open: true } });
    const t = await h.next((m) => m.type === 'tally' && m.qid === 'cells-1', h.log.indexOf(back));
    expect(t).toMatchObject({ round: 1, answered: 1, counts: { a: 0, b: 1, c: 0 } });
    await h.request({ type: 'reveal', qid: 'cells-1', answer: 'b' }, 'state');
    await h.request(
      { type: 'open', question: scaleQ },
      (m) => m.type === 'tally' && m.qid === 'eff-1',
    );
    const again = await h.request({ type: 'open', question: choiceQ }, 'state');
    expect(again.room).toMatchObject({
      question: { qid: 'cells-1', round: 1, open: false, revealed: { answer: 'b' } },
    });
    const late = await s.request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 2 },
      'ack',
    );
    expect(late).toMatchObject({ type: 'error', code: 'closed' });
  });
});

describe('only the host controls the room', () => {
  it('refuses host messages from students and a wrong token, and the results without the token', async () => {
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    await h.request({ type: 'open', question: choiceQ }, 'tally');
    const s = await cls.student(room.code, sid(60));
    const before = await (
      await fetch(`${cls.srv.url}/class/api/rooms/${room.code}/results`, {
        headers: { Authorization: `Bearer ${room.hostToken}` },
      })
    ).json();
    const attempts = [
      { type: 'open', question: { ...choiceQ, qid: 'x' } },
      { type: 'reveal', qid: 'cells-1', answer: 'a' },
      { type: 'close', qid: 'cells-1' },
      { type: 'revote', qid: 'cells-1' },
      { type: 'follow', view: { query: 'preset=s0-testbed' } },
      { type: 'push', item: { kind: 'scenario', title: 'x', query: 'buffer=1' } },
    ];
    for (const m of attempts) {
      const e = await s.request(m, 'state');
      expect(e).toMatchObject({
        type: 'error',
        code: 'forbidden',
        message: `only the host may send "${m.type}"`,
      });
    }
    const e2 = await h.request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 1 },
      'ack',
    );
    expect(e2).toMatchObject({ type: 'error', code: 'forbidden' });

    const wrong = 'A'.repeat(43);
    const fake = await cls.client();
    const e3 = await fake.request(
      { type: 'hello', role: 'host', room: room.code, token: wrong },
      'welcome',
    );
    expect(e3).toMatchObject({ type: 'error', code: 'token' });
    const e4 = await fake.request({ type: 'reveal', qid: 'cells-1', answer: 'a' }, 'state');
    expect(e4).toMatchObject({ type: 'error', code: 'not-joined' });

    const url = `${cls.srv.url}/class/api/rooms/${room.code}/results?format=json`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { Authorization: `Bearer ${wrong}` } })).status).toBe(403);
    const after = await (
      await fetch(url, { headers: { Authorization: `Bearer ${room.hostToken}` } })
    ).json();
    expect({ ...after, exported: '' }).toEqual({ ...before, exported: '' });
    await s.sync();
    expect(s.log.filter((m) => m.type === 'tally')).toEqual([]);
  });

  it('refuses a WebSocket or a new room from a page of another origin', async () => {
    await expect(
      TestClient.open(cls.srv.url, { Origin: `http://evil.example:${cls.srv.port}` }),
    ).rejects.toThrow('upgrade refused: 403');
    await expect(
      TestClient.open(cls.srv.url, { Origin: `http://127.0.0.1:${cls.srv.port + 1}` }),
    ).rejects.toThrow('upgrade refused: 403');
    const ok = await cls.client({ Origin: `http://127.0.0.1:${cls.srv.port}` });
    await ok.sync();
    const r = await fetch(`${cls.srv.url}/class/api/rooms`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example' },
    });
    expect(r.status).toBe(403);
  });
});
