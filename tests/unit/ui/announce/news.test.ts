// What the live region says of a run (announce/news.ts): each time it is asked, only what is new
// since it was last asked, in exact words; a run that went back, or a new run, starts afresh.
import { describe, expect, it } from 'vitest';
import { RunNews, StillTeller, stillMessage } from '../../../../src/ui/announce/news';
import { fixedStore } from '../../../helpers/fixedStore';

const q = (t: number[], X: number[]) => ({
  t,
  X,
  clp1: t.map(() => 0),
  background: t.map(() => 0),
  vc0: X,
  vc1: t.map(() => 0),
  vc2: t.map(() => 0),
  vc3: t.map(() => 0),
});
const loss = (t: number[], vc: number[], reason: number[]) => ({
  t,
  vc,
  conn: vc,
  seq: t.map(() => 0),
  reason,
  cells: t.map(() => 90),
  X: t.map(() => 0),
  Xi: t.map(() => 0),
  Na: t.map(() => 0),
  threshold: t.map(() => 0),
  extra: t.map(() => 0),
});

describe('RunNews', () => {
  it('tells a first drop, thresholds reached (each once a run), timeouts and deadlocks', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const news = new RunNews(store);
    add({ t: 1, playing: true, queue: q([0.5, 1], [300, 500]) });
    expect(news.next()).toBe('');
    add({
      t: 2,
      playing: true,
      queue: q([1.5, 2], [1000, 990]),
      loss: loss([1.5], [0], [1]),
      tcpEvents: { t: [1.8], conn: [1], kind: [1] },
    });
    expect(news.next()).toBe(
      'First drop at 1.500 s: VC 0, buffer overflow. Buffer reached EPD threshold R = 997. Timeout of TCP 2 at 1.800 s.',
    );
    // Nothing new: nothing said.
    expect(news.next()).toBe('');
    add({
      t: 3,
      playing: true,
      queue: q([2.5, 3], [1088, 400]),
      loss: loss([2.5], [0], [3]),
      tcpEvents: { t: [2.6, 2.7, 2.9], conn: [0, 2, 0], kind: [1, 2, 1] },
      stalls: { t: [2.9], t0: [2.1], conn: [0], kind: [1], idle: [0.9] },
    });
    expect(news.next()).toBe(
      'Buffer reached K = 1088, full. 2 timeouts (TCP 1), the last at 2.900 s. Deadlock of TCP 1 from 2.100 s to 2.900 s, ended by a timeout.',
    );
    // Two batches between two askings: told together.
    add({
      t: 3.5,
      playing: true,
      tcpEvents: { t: [3.2], conn: [2], kind: [1] },
      stalls: { t: [3.4], t0: [3.0], conn: [3], kind: [2], idle: [0.9] },
    });
    add({
      t: 4,
      playing: true,
      queue: q([3.6, 3.8], [1088, 1000]),
      tcpEvents: { t: [3.9], conn: [3], kind: [1] },
    });
    expect(news.next()).toBe(
      '2 timeouts (TCP 3 and 4), the last at 3.900 s. Stop-and-go stall of TCP 4 from 3.000 s to 3.400 s, ended by the delayed-ACK timer.',
    );
  });

  it('a run sought back starts afresh from where it stands; a new run from its start', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const news = new RunNews(store);
    add({ t: 2, loss: loss([1.5], [0], [1]) });
    expect(news.next()).toMatch(/^First drop at 1\.500 s/);
    // The worker replays the run to 1 s (a seek back): its store is emptied and refilled.
    const info = store.info!;
    store.setInfo(info);
    store.t = 1;
    expect(news.next()).toBe('');
    add({ t: 1.2, tcpEvents: { t: [1.1], conn: [0], kind: [1] } });
    expect(news.next()).toBe('Timeout of TCP 1 at 1.100 s.');
    store.reset(info);
    add({ t: 0.5, loss: loss([0.2], [2], [3]) });
    expect(news.next()).toBe('First drop at 0.200 s: VC 2, EPD (R exceeded).');
  });

  it('catchUp() forgets the past: news starts at the run’s time', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    add({ t: 2, loss: loss([1.5], [0], [1]) });
    const news = new RunNews(store);
    news.catchUp();
    expect(news.next()).toBe('');
  });
});

describe('the message of a run standing still', () => {
  it('paused: the time, the news, the buffer', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    add({ t: 2, xi: [500, 0, 0, 0, 0], loss: loss([1.5], [0], [1]) });
    expect(stillMessage(store, 'First drop at 1.500 s: VC 0, buffer overflow.')).toBe(
      'Paused at 2.000 s. First drop at 1.500 s: VC 0, buffer overflow. X = 500 of K = 1088 cells, 46 %. All in VC 0. EPD threshold R = 997 not reached. Last drop 0.50 s ago: VC 0, 90 cells, buffer overflow.',
    );
    add({ t: 180, done: true });
    expect(stillMessage(store, '')).toMatch(/^Run over at 180\.000 s\. Switch buffer empty/);
  });
});

/** A run machine's phase, set by hand. */
function phaseOf(p: string) {
  const fs = new Set<() => void>();
  return {
    getPhase: () => p,
    subscribe: (f: () => void) => (fs.add(f), () => fs.delete(f)),
    set(q: string) {
      p = q;
      for (const f of fs) f();
    },
  };
}

describe('the stand-still of a run that arrives by a seek', () => {
  // A link's t = 2: the run starts paused at 0, the page says it stands still, then the seek
  // begins; on a busy machine the worker takes longer than the settle time to reach 2 s.
  it('says nothing while the run loads or seeks; at its arrival, its state without the time jumped over', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const run = phaseOf('loading');
    const news = new RunNews(store);
    news.catchUp();
    const teller = new StillTeller(store, news, run);
    expect(teller.message()).toBe('');
    run.set('seeking');
    expect(teller.message()).toBe('');
    add({
      t: 2,
      xi: [500, 0, 0, 0, 0],
      loss: loss([0.064], [3], [3]),
      tcpEvents: { t: [1.7], conn: [0], kind: [1] },
    });
    run.set('paused');
    expect(teller.message()).toBe(stillMessage(store, ''));
    expect(teller.message()).not.toMatch(/First drop|Timeout/);
    // Played on from there, the news is news again.
    add({ t: 3, tcpEvents: { t: [2.5], conn: [1], kind: [1] } });
    expect(teller.message()).toMatch(/^Paused at 3\.000 s\. Timeout of TCP 2 at 2\.500 s\. /);
    teller.dispose();
  });

  it('a seek already under way when the teller is made counts as a seek', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const run = phaseOf('seeking');
    const news = new RunNews(store);
    news.catchUp();
    const teller = new StillTeller(store, news, run);
    add({ t: 2, loss: loss([0.064], [3], [3]) });
    run.set('paused');
    expect(teller.message()).toBe(stillMessage(store, ''));
  });

  it('a run paused where it played tells the news since it was last told', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const run = phaseOf('playing');
    const news = new RunNews(store);
    const teller = new StillTeller(store, news, run);
    add({ t: 2, loss: loss([0.064], [3], [3]) });
    run.set('paused');
    expect(teller.message()).toMatch(/^Paused at 2\.000 s\. First drop at 0\.064 s: VC 3/);
  });
});
