// The run as sound (ui/sound/sonify.ts), read from a store filled as the worker's batches fill
// it: the buffer's fill as pitch (exactly 220 Hz empty, 440 Hz half full, 880 Hz full), a click
// per new drop (at most MAX_CLICKS a batch), one timeout tone a batch that has any, silence
// while the run stands still, and nothing of what a jump back in time or a new run passed over.
import { describe, expect, it } from 'vitest';
import { MAX_CLICKS, Sonifier, pitchOf } from '../../../../src/ui/sound/sonify';
import type { SoundOut } from '../../../../src/ui/sound/sonify';
import { fixedStore } from '../../../helpers/fixedStore';

class Recorder implements SoundOut {
  said: string[] = [];
  tone(hz: number | null) {
    this.said.push(hz === null ? 'silence' : `tone ${hz}`);
  }
  clicks(n: number) {
    this.said.push(`clicks ${n}`);
  }
  timeout() {
    this.said.push('timeout');
  }
  take(): string[] {
    const s = this.said;
    this.said = [];
    return s;
  }
}

const zeros = (t: number[]) => t.map(() => 0);
const q = (t: number[], X: number[]) => ({
  t,
  X,
  clp1: zeros(t),
  background: zeros(t),
  vc0: X,
  vc1: zeros(t),
  vc2: zeros(t),
  vc3: zeros(t),
});
const loss = (t: number[]) => ({
  t,
  vc: zeros(t),
  conn: zeros(t),
  seq: zeros(t),
  reason: t.map(() => 1),
  cells: t.map(() => 90),
  X: zeros(t),
  Xi: zeros(t),
  Na: zeros(t),
  threshold: zeros(t),
  extra: zeros(t),
});

describe('the pitch of the buffer', () => {
  it('doubles for each half of the buffer filled', () => {
    expect(pitchOf(0, 1088)).toBe(220);
    expect(pitchOf(544, 1088)).toBe(440);
    expect(pitchOf(1088, 1088)).toBe(880);
    expect(pitchOf(5000, 1088)).toBe(880);
    expect(pitchOf(-3, 1088)).toBe(220);
    expect(pitchOf(10, 0)).toBe(220);
  });
});

describe('a run heard', () => {
  it('plays the fill, clicks for drops, a tone for timeouts; silent at a pause', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const out = new Recorder();
    const s = new Sonifier(store, out);
    s.update(); // the run loaded, not yet playing: silence
    expect(out.take()).toEqual(['silence']);
    add({ t: 0.1, playing: true, queue: q([0.05, 0.1], [100, 544]) });
    s.update();
    expect(out.take()).toEqual(['tone 440']);
    add({
      t: 0.2,
      playing: true,
      queue: q([0.2], [1088]),
      loss: loss([0.15, 0.16, 0.17]),
      tcpEvents: { t: [0.18, 0.19], conn: [0, 1], kind: [1, 1] },
    });
    s.update();
    expect(out.take()).toEqual(['tone 880', 'clicks 3', 'timeout']);
    // A burst of drops is a few clicks, not a buzz.
    add({
      t: 0.3,
      playing: true,
      loss: loss(Array.from({ length: 40 }, (_, i) => 0.21 + i / 1000)),
    });
    s.update();
    expect(out.take()).toEqual(['tone 880', `clicks ${MAX_CLICKS}`]);
    // Paused: silence, and nothing of the pause's batch is news later.
    add({ t: 0.35, playing: false, loss: loss([0.31]) });
    s.update();
    expect(out.take()).toEqual(['silence']);
    add({ t: 0.4, playing: true, queue: q([0.4], [0]) });
    s.update();
    expect(out.take()).toEqual(['tone 220']);
  });

  it('a jump back or a new run passes in silence', () => {
    const { store, add } = fixedStore('?preset=s0-testbed');
    const out = new Recorder();
    const s = new Sonifier(store, out);
    add({ t: 1, playing: true, queue: q([1], [544]) });
    s.update();
    out.take();
    // The worker replays the run to 0.5 s (a seek back), then plays on: the replayed history
    // is not heard, what comes after is.
    store.reset(store.info!);
    add({ t: 0.5, playing: true, loss: loss([0.2, 0.3]) });
    s.update();
    expect(out.take()).toEqual([]);
    add({ t: 0.6, playing: true, loss: loss([0.55]) });
    s.update();
    expect(out.take()).toEqual(['clicks 1']);
  });
});
