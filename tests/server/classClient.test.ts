// The page's class client against a real class server on loopback, in a page whose storage is
// blocked (Node has no localStorage): every attempt gets its own seq, so each one counts.
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/classroom/protocol';
import { ClassClient, classSocketUrl } from '../../src/ui/class/ClassClient';
import { classServerFixture, createRoom, sid } from './client';

const cls = classServerFixture();

describe('the class client', () => {
  it('sends each attempt with a new seq where storage is blocked, and each one counts', async () => {
    expect(typeof globalThis.localStorage).toBe('undefined');
    const room = await createRoom(cls.srv.url);
    const h = await cls.host(room);
    const challenge = { id: 'buf', metric: 'buffer', better: 'lower' };
    await h.request(
      {
        type: 'push',
        item: {
          kind: 'challenge',
          title: 'Smallest buffer',
          query: 'preset=s0-testbed',
          challenge,
        },
      },
      'attempts',
    );

    const got: ServerMessage[] = [];
    const acked = (seq: number) =>
      new Promise<void>((resolve) => {
        const tick = () =>
          got.some((m) => m.type === 'ack' && m.seq === seq) ? resolve() : setTimeout(tick, 10);
        tick();
      });
    let client: ClassClient | null = null;
    const welcomed = new Promise<void>((resolve) => {
      const c = new ClassClient({
        url: classSocketUrl(cls.srv.url),
        hello: { type: 'hello', role: 'student', room: room.code, student: sid(7) },
        onMessage: (m) => {
          got.push(m);
          if (m.type === 'welcome') resolve();
        },
        onStatus: () => {},
        WebSocketImpl: WebSocket as unknown as typeof globalThis.WebSocket,
      });
      client = c;
    });
    await welcomed;
    const s1 = client!.sendTracked({ type: 'attempt', challengeId: 'buf', value: 900, pass: true });
    await acked(s1);
    const s2 = client!.sendTracked({ type: 'attempt', challengeId: 'buf', value: 700, pass: true });
    await acked(s2);
    expect(s2).toBeGreaterThan(s1);
    // The second attempt counted: the projector's best is the smaller buffer.
    const att = await h.next((m) => m.type === 'attempts' && (m.best as number[])[0] === 700);
    expect(att).toMatchObject({ attempted: 1, passed: 1, best: [700] });
    client!.close();
  });
});
