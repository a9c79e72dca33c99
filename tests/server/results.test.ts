// A class's results after a scripted session (a choice question over two rounds with a
// reveal, a scale question revealed with a raw fraction, a challenge with attempts): the JSON
// and the CSV, exactly, and nothing in them that identifies a student.
import Database from 'better-sqlite3';
import { csvParse } from 'd3-dsv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsResponse } from '../../src/classroom/protocol';
import type { ClassServer } from '../../src/server/server';
import { startClassServer } from '../../src/server/server';
import { version } from '../../package.json';
import { CSV_COLUMNS } from '../../src/server/resultsCsv';
import { TestClient, choiceQ, createRoom, sid, tmpDist } from './client';

/** A scale question of a lesson: a fraction on a 0.01 step, close within 0.1. */
const effQ = {
  qid: 'eff-1',
  prompt: 'Efficiency with EPD?',
  kind: 'scale' as const,
  min: 0,
  max: 1,
  step: 0.01,
  title: 'EPD: Efficiency, with a "quoted" word',
  tolerance: 0.1,
};
const cellsQ = { ...choiceQ, title: 'Two VCs: Who loses cells' };

let srv: ClassServer;
let dbPath: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  const t = tmpDist();
  dbPath = t.db;
  srv = await startClassServer({
    host: '127.0.0.1',
    port: 0,
    dbPath: t.db,
    distDir: `${t.dir}/dist`,
    quiet: true,
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await srv?.close();
});

async function open(): Promise<TestClient> {
  const c = await TestClient.open(srv.url);
  clients.push(c);
  return c;
}

describe('results', () => {
  it('exports every round and challenge as JSON and CSV, anonymously', async () => {
    const room = await createRoom(srv.url);
    const h = await open();
    await h.request(
      { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
      'welcome',
    );
    const s = await Promise.all(
      [1, 2, 3, 4].map(async (i) => {
        const c = await open();
        await c.request(
          { type: 'hello', role: 'student', room: room.code, student: sid(i) },
          'welcome',
        );
        return c;
      }),
    );
    const answer = (i: number, qid: string, round: number, value: string | number) =>
      s[i].request({ type: 'answer', qid, round, value, seq: round * 10 + i }, 'ack');

    await h.request({ type: 'open', question: cellsQ }, 'tally');
    await Promise.all(['a', 'a', 'b', 'c'].map((v, i) => answer(i, 'cells-1', 1, v)));
    await answer(3, 'cells-1', 1, 'a'); // changes its mind: a replaces c
    await h.request({ type: 'revote', qid: 'cells-1' }, (m) => m.type === 'tally' && m.round === 2);
    await Promise.all(['b', 'b', 'b'].map((v, i) => answer(i, 'cells-1', 2, v)));
    await h.request(
      { type: 'reveal', qid: 'cells-1', answer: 'b', instructor: 'a', measured: 'VC 2: 812 cells' },
      'state',
    );

    await h.request(
      { type: 'open', question: effQ },
      (m) => m.type === 'tally' && m.qid === 'eff-1',
    );
    await Promise.all([0.65, 0.4, 0.55].map((v, i) => answer(i, 'eff-1', 1, v)));
    await h.request({ type: 'close', qid: 'eff-1' }, 'state');
    await h.request({ type: 'reveal', qid: 'eff-1', answer: 0.5603645833333332 }, 'state');

    const item = {
      kind: 'challenge',
      title: 'Smallest buffer, efficiency over 90 %',
      query: 'preset=s0-testbed&challenge=N4Ig',
      challenge: { id: 'buf90', metric: 'buffer', better: 'lower', unit: 'cells' },
    };
    await h.request({ type: 'push', item }, 'attempts');
    const attempt = (i: number, value: number, pass: boolean, seq: number) =>
      s[i].request({ type: 'attempt', challengeId: 'buf90', value, pass, seq }, 'ack');
    await attempt(0, 300, true, 1);
    await attempt(0, 250, true, 2);
    await attempt(0, 200, false, 3);
    await attempt(1, 100, false, 1);
    await attempt(1, 150, false, 2);
    // A resend of the first attempt (its ack was lost before the second was sent) is acked
    // again and counts once: the student's row keeps its later value and two tries.
    await attempt(1, 100, false, 1);
    await attempt(2, 400, true, 1);
    await attempt(3, 250, true, 1);
    const att = await h.next((m) => m.type === 'attempts' && m.attempted === 4 && m.passed === 3);
    // Every attempt counts, failed ones too (seven, the resend once), each at its value.
    expect(att).toEqual({
      type: 'attempts',
      challengeId: 'buf90',
      attempted: 4,
      passed: 3,
      best: [250, 250, 400],
      tries: 7,
      values: [
        [100, 0, 1],
        [150, 0, 1],
        [200, 0, 1],
        [250, 2, 0],
        [300, 1, 0],
        [400, 1, 0],
      ],
    });

    const db = new Database(dbPath, { readonly: true });
    const tries = db
      .prepare(
        'SELECT student, tries, last_value AS last FROM attempts WHERE room = ? ORDER BY student',
      )
      .all(room.code);
    db.close();
    expect(tries).toEqual([
      { student: sid(1), tries: 3, last: 200 },
      { student: sid(2), tries: 2, last: 150 },
      { student: sid(3), tries: 1, last: 400 },
      { student: sid(4), tries: 1, last: 250 },
    ]);
    const again = await open();
    const welcome = await again.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(2) },
      'welcome',
    );
    expect(welcome.mine).toMatchObject({
      attempts: [{ challengeId: 'buf90', value: 150, pass: false }],
    });

    const auth = { Authorization: `Bearer ${room.hostToken}` };
    const json = (await (
      await fetch(`${srv.url}/class/api/rooms/${room.code}/results`, { headers: auth })
    ).json()) as ResultsResponse;
    const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(json).toEqual({
      format: 'tcp-over-atm-lab/class-results',
      version: 1,
      room: room.code,
      created: iso,
      exported: iso,
      app: `tcp-over-atm-lab ${version}`,
      students: 4,
      questions: [
        {
          qid: 'cells-1',
          prompt: choiceQ.prompt,
          title: cellsQ.title,
          kind: 'choice',
          options: choiceQ.options,
          revealed: { answer: 'b', instructor: 'a', measured: 'VC 2: 812 cells' },
          rounds: [
            { round: 1, answered: 4, counts: { a: 3, b: 1, c: 0 }, opened: iso, closed: iso },
            {
              round: 2,
              answered: 3,
              counts: { a: 0, b: 3, c: 0 },
              opened: iso,
              closed: iso,
              revealed: { answer: 'b', instructor: 'a', measured: 'VC 2: 812 cells' },
            },
          ],
        },
        {
          qid: 'eff-1',
          prompt: effQ.prompt,
          title: effQ.title,
          kind: 'scale',
          min: 0,
          max: 1,
          step: 0.01,
          tolerance: 0.1,
          revealed: { answer: 0.5603645833333332 },
          rounds: [
            {
              round: 1,
              answered: 3,
              values: [0.4, 0.55, 0.65],
              opened: iso,
              closed: iso,
              revealed: { answer: 0.5603645833333332 },
            },
          ],
        },
      ],
      challenges: [
        {
          id: 'buf90',
          title: item.title,
          query: item.query,
          metric: 'buffer',
          better: 'lower',
          unit: 'cells',
          pushed: iso,
          attempted: 4,
          passed: 3,
          best: [250, 250, 400],
          tries: 7,
          values: [
            [100, 0, 1],
            [150, 0, 1],
            [200, 0, 1],
            [250, 2, 0],
            [300, 1, 0],
            [400, 1, 0],
          ],
        },
      ],
    });

    const res = await fetch(`${srv.url}/class/api/rooms/${room.code}/results?format=csv`, {
      headers: auth,
    });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="class-${room.code}.csv"`,
    );
    const csv = await res.text();
    // A plain table: the header, one row per question and round, one per challenge; values
    // rounded as shown (the run's 0.5603645833333332 on a 0.01 slider is 0.56).
    expect(csv).toBe(
      [
        "Lesson and step,Question,Round,Answered,Answers,Run's answer,Unit,Within tolerance",
        'Two VCs: Who loses cells,Which VC loses the most cells?,1,4,VC 1: 3; VC 2: 1; Both the same: 0,,,',
        'Two VCs: Who loses cells,Which VC loses the most cells?,2,3,VC 1: 0; VC 2: 3; Both the same: 0,VC 2,,3',
        '"EPD: Efficiency, with a ""quoted"" word",Efficiency with EPD?,1,3,0.4: 1; 0.55: 1; 0.65: 1,0.56,,2',
        'Challenge,"Smallest buffer, efficiency over 90 %",,4,250: 2; 400: 1,,cells,3',
        '',
      ].join('\n'),
    );
    // It reads back as one table with these columns.
    const rows = csvParse(csv);
    expect(rows.columns).toEqual([...CSV_COLUMNS]);
    expect(rows.length).toBe(4);
    expect(rows[2]['Lesson and step']).toBe(effQ.title);

    for (const text of [JSON.stringify(json), csv])
      for (const i of [1, 2, 3, 4]) expect(text).not.toContain(sid(i));
  });
});
