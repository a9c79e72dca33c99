// Hostile messages for the class protocol's fuzz test, each with the error code the server
// must answer: garbage, non-objects, oversized frames, valid messages with one field broken,
// valid messages from the wrong role, and messages out of order (before hello, a second
// hello, a question or round that is not open, a challenge never pushed). None of them may
// change anything. Deterministic: every draw comes from the seeded generator.
import type { ErrorCode } from '../../src/classroom/protocol';
import type { Random } from '../../src/sim/core/random';
import { choiceQ, sid } from './client';

export type Role = 'none' | 'student' | 'host';
export interface Fuzz {
  /** A string is sent as a text frame, a Buffer as a binary frame. */
  frame: string | Buffer;
  expect: ErrorCode;
}

const pick = <T>(r: Random, xs: readonly T[]): T => xs[Math.floor(r.next() * xs.length)];
const int = (r: Random, lo: number, hi: number) => lo + Math.floor(r.next() * (hi - lo + 1));

/** The room as the fuzz test sets it up (a choice question open at round 1, one challenge). */
export interface Setup {
  code: string;
  token: string;
  challengeId: string;
}

const LONG = 'x'.repeat(2100);
const BAD_STRING = [123, null, true, {}, [], LONG];
const BAD_ID = [...BAD_STRING, '', 'has space', 'é', '../x'];
const BAD_INT = ['1', null, 1.5, -1, 2 ** 40, {}];
const BAD_VALUE = [null, {}, [], true, '', 'y'.repeat(65)];

/** Valid messages of each type, and for each field the values that break it. */
function templates(
  s: Setup,
): Array<{ msg: Record<string, unknown>; bad: Record<string, unknown[]> }> {
  return [
    {
      msg: { type: 'hello', role: 'student', room: s.code, student: sid(1) },
      bad: {
        room: ['abc', 'ABCDEFG', '0OOOO', 12345, ''],
        student: ['short', 'z'.repeat(65), 'bad id!', 5],
        role: ['admin', null],
      },
    },
    {
      msg: { type: 'hello', role: 'host', room: s.code, token: s.token },
      bad: { token: ['short', 5, 'A'.repeat(44), null], room: ['abcde', null] },
    },
    {
      msg: {
        type: 'follow',
        view: { query: 'preset=s0-testbed', lesson: 'cells', step: 2, title: 'Cells' },
      },
      bad: {
        view: [
          null,
          'x',
          [],
          { query: LONG },
          { query: 'a', step: -1 },
          { query: 'a', step: 1.5 },
          { query: 'a', lesson: '' },
          { query: 'a', title: 'x'.repeat(121) },
          { step: 1 },
        ],
      },
    },
    {
      msg: { type: 'open', question: { ...choiceQ, qid: 'fuzz-q' } },
      bad: {
        question: [
          null,
          { ...choiceQ, options: [] },
          { ...choiceQ, options: [{ id: 'a', label: 'A' }] },
          {
            ...choiceQ,
            options: Array.from({ length: 9 }, (_, i) => ({ id: `o${i}`, label: 'L' })),
          },
          {
            ...choiceQ,
            options: [
              { id: 'a', label: 'A' },
              { id: 'a', label: 'B' },
            ],
          },
          { ...choiceQ, kind: 'slider' },
          { ...choiceQ, prompt: '' },
          { ...choiceQ, prompt: 'p'.repeat(401) },
          { qid: 'q', prompt: 'p', kind: 'scale', min: 5, max: 1, step: 1 },
          { qid: 'q', prompt: 'p', kind: 'scale', min: 0, max: 1, step: 0 },
          { qid: 'q', prompt: 'p', kind: 'scale', min: 0, max: 1, step: 1, unit: 'u'.repeat(25) },
        ],
      },
    },
    { msg: { type: 'revote', qid: 'cells-1' }, bad: { qid: BAD_ID } },
    { msg: { type: 'close', qid: 'cells-1' }, bad: { qid: BAD_ID } },
    {
      msg: {
        type: 'reveal',
        qid: 'cells-1',
        answer: 'a',
        instructor: 'b',
        measured: '8 cells',
        why: 'because',
      },
      bad: {
        qid: BAD_ID,
        answer: BAD_VALUE,
        instructor: BAD_VALUE,
        measured: [LONG, 5],
        why: [LONG, 5],
      },
    },
    {
      msg: { type: 'push', item: { kind: 'scenario', title: 'T', query: 'buffer=1' } },
      bad: {
        item: [
          null,
          { kind: 'video', title: 'T', query: '' },
          { kind: 'challenge', title: 'T', query: '' },
          {
            kind: 'scenario',
            title: 'T',
            query: '',
            challenge: { id: 'c', metric: 'm', better: 'lower' },
          },
          { kind: 'scenario', title: '', query: '' },
          {
            kind: 'challenge',
            title: 'T',
            query: '',
            challenge: { id: 'c', metric: 'm', better: 'worse' },
          },
        ],
      },
    },
    {
      msg: { type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 1 },
      bad: { qid: BAD_ID, round: [...BAD_INT, 0, 10], value: BAD_VALUE, seq: BAD_INT },
    },
    {
      msg: { type: 'attempt', challengeId: s.challengeId, value: 12, pass: true, seq: 1 },
      bad: { challengeId: BAD_ID, value: ['12', null], pass: ['yes', 1, null], seq: BAD_INT },
    },
    { msg: { type: 'ping' }, bad: {} },
    // The class's life: no fields, so an unknown key breaks each.
    { msg: { type: 'pause' }, bad: {} },
    { msg: { type: 'resume' }, bad: {} },
    { msg: { type: 'clear' }, bad: {} },
    { msg: { type: 'end' }, bad: {} },
  ];
}

/** A valid message with one field broken, a key removed, or an unknown key added. */
function broken(r: Random, s: Setup): Fuzz {
  const t = pick(r, templates(s));
  const msg: Record<string, unknown> = structuredClone(t.msg);
  const fields = Object.keys(t.bad);
  const how = r.next();
  if (how < 0.15 || fields.length === 0) msg[pick(r, ['extra', 'seq2', '__proto__x', 'Type'])] = 1;
  else if (how < 0.3) {
    const required = Object.keys(msg).filter(
      (k) => k !== 'type' && !['instructor', 'measured', 'why'].includes(k),
    );
    if (required.length === 0) msg.extra = 1;
    else delete msg[pick(r, required)];
  } else {
    const f = pick(r, fields);
    msg[f] = structuredClone(pick(r, t.bad[f]));
  }
  return { frame: JSON.stringify(msg), expect: 'schema' };
}

const GARBAGE = [
  '',
  ' ',
  '{',
  '}',
  '{"type":',
  'null',
  'true',
  '42',
  '"hello"',
  '[]',
  '[{"type":"ping"}]',
  'NaN',
  '{type:"ping"}',
  "{'type':'ping'}",
  '\u0000',
  '😀',
];

function garbage(r: Random): Fuzz {
  const k = r.next();
  if (k < 0.3) return { frame: pick(r, GARBAGE), expect: 'json' };
  if (k < 0.5) {
    let s = '';
    const n = int(r, 1, 200);
    for (let i = 0; i < n; i++) s += String.fromCharCode(int(r, 32, 126));
    // A random printable string that happens to be JSON is rare; make it never one.
    return { frame: '~' + s, expect: 'json' };
  }
  if (k < 0.6) {
    const b = Buffer.alloc(int(r, 1, 64));
    for (let i = 0; i < b.length; i++) b[i] = int(r, 0, 255);
    return { frame: b, expect: 'json' };
  }
  if (k < 0.8) {
    const t = pick(r, [
      undefined,
      null,
      5,
      '',
      'vote',
      'HELLO',
      'answer ',
      'constructor',
      '__proto__',
      'toString',
    ]);
    const m: Record<string, unknown> = { qid: 'cells-1' };
    if (t !== undefined) m.type = t;
    return { frame: JSON.stringify(m), expect: 'type' };
  }
  // Oversized: a valid-looking message padded past 4096 bytes (multi-byte characters too).
  const [ch, bytes] = pick(r, [
    ['x', 1],
    ['é', 2],
    ['日', 3],
    ['😀', 4],
  ] as const);
  // Over 4096 bytes, under the 64 KiB at which the connection itself is closed.
  const pad = ch.repeat(int(r, Math.ceil(4097 / bytes), Math.floor(60_000 / bytes)));
  return {
    frame: JSON.stringify({ type: 'answer', qid: 'cells-1', round: 1, value: pad, seq: 1 }),
    expect: 'too-big',
  };
}

/** A valid message that this role may not send now, and the error it must get. */
function outOfPlace(r: Random, s: Setup, role: Role): Fuzz {
  const hostMsgs = [
    { type: 'follow', view: { query: 'preset=x' } },
    { type: 'open', question: { ...choiceQ, qid: 'other' } },
    { type: 'revote', qid: 'cells-1' },
    { type: 'close', qid: 'cells-1' },
    { type: 'reveal', qid: 'cells-1', answer: 'a' },
    { type: 'push', item: { kind: 'scenario', title: 'T', query: '' } },
    { type: 'pause' },
    { type: 'resume' },
    { type: 'clear' },
    { type: 'end' },
  ];
  const studentMsgs = [
    { type: 'answer', qid: 'cells-1', round: 1, value: 'b', seq: int(r, 0, 99) },
    { type: 'attempt', challengeId: s.challengeId, value: 3, pass: true, seq: 1 },
  ];
  const hello = { type: 'hello', role: 'student', room: s.code, student: sid(int(r, 100, 999)) };
  const j = (m: unknown, e: ErrorCode): Fuzz => ({ frame: JSON.stringify(m), expect: e });
  if (role === 'none') {
    const k = r.next();
    if (k < 0.5) return j(pick(r, [...hostMsgs, ...studentMsgs]), 'not-joined');
    if (k < 0.75) return j({ ...hello, room: pick(r, ['ZZZZZ', 'XXXX', 'WWWWWW']) }, 'no-room');
    return j({ type: 'hello', role: 'host', room: s.code, token: 'B'.repeat(43) }, 'token');
  }
  const k = r.next();
  if (k < 0.2)
    return j(
      pick(r, [hello, { type: 'hello', role: 'host', room: s.code, token: s.token }]),
      'joined',
    );
  if (role === 'student') {
    if (k < 0.5) return j(pick(r, hostMsgs), 'forbidden');
    if (k < 0.6)
      return j(
        {
          type: 'answer',
          qid: pick(r, ['other', 'cells-2', 'eff-1']),
          round: 1,
          value: 'a',
          seq: 1,
        },
        'no-question',
      );
    if (k < 0.75)
      return j(
        { type: 'answer', qid: 'cells-1', round: int(r, 2, 9), value: 'a', seq: 1 },
        'closed',
      );
    if (k < 0.9)
      return j(
        {
          type: 'answer',
          qid: 'cells-1',
          round: 1,
          value: pick(r, ['d', 'A', 'option', 1, 0, -3.5]),
          seq: 1,
        },
        'value',
      );
    return j(
      { type: 'attempt', challengeId: pick(r, ['other', 'buf91']), value: 1, pass: true, seq: 1 },
      'no-challenge',
    );
  }
  if (k < 0.5) return j(pick(r, studentMsgs), 'forbidden');
  if (k < 0.8)
    return j(
      pick(r, [
        { type: 'revote', qid: 'q9' },
        { type: 'close', qid: 'other' },
        { type: 'reveal', qid: 'nope', answer: 'a' },
      ]),
      'no-question',
    );
  return j({ type: 'reveal', qid: 'cells-1', answer: pick(r, ['z', 'A', 3, -1]) }, 'value');
}

/** One hostile message for a connection in `role`. */
export function fuzzMessage(r: Random, s: Setup, role: Role): Fuzz {
  const k = r.next();
  if (k < 0.35) return broken(r, s);
  if (k < 0.65) return garbage(r);
  return outOfPlace(r, s, role);
}
