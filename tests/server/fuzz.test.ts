// Fuzz test of the class protocol against a live server: 12,000 malformed, oversized,
// out-of-order and wrong-role messages from a connection that never joined, a student and the
// host. Each gets exactly one error with the expected code and a message; the server never
// fails, and the database and the room's state are the same before and after.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../src/classroom/protocol';
import type { ClassServer } from '../../src/server/server';
import { startClassServer } from '../../src/server/server';
import { Random } from '../../src/sim/core/random';
import { TestClient, choiceQ, createRoom, sid, tmpDist } from './client';
import type { Fuzz, Role, Setup } from './fuzzMessages';
import { fuzzMessage } from './fuzzMessages';

const PER_ROLE = 4000;
const BATCH = 250;
let srv: ClassServer;
let dbPath: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  const t = tmpDist();
  dbPath = t.db;
  // The rate limit is the subject of another test: lifted here so every message is parsed.
  srv = await startClassServer({
    host: '127.0.0.1',
    port: 0,
    dbPath,
    distDir: `${t.dir}/dist`,
    quiet: true,
    rate: { perSecond: 1e9, burst: 1e9 },
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

/** Every row of every table, in a fixed order. */
function dump(): Record<string, unknown[]> {
  const db = new Database(dbPath, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    for (const t of ['rooms', 'questions', 'answers', 'challenges', 'attempts', 'students'])
      out[t] = db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2, 3`).all();
    return out;
  } finally {
    db.close();
  }
}

/** The room as a newly connected projector sees it (state, tally, attempts). */
async function view(s: Setup): Promise<unknown[]> {
  const h = await open();
  await h.request({ type: 'hello', role: 'host', room: s.code, token: s.token }, 'welcome');
  await h.next((m) => m.type === 'attempts');
  await h.sync();
  await h.close();
  // The first of each: a tally coalesced from an earlier answer may come twice, the same.
  return ['welcome', 'tally', 'attempts'].map((type) => h.log.find((m) => m.type === type));
}

describe('protocol fuzz', () => {
  it('answers 12,000 hostile messages each with one clear error and changes nothing', async () => {
    const room = await createRoom(srv.url);
    const setup: Setup = { code: room.code, token: room.hostToken, challengeId: 'buf90' };
    const host = await open();
    await host.request(
      { type: 'hello', role: 'host', room: room.code, token: room.hostToken },
      'welcome',
    );
    await host.request({ type: 'open', question: choiceQ }, 'tally');
    const item = {
      kind: 'challenge',
      title: 'Smallest buffer',
      query: 'preset=s0-testbed',
      challenge: { id: 'buf90', metric: 'buffer', better: 'lower' },
    };
    await host.request({ type: 'push', item }, 'attempts');
    const student = await open();
    await student.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(1) },
      'welcome',
    );
    await student.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'a', seq: 1 }, 'ack');
    await student.request(
      { type: 'attempt', challengeId: 'buf90', value: 300, pass: true, seq: 2 },
      'ack',
    );
    const stranger = await open();

    const dbBefore = dump();
    const viewBefore = await view(setup);

    const conns: Record<Role, TestClient> = { none: stranger, student, host };
    const r = new Random(20261127);
    const wrong: string[] = [];
    let sent = 0;
    for (const role of ['none', 'student', 'host'] as const) {
      const c = conns[role];
      for (let done = 0; done < PER_ROLE; done += BATCH) {
        const batch: Fuzz[] = Array.from({ length: BATCH }, () => fuzzMessage(r, setup, role));
        const from = c.mark();
        for (const f of batch) c.send(f.frame);
        sent += batch.length;
        await c.sync();
        // The host also gets the room's broadcasts (a tally coalesced from the setup's answer
        // may land mid-batch); the replies are everything else but the closing pong.
        const BROADCASTS = ['presence', 'tally', 'attempts', 'pong'];
        const replies = c.log.slice(from).filter((m) => !BROADCASTS.includes(m.type));
        expect(replies.length).toBe(batch.length);
        for (const [i, m] of replies.entries()) {
          const f = batch[i];
          const ok =
            m.type === 'error' &&
            m.code === f.expect &&
            typeof m.message === 'string' &&
            (m.message as string).length > 5 &&
            ERROR_CODES.includes(m.code);
          if (!ok && wrong.length < 5)
            wrong.push(
              `${role}: ${String(f.frame).slice(0, 160)} → ${JSON.stringify(m).slice(0, 200)} (expected ${f.expect})`,
            );
        }
      }
    }
    expect(sent).toBe(12_000);
    expect(wrong).toEqual([]);
    for (const c of Object.values(conns)) expect(c.closed).toBeNull();

    expect(dump()).toEqual(dbBefore);
    expect(await view(setup)).toEqual(viewBefore);
    // Still serving: a new student's answer is taken.
    const s2 = await open();
    await s2.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(2) },
      'welcome',
    );
    const ack = await s2.request(
      { type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 1 },
      'ack',
    );
    expect(ack).toEqual({ type: 'ack', seq: 1 });
  });

  it('closes a connection that sends a frame over 64 KiB, and only that one', async () => {
    const room = await createRoom(srv.url);
    const a = await open();
    const b = await open();
    const closed = new Promise<number>((res) => a.ws.once('close', (code) => res(code)));
    a.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(70_000) }));
    expect(await closed).toBe(1009);
    const w = await b.request(
      { type: 'hello', role: 'student', room: room.code, student: sid(3) },
      'welcome',
    );
    expect(w.type).toBe('welcome');
  });
});
