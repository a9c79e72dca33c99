// Rooms kept across a real restart: `npm run classroom` killed with SIGKILL and started again on
// the same database prints the open rooms with their codes (not the ended ones), lists them to
// the host's tokens, and resumes each where it was: paused stays paused, the question and every
// answer are back, a phone's own answers come back in its welcome, and the class goes on.
import { afterAll, describe, expect, it } from 'vitest';
import type { RoomListResponse } from '../../src/classroom/protocol';
import type { Child } from '../../src/server/spawn';
import { spawnServer } from '../../src/server/spawn';
import { TestClient, choiceQ, createRoom, isTally, sid, tmpDist } from './client';

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

async function join(
  url: string,
  hello: Record<string, unknown>,
): Promise<{ c: TestClient; welcome: Record<string, unknown> }> {
  const c = await TestClient.open(url);
  clients.push(c);
  const welcome = await c.request({ type: 'hello', ...hello }, 'welcome');
  expect(welcome.type).toBe('welcome');
  return { c, welcome: welcome as unknown as Record<string, unknown> };
}

async function printed(c: Child, text: string): Promise<void> {
  while (!c.output().includes(text)) {
    if (c.proc.exitCode !== null) throw new Error(`exited; printed:\n${c.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('rooms kept across a restart', () => {
  it('prints the open rooms, lists them, and resumes each where it was', async () => {
    const t = tmpDist();
    const args = ['--port', '0', '--db', t.db, '--dist', `${t.dir}/dist`];
    const a = await start(args);
    await printed(a, 'Ctrl-C stops the server.');
    // A first start on an empty database: no room to resume.
    expect(a.output()).not.toContain('Open rooms');
    expect(a.output()).toContain('Start a class on the projector page');

    const live = await createRoom(a.url);
    const ended = await createRoom(a.url);
    const { c: host } = await join(a.url, { role: 'host', room: live.code, token: live.hostToken });
    await host.request({ type: 'open', question: choiceQ }, 'tally');
    const picks = ['a', 'b', 'b'];
    for (const [i, v] of picks.entries()) {
      const { c } = await join(a.url, { role: 'student', room: live.code, student: sid(i) });
      await c.request({ type: 'answer', qid: 'cells-1', round: 1, value: v, seq: 1 }, 'ack');
    }
    await host.request({ type: 'pause' }, 'state');
    const { c: h2 } = await join(a.url, {
      role: 'host',
      room: ended.code,
      token: ended.hostToken,
    });
    await h2.request({ type: 'end' }, 'state');

    a.proc.kill('SIGKILL');
    expect(await a.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const b = await start(args);
    await printed(b, 'Ctrl-C stops the server.');
    const out = b.output();
    // The terminal names the open room with its code and short address; not the ended one.
    expect(out).toContain('Open rooms');
    expect(out).toMatch(
      new RegExp(
        `${live.code} {2}paused {2}started .+, 1 question, 3 answers {2}http://127\\.0\\.0\\.1:${b.port}/j/${live.code}`,
      ),
    );
    expect(out).not.toContain(ended.code);
    expect(out).toContain('Resume a room or start a class on the projector page');

    // The browser's tokens list both rooms, with their states.
    const r = await fetch(`${b.url}/class/api/rooms/list`, {
      method: 'POST',
      body: JSON.stringify({
        rooms: [
          { code: live.code, token: live.hostToken },
          { code: ended.code, token: ended.hostToken },
        ],
      }),
    });
    const body = (await r.json()) as RoomListResponse;
    expect(Object.fromEntries(body.rooms.map((x) => [x.code, [x.status, x.answers]]))).toEqual({
      [live.code]: ['paused', 3],
      [ended.code]: ['ended', 0],
    });

    // The projector comes back: paused, the same question open, every answer counted.
    const { c: host2, welcome } = await join(b.url, {
      role: 'host',
      room: live.code,
      token: live.hostToken,
    });
    expect(welcome.room).toMatchObject({
      status: 'paused',
      question: { qid: 'cells-1', round: 1, open: true },
    });
    expect(await host2.next((m) => m.type === 'tally')).toMatchObject({
      answered: 3,
      counts: { a: 1, b: 2, c: 0 },
    });
    // A phone comes back with its own answer; once resumed it changes it.
    const { c: phone, welcome: pw } = await join(b.url, {
      role: 'student',
      room: live.code,
      student: sid(0),
    });
    expect(pw.mine).toEqual({ answers: [{ qid: 'cells-1', round: 1, value: 'a' }], attempts: [] });
    expect(
      await phone.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 2 }, 'ack'),
    ).toMatchObject({ type: 'error', code: 'paused' });
    await host2.request({ type: 'resume' }, 'state');
    const from = host2.mark();
    await phone.request({ type: 'answer', qid: 'cells-1', round: 1, value: 'c', seq: 2 }, 'ack');
    expect(await host2.next(isTally('cells-1', 3), from)).toMatchObject({
      counts: { a: 0, b: 2, c: 1 },
    });
    b.proc.kill('SIGINT');
    expect(await b.exited).toEqual({ code: 0, signal: null });
  });
});
