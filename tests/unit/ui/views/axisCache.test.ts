import { scaleLinear } from 'd3-scale';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AXIS_KEY_PX, axisKey } from '../../../../src/ui/views/axisCache';
import { RunStore } from '../../../../src/ui/data/runStore';

const fmt = (v: number) => String(v);

describe('axisKey (SVG axes rebuilt only when their ticks change)', () => {
  it('lists the range and each tick as label@position in half pixels', () => {
    const x = scaleLinear().domain([0, 500]).range([0, 300]);
    // Ticks 0, 100, …, 500 at 0, 60, …, 300 px; positions in units of AXIS_KEY_PX.
    expect(AXIS_KEY_PX).toBe(0.5);
    expect(axisKey(x, 5, fmt)).toBe('0 300 0@0 100@120 200@240 300@360 400@480 500@600');
  });

  it('is the same while a growing window moves the ticks less than a quarter pixel', () => {
    const a = scaleLinear().domain([0, 500]).range([0, 300]);
    // Tick 500 moves from 300 px to 300·500/500.2 = 299.88 px: 0.12 px.
    const b = scaleLinear().domain([0, 500.2]).range([0, 300]);
    expect(axisKey(b, 5, fmt)).toBe(axisKey(a, 5, fmt));
  });

  it('changes once a tick moves by more than a quarter pixel', () => {
    const a = scaleLinear().domain([0, 500]).range([0, 300]);
    // Tick 500 at 300·500/501 = 299.40 px: rounds to 599 half pixels, not 600.
    const b = scaleLinear().domain([0, 501]).range([0, 300]);
    expect(axisKey(b, 5, fmt)).not.toBe(axisKey(a, 5, fmt));
    expect(axisKey(b, 5, fmt)).toContain('500@599');
  });

  it('changes with the labels, the tick count and the plot size', () => {
    const y = scaleLinear().domain([0, 80000]).range([150, 0]);
    const base = axisKey(y, 3, fmt);
    expect(axisKey(y, 3, (v) => `${v / 1000}k`)).not.toBe(base);
    expect(axisKey(y, 8, fmt)).not.toBe(base);
    expect(axisKey(y.copy().range([140, 0]), 3, fmt)).not.toBe(base);
    // Same domain, same everything: the same key (the y axis of a steady run is never rebuilt).
    expect(axisKey(y.copy(), 3, fmt)).toBe(base);
  });
});

describe('RunStore.subscribeSlow (text read by a person)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('while playing: at most every `ms`, and once more after the last change', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(1000);
    const store = new RunStore();
    store.playing = true;
    let calls = 0;
    store.subscribeSlow(() => calls++, 200);
    store.bump();
    // In a task of its own, right after the frame's (the views draw in the frame).
    expect(calls).toBe(0);
    vi.advanceTimersByTime(0);
    expect(calls).toBe(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(16);
      store.bump();
    }
    expect(calls).toBe(1);
    vi.advanceTimersByTime(200);
    expect(calls).toBe(2);
  });

  it('while the run stands still: in the next task, and a pending call is dropped', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(1000);
    const store = new RunStore();
    store.playing = true;
    let calls = 0;
    store.subscribeSlow(() => calls++, 200);
    store.bump();
    vi.advanceTimersByTime(16);
    store.bump(); // within 200 ms: deferred
    expect(calls).toBe(1);
    store.playing = false; // the run paused: the clock shows the paused instant next task
    store.bump();
    expect(calls).toBe(1);
    vi.advanceTimersByTime(0);
    expect(calls).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(calls).toBe(2);
    store.bump();
    vi.advanceTimersByTime(0);
    store.bump();
    vi.advanceTimersByTime(0);
    expect(calls).toBe(4);
    // Two changes in one task: one call, after both.
    store.bump();
    store.bump();
    vi.advanceTimersByTime(0);
    expect(calls).toBe(5);
  });

  it('listeners of one period are called together, in one task, on one clock', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(1000);
    const store = new RunStore();
    store.playing = true;
    const calls: string[] = [];
    store.subscribeSlow(() => calls.push('a'), 200);
    store.bump();
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['a']);
    // A second readout subscribes 50 ms later: it joins the first one's clock, so both change
    // together (one render, one layout) rather than each at its own moment.
    vi.advanceTimersByTime(50);
    const unsubscribeB = store.subscribeSlow(() => calls.push('b'), 200);
    store.bump();
    expect(calls).toEqual(['a']);
    vi.advanceTimersByTime(150);
    expect(calls).toEqual(['a', 'a', 'b']);
    // One timer for the group, however many listeners: a burst of bumps fires it once.
    for (let i = 0; i < 12; i++) {
      vi.advanceTimersByTime(16);
      store.bump();
    }
    expect(calls).toEqual(['a', 'a', 'b']);
    vi.advanceTimersByTime(100);
    expect(calls).toEqual(['a', 'a', 'b', 'a', 'b']);
    // Unsubscribing one leaves the other on the clock; a different period is its own group.
    unsubscribeB();
    store.subscribeSlow(() => calls.push('c'), 250);
    store.playing = false;
    store.bump();
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['a', 'a', 'b', 'a', 'b', 'a', 'c']);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(7);
  });
});

describe('RunStore.subscribeStatus (the chrome React renders)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls in the next task, once, and only when the status changed', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const store = new RunStore();
    let calls = 0;
    store.subscribeStatus(() => calls++);
    store.playing = true;
    store.bump();
    store.bump();
    expect(calls).toBe(0);
    vi.advanceTimersByTime(0);
    expect(calls).toBe(1);
    // New batches of the same status: nothing for the chrome to render.
    for (let i = 0; i < 5; i++) store.bump();
    vi.advanceTimersByTime(0);
    expect(calls).toBe(1);
    store.playing = false;
    store.bump();
    vi.advanceTimersByTime(0);
    expect(calls).toBe(2);
    expect(store.getStatus().startsWith('false|')).toBe(true);
  });
});

describe('RunStore.subscribeFirst (state the views read as they draw)', () => {
  it('is called before every other listener, whenever it subscribed', () => {
    const store = new RunStore();
    const calls: string[] = [];
    store.subscribe(() => calls.push('view'));
    store.subscribeFirst(() => calls.push('cursor'));
    store.bump();
    expect(calls).toEqual(['cursor', 'view']);
  });
});
