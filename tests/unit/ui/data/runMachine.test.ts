// The run's machine: what reaches the worker's client for each command and answer, in order,
// and the phase it is in (no React, no worker: a client that records its calls).
import { describe, expect, it } from 'vitest';
import type { RunPort } from '../../../../src/ui/data/runMachine';
import { RunMachine } from '../../../../src/ui/data/runMachine';
import type { RunInfo } from '../../../../src/worker/protocol';

function recorder() {
  const calls: string[] = [];
  const port: RunPort = {
    start: (q, o) => {
      calls.push(`start ${q} play=${o.play} speed=${o.speed} port=${o.port ?? '-'}`);
      return calls.length;
    },
    play: (s, u) => void calls.push(u === undefined ? `play ${s}` : `play ${s} until ${u}`),
    pause: () => void calls.push('pause'),
    seek: (t) => void calls.push(`seek ${t}`),
    step: (u, ms) => void calls.push(`step ${u} ${ms}`),
    live: (q) => void calls.push(`live ${q}`),
    focusPort: (p) => void calls.push(`focusPort ${p}`),
    restart: () => void calls.push('restart'),
  };
  return { calls, port };
}

/** A run's info with the ports named (a network unless `single`). */
function info(query: string, ports: string[] = [], focusPort = 0): RunInfo {
  return {
    query,
    focusPort,
    topology: {
      name: ports.length ? 'parking-lot' : 'single',
      ports: ports.map((slug) => ({ slug })),
    },
  } as unknown as RunInfo;
}

const batch = (t: number, playing: boolean, done = false) => ({ t, playing, done });

describe('RunMachine', () => {
  it('loads a query once: asking again for the run on show starts nothing', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    expect(m.phase).toBe('idle');
    expect(m.load('a', { speed: 2 })).toBe(true);
    expect(m.phase).toBe('loading');
    expect(m.load('a', { speed: 2 })).toBe(false);
    m.started(info('a'));
    expect(m.phase).toBe('playing');
    expect(m.load('b')).toBe(true);
    expect(calls).toEqual(['start a play=true speed=2 port=-', 'start b play=true speed=2 port=-']);
  });

  it('a load before a worker is attached starts on it; a new worker starts the run again', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.load('a', { speed: 1 });
    expect(calls).toEqual([]);
    m.attach(port);
    m.detach();
    expect(m.phase).toBe('idle');
    m.attach(port);
    expect(calls).toEqual(['start a play=true speed=1 port=-', 'start a play=true speed=1 port=-']);
  });

  it("a link's time: the run starts paused, seeks once started, and is paused there", () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1, cursor: 2.5 });
    m.started(info('a'));
    expect(m.phase).toBe('seeking');
    m.batch(batch(1, false));
    expect(m.phase).toBe('seeking');
    m.batch(batch(2.5, false));
    expect(m.phase).toBe('paused');
    // The Restart key starts again from t = 0, playing, with no seek.
    m.restart();
    m.started(info('a'));
    expect(calls).toEqual([
      'start a play=false speed=1 port=-',
      'seek 2.5',
      'start a play=true speed=1 port=-',
    ]);
    expect(m.phase).toBe('playing');
  });

  it("a play to a lesson's instant asked before its run is loaded follows the run's start", () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1 });
    m.started(info('a'));
    m.playTo('b', 10, 3); // the lesson's effect before the page's load
    expect(calls).toEqual(['start a play=true speed=1 port=-']);
    m.load('b', { speed: 10 });
    expect(calls.slice(1)).toEqual(['start b play=true speed=10 port=-', 'play 10 until 3']);
    expect(m.phase).toBe('loading');
    m.started(info('b'));
    expect(m.phase).toBe('toInstant');
    m.batch(batch(1, true));
    expect(m.phase).toBe('toInstant');
    m.batch(batch(3, false));
    expect(m.phase).toBe('paused');
  });

  it('a play to an instant of the loading run is sent at once; another query waits', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1 });
    m.playTo('a', 1, 0.5);
    m.started(info('a'));
    expect(m.phase).toBe('toInstant');
    m.playTo('c', 1, 0.5);
    m.load('b');
    expect(calls).toEqual([
      'start a play=true speed=1 port=-',
      'play 1 until 0.5',
      'start b play=true speed=1 port=-',
    ]);
  });

  it("a slow approach: paused at its first leg's end, the run plays on to the instant", () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1, cursor: 0.031 });
    m.started(info('a'));
    m.batch(batch(0.031, false));
    m.playTo('a', 0.01, 0.037, { speed: 0.001, until: 0.0395 });
    m.batch(batch(0.035, true));
    m.batch(batch(0.037, false));
    expect(m.phase).toBe('toInstant');
    m.batch(batch(0.0395, false));
    expect(m.phase).toBe('paused');
    expect(calls.slice(2)).toEqual(['play 0.01 until 0.037', 'play 0.001 until 0.0395']);
  });

  it('a pause for a query not yet loaded: its run starts paused', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1 });
    m.pause('b');
    m.load('b');
    m.started(info('b'));
    expect(m.phase).toBe('paused');
    expect(calls).toEqual([
      'start a play=true speed=1 port=-',
      'start b play=false speed=1 port=-',
    ]);
  });

  it('play, pause, step and seek reach the client; a paused run that plays again is playing', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 2 });
    m.started(info('a'));
    m.pause();
    expect(m.phase).toBe('paused');
    m.step('ms', 1);
    m.play();
    expect(m.phase).toBe('playing');
    m.batch(batch(4, false, true));
    expect(m.phase).toBe('paused');
    m.seek(1);
    expect(m.phase).toBe('seeking');
    m.started(info('a'), 'seek'); // the backward seek's replay
    expect(m.phase).toBe('seeking');
    m.batch(batch(1, false));
    expect(m.phase).toBe('paused');
    expect(calls.slice(1)).toEqual(['pause', 'step ms 1', 'play 2', 'seek 1']);
  });

  it('a live change becomes the run asked for; a rejected one restarts it', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1 });
    m.started(info('a'));
    m.live('a2');
    expect(m.query).toBe('a2');
    expect(m.load('a2')).toBe(false);
    m.liveAnswer(true, info('a2'));
    m.live('a3');
    m.liveAnswer(false);
    expect(calls).toEqual([
      'start a play=true speed=1 port=-',
      'live a2',
      'live a3',
      'start a3 play=true speed=1 port=-',
    ]);
  });

  it('a port reaches the run that has it; a port of no port of the network is dropped', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('lot', { speed: 1, port: 'sw2' });
    expect(m.started(info('lot', ['sw1', 'sw2'], 0))).toEqual({ portDropped: false });
    m.focusPort('sw1');
    m.load('single');
    m.focusPort('sw2'); // not a port of the single run: sent at the next network's start
    expect(m.started(info('single'))).toEqual({ portDropped: false });
    m.load('other');
    expect(m.started(info('other', ['x1']))).toEqual({ portDropped: true });
    expect(m.port).toBeNull();
    expect(calls).toEqual([
      'start lot play=true speed=1 port=sw2',
      'focusPort sw2',
      'focusPort sw1',
      'start single play=true speed=1 port=sw1',
      'start other play=true speed=1 port=sw2',
    ]);
  });

  it('under Compare A/B the run is in phase ab and starts paused', () => {
    const { calls, port } = recorder();
    const m = new RunMachine();
    m.attach(port);
    m.load('a', { speed: 1, ab: true });
    m.started(info('a'));
    expect(m.phase).toBe('ab');
    m.configure({ ab: false });
    expect(m.phase).toBe('paused');
    expect(calls).toEqual(['start a play=false speed=1 port=-']);
  });

  it('tells its listeners when the phase changes', () => {
    const { port } = recorder();
    const m = new RunMachine();
    const seen: string[] = [];
    m.subscribe(() => seen.push(m.getPhase()));
    m.attach(port);
    m.load('a', { speed: 1 });
    m.started(info('a'));
    m.pause();
    m.pause();
    expect(seen).toEqual(['loading', 'playing', 'paused']);
  });
});
