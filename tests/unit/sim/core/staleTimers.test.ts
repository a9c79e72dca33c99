import { describe, expect, it } from 'vitest';
import { EventQueue } from '../../../../src/sim/core/eventQueue';
import { Random } from '../../../../src/sim/core/random';
import { StaleTimers } from '../../../../src/sim/core/staleTimers';

// Stale timer events taken off the heap early (core/staleTimers.ts) must not change which
// timer events act nor where they run among the events of their instant. A small model of the
// simulation's loop: owners rearm one timer each (as a retransmission timer on every ACK) from
// the events that run, on a clock of 10-unit ticks so that many events share an instant; an
// event acts when its owner's timer is still set for its instant. A "port" releases events
// (frames reaching receivers) as the loop advances it, some of them earlier than the event the
// loop advanced to, as Simulation.runUntil sees them. Run with and without taking stale events
// off, the sequence of acting events must be the same.

const KIND = 3;
const OTHER = 1;

interface Step {
  t: number;
  kind: number;
  arg: number;
}

function model(seed: number, takeOff: boolean): Step[] {
  const owners = 4;
  const q = new EventQueue(16);
  const stale = new StaleTimers(owners);
  const r = new Random(seed);
  // The port's events: released once the port has run past `from`, due at `at`.
  const pr = new Random(seed ^ 0x9e37);
  const port = Array.from({ length: 80 }, () => {
    const from = Math.floor(pr.next() * 400);
    return { from, at: from + 1 + Math.floor(pr.next() * 25), arg: Math.floor(pr.next() * 4) };
  }).sort((a, b) => a.from - b.from);
  let released = 0;
  const advance = (limit: number) => {
    while (released < port.length && port[released].from < limit) {
      const e = port[released++];
      q.push(e.at, OTHER, e.arg);
      if (e.at < limit) limit = e.at; // the port stops at an event it scheduled
    }
  };
  const timer = new Float64Array(owners).fill(Infinity);
  const pushed = new Float64Array(owners).fill(-1);
  let now = 0;
  const arm = (o: number, at: number) => {
    timer[o] = at;
    if (takeOff) stale.rearm(o, at, q, q.popTime, q.popSk);
    // The hosts' rule (Hosts.scheduleRto): a pending event for the same instant is enough.
    if (at === pushed[o] && at > now) return;
    pushed[o] = at;
    q.pushRun(at, KIND, o);
  };
  for (let o = 0; o < owners; o++) arm(o, 10 * (1 + o));
  const acted: Step[] = [];
  let lastT = 0;
  let lastSk = -1;
  for (;;) {
    const t = q.peekTime();
    if (t === Infinity) {
      advance(Infinity);
      if (q.size > 0) continue;
      break;
    }
    if (takeOff && q.peekKind() === KIND && timer[q.peekArg()] !== t) {
      q.pop();
      stale.park(q.popArg, t, q.popSk, lastT, lastSk);
      continue;
    }
    advance(t);
    if (q.peekTime() < t) continue;
    q.pop();
    lastT = q.popTime;
    lastSk = q.popSk;
    now = q.popTime;
    const o = q.popArg;
    if (q.popKind === KIND) {
      if (timer[o] !== now) continue; // stale
      timer[o] = Infinity;
    }
    acted.push({ t: now, kind: q.popKind, arg: o });
    // Rearm on the next ticks of the clock: ties between owners are common.
    if (now < 400) arm(o, (Math.floor(now / 10) + 1 + Math.floor(r.next() * 3)) * 10);
  }
  return acted;
}

describe('stale timer events taken off early', () => {
  it('leave the acting events and their order unchanged (50 seeds)', () => {
    let timersActed = 0;
    for (let seed = 1; seed <= 50; seed++) {
      const a = model(seed, false);
      const b = model(seed, true);
      expect(b, `seed ${seed}`).toEqual(a);
      expect(a.length).toBeGreaterThan(80);
      timersActed += a.filter((s) => s.kind === KIND).length;
    }
    // Timers do act in these runs, not only the port's events.
    expect(timersActed).toBeGreaterThan(200);
  });

  it('put an event back with its key when its timer is rearmed for its instant', () => {
    const q = new EventQueue(8);
    const stale = new StaleTimers(2);
    q.pushRun(50, KIND, 0); // the timer event, taken off as stale
    q.push(50, OTHER, 1); // pushed after it: it runs after it at the same instant
    q.pop();
    const sk = q.popSk;
    stale.park(0, 50, sk, 0, -1);
    q.push(20, OTHER, 0); // an earlier event whose handler rearms the timer for 50
    q.pop();
    stale.rearm(0, 50, q, q.popTime, q.popSk);
    q.pop();
    expect([q.popTime, q.popKind, q.popArg, q.popSk]).toEqual([50, KIND, 0, sk]);
    q.pop();
    expect([q.popTime, q.popKind, q.popArg]).toEqual([50, OTHER, 1]);
    // Once the queue has run past its key, an event taken off is forgotten.
    q.pushRun(60, KIND, 1);
    q.pop();
    stale.park(1, 60, q.popSk, 50, sk);
    q.push(70, OTHER, 0);
    q.pop();
    stale.rearm(1, 60, q, q.popTime, q.popSk);
    expect(q.size).toBe(0);
  });
});
