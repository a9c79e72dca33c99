// A class's results after a scripted session (a choice question over two rounds with a
// reveal, a scale question, a challenge with attempts): the JSON and the CSV, exactly, and
// nothing in them that identifies a student.
import Database from 'better-sqlite3';
import { csvParse } from 'd3-dsv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsResponse } from '../../src/classroom/protocol';
import type { ClassServer } from '../../src/server/server';
import { startClassServer } from '../../src/server/server';
import { TestClient, choiceQ, createRoom, scaleQ, sid, tmpDist } from './client';

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

    await h.request({ type: 'open', question: choiceQ }, 'tally');
    await Promise.all(['a', 'a', 'b', 'c'].map((v, i) => answer(i, 'cells-1', 1, v)));
    await answer(3, 'cells-1', 1, 'a'); // changes its mind: a replaces c
    await h.request({ type: 'revote', qid: 'cells-1' }, (m) => m.type === 'tally' && m.round === 2);
    await Promise.all(['b', 'b', 'b'].map((v, i) => answer(i, 'cells-1', 2, v)));
    await h.request(
      { type: 'reveal', qid: 'cells-1', answer: 'b', instructor: 'a', measured: 'VC 2: 812 cells' },
      'state',
    );

    await h.request(
      { type: 'open', question: scaleQ },
      (m) => m.type === 'tally' && m.qid === 'eff-1',
    );
    await Promise.all([40, 55, 55].map((v, i) => answer(i, 'eff-1', 1, v)));
    await h.request({ type: 'close', qid: 'eff-1' }, 'state');

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
      students: 4,
      questions: [
        {
          qid: 'cells-1',
          prompt: choiceQ.prompt,
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
          prompt: scaleQ.prompt,
          kind: 'scale',
          min: 0,
          max: 100,
          step: 1,
          unit: '%',
          rounds: [{ round: 1, answered: 3, values: [40, 55, 55], opened: iso, closed: iso }],
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
    const lines = csv.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^# tcp-over-atm-lab/class-results v1: room ${room.code}, created .+, exported .+, 4 anonymous students$`,
      ),
    );
    expect(lines[1]).toMatch(/^# read with pandas.read_csv/);
    expect(lines.slice(2).join('\n')).toBe(
      [
        'section,id,round,kind,prompt,option,label,value,count,answered,answer',
        'question,cells-1,1,choice,Which VC loses the most cells?,a,VC 1,,3,4,',
        'question,cells-1,1,choice,Which VC loses the most cells?,b,VC 2,,1,4,',
        'question,cells-1,1,choice,Which VC loses the most cells?,c,Both the same,,0,4,',
        'question,cells-1,2,choice,Which VC loses the most cells?,a,VC 1,,0,3,b',
        'question,cells-1,2,choice,Which VC loses the most cells?,b,VC 2,,3,3,b',
        'question,cells-1,2,choice,Which VC loses the most cells?,c,Both the same,,0,3,b',
        'question,eff-1,1,scale,Efficiency with EPD?,,%,40,1,3,',
        'question,eff-1,1,scale,Efficiency with EPD?,,%,55,2,3,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",attempted,cells,,4,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",passed,cells,,3,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",best,cells,250,2,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",best,cells,400,1,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",tries,cells,,7,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",try failed,cells,100,1,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",try failed,cells,150,1,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",try failed,cells,200,1,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",try passed,cells,250,2,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",try passed,cells,300,1,,',
        'challenge,buf90,,buffer,"Smallest buffer, efficiency over 90 %",try passed,cells,400,1,,',
        '',
      ].join('\n'),
    );
    // It reads back as a table (comment lines dropped), one row per figure.
    const rows = csvParse(lines.filter((l) => !l.startsWith('#')).join('\n'));
    expect(rows.length).toBe(19);
    expect(rows[9].prompt).toBe(item.title);

    for (const text of [JSON.stringify(json), csv])
      for (const i of [1, 2, 3, 4]) expect(text).not.toContain(sid(i));
  });
});
