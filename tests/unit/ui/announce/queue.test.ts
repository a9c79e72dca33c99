// The live region's queue (src/ui/announce/queue.ts) on a clock and timers driven by hand: news
// at most once per 5 s of wall time, said together; a run that stands still said once its
// message settles, in place of the news waiting.
import { describe, expect, it } from 'vitest';
import { AnnounceQueue } from '../../../../src/ui/announce/queue';

/** A hand-driven clock and timer queue, and what the queue said (with when). */
function rig(opts?: { gapMs?: number; settleMs?: number }) {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; f: () => void }>();
  const said: [number, string][] = [];
  let news: string[] = [];
  const q = new AnnounceQueue(
    {
      now: () => now,
      later(f, ms) {
        const id = ++seq;
        timers.set(id, { at: now + ms, f });
        return () => timers.delete(id);
      },
      news() {
        const text = news.join(' ');
        news = [];
        return text;
      },
      speak: (text) => said.push([now, text]),
    },
    opts,
  );
  /** Moves the clock to `t`, running the timers due on the way, in order. */
  const advance = (t: number) => {
    for (;;) {
      const due = [...timers.entries()]
        .filter(([, x]) => x.at <= t)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      timers.delete(due[0]);
      now = Math.max(now, due[1].at);
      due[1].f();
    }
    now = t;
  };
  return {
    q,
    said,
    advance,
    happen: (text: string) => news.push(text),
    pending: () => timers.size,
  };
}

describe('AnnounceQueue', () => {
  it('says the first news at once, then at most once per 5 s, everything that waited together', () => {
    const r = rig();
    r.happen('First drop.');
    r.q.poke();
    expect(r.said).toEqual([[0, 'First drop.']]);
    // News 1 s later waits until 5 s after the first announcement.
    r.advance(1000);
    r.happen('Timeout of TCP 1.');
    r.q.poke();
    r.advance(2000);
    r.happen('Timeout of TCP 2.');
    r.q.poke();
    r.q.poke();
    expect(r.said.length).toBe(1);
    r.advance(4999);
    expect(r.said.length).toBe(1);
    r.advance(5000);
    expect(r.said).toEqual([
      [0, 'First drop.'],
      [5000, 'Timeout of TCP 1. Timeout of TCP 2.'],
    ]);
  });

  it('pokes many times a second for 12 s of news: 3 announcements, 5 s apart', () => {
    const r = rig();
    for (let t = 0; t <= 12_000; t += 16) {
      r.advance(t);
      r.happen(`news at ${t}`);
      r.q.poke();
    }
    expect(r.said.map(([t]) => t)).toEqual([0, 5000, 10_000]);
  });

  it('says nothing when nothing is new, and the gap counts from the last announcement', () => {
    const r = rig();
    r.q.poke();
    r.advance(3000);
    r.q.poke();
    expect(r.said).toEqual([]);
    r.happen('Deadlock.');
    r.q.poke();
    expect(r.said).toEqual([[3000, 'Deadlock.']]);
    r.advance(7000);
    r.happen('Timeout.');
    r.q.poke();
    expect(r.said.length).toBe(1);
    r.advance(8000);
    expect(r.said[1]).toEqual([8000, 'Timeout.']);
  });

  it('a run that stands still is said once its message settles, read then', () => {
    const r = rig({ settleMs: 250 });
    let state = 'Paused at 1.000 s.';
    r.q.standStill(() => state);
    r.advance(100);
    // Three steps in quick succession: one message, of the last.
    state = 'Paused at 1.001 s.';
    r.q.standStill(() => state);
    r.advance(200);
    state = 'Paused at 1.002 s.';
    r.q.standStill(() => state);
    r.advance(449);
    expect(r.said).toEqual([]);
    r.advance(450);
    expect(r.said).toEqual([[450, 'Paused at 1.002 s.']]);
    expect(r.pending()).toBe(0);
  });

  it('a pause drops the news timer; playing again before it settles drops the pause', () => {
    const r = rig();
    r.happen('First drop.');
    r.q.poke();
    r.advance(1000);
    r.happen('Timeout.');
    r.q.poke();
    expect(r.q.waiting).toBe(true);
    r.q.standStill(() => 'Paused.');
    r.advance(1100);
    r.q.poke(); // plays again within 250 ms: the pause is not said
    r.advance(20_000);
    expect(r.said).toEqual([
      [0, 'First drop.'],
      [5000, 'Timeout.'],
    ]);
  });

  it('clear() forgets what waits', () => {
    const r = rig();
    r.happen('a');
    r.q.poke();
    r.happen('b');
    r.q.poke();
    r.q.standStill(() => 'c');
    r.q.clear();
    expect(r.q.waiting).toBe(false);
    r.advance(60_000);
    expect(r.said).toEqual([[0, 'a']]);
  });
});
