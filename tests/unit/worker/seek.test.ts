// The worker's seek and play-until: the run lands at exactly the asked
// time, forward (runs on) and backward (a replay from t = 0), and the buffer it shows there is
// the buffer a Simulation run directly to that time holds.
import { describe, expect, it } from 'vitest';
import { ALL_PROBES, Simulation, parseScenario } from '../../../src/sim';
import type { Batch, FromWorker } from '../../../src/worker/protocol';
import { snapshot } from '../../../src/worker/viewData';
import { workerChannel } from '../../helpers/workerChannel';

const QUERY = '?preset=s0-testbed&duration=1';

/** The switch buffer of `query` run directly to `t` seconds: X, X_i and the cells in order. */
function bufferAt(query: string, t: number) {
  const sim = new Simulation(parseScenario(query).scenario);
  sim.runUntil(Math.round(t * 1e12));
  const port = sim.port;
  const order = new Uint16Array(port.c.X);
  port.snapshot(order);
  return { X: port.c.X, xi: [...port.c.xi], order: [...order], now: sim.now };
}

function shown(b: Batch) {
  return {
    X: b.buffer.X,
    xi: [...b.buffer.xi],
    order: [...b.buffer.order.subarray(0, b.buffer.n)],
  };
}

const isBatch = (m: FromWorker): m is Batch => m.type === 'batch';

describe('seek and play-until', () => {
  it('seeks forward and backward to exactly t, showing the buffer a direct run holds there', async () => {
    const ch = workerChannel();
    ch.send({ type: 'start', runId: 1, query: QUERY, probes: ALL_PROBES });
    await ch.next((m) => m.type === 'started');
    await ch.next(isBatch);

    let from = ch.inbox.length;
    ch.send({ type: 'seek', runId: 1, t: 0.6 });
    const fwd = (await ch.next(isBatch, from)) as Batch;
    expect(fwd.t).toBe(0.6);
    expect(fwd.playing).toBe(false);
    const at06 = bufferAt(QUERY, 0.6);
    expect(at06.X).toBeGreaterThan(0); // a moment with cells in the buffer
    expect(shown(fwd)).toEqual({ X: at06.X, xi: at06.xi, order: at06.order });
    // Forward: no replay, the history since the previous batch (1 ms queue samples).
    expect(ch.inbox.slice(from).some((m) => m.type === 'started')).toBe(false);
    expect(fwd.series.queue!.rows).toBe(600);

    from = ch.inbox.length;
    ch.send({ type: 'seek', runId: 1, t: 0.3 });
    const started = await ch.next((m) => m.type === 'started', from);
    expect(started.type === 'started' && started.replay).toBe('seek');
    const back = (await ch.next(isBatch, from)) as Batch;
    expect(back.t).toBe(0.3);
    expect(back.playing).toBe(false);
    const at03 = bufferAt(QUERY, 0.3);
    expect(at03.X).toBeGreaterThan(0);
    expect(shown(back)).toEqual({ X: at03.X, xi: at03.xi, order: at03.order });
    // Backward: one batch with the whole history up to t.
    expect(back.series.queue!.rows).toBe(300);
    const qt = back.series.queue!.columns.t;
    expect(qt[0]).toBeLessThan(0.001);
    expect(qt[299]).toBeGreaterThan(0.299);
    expect(qt[299]).toBeLessThanOrEqual(0.3);
    expect(ch.inbox.slice(from).filter(isBatch)).toHaveLength(1);

    // Past the end: clamped to the duration.
    ch.send({ type: 'seek', runId: 1, t: 99 });
    const end = (await ch.next((m) => isBatch(m) && m.done)) as Batch;
    expect(end.t).toBe(1);
    ch.close();
  });

  it('plays until exactly the asked time, and stays put when asked for an earlier one', async () => {
    const ch = workerChannel();
    ch.send({ type: 'start', runId: 1, query: QUERY, probes: ALL_PROBES });
    await ch.next(isBatch);
    ch.send({ type: 'play', runId: 1, speed: Infinity, until: 0.45 });
    const stop = (await ch.next((m) => isBatch(m) && !m.playing && m.t > 0)) as Batch;
    expect(stop.t).toBe(0.45);
    const at = bufferAt(QUERY, 0.45);
    expect(shown(stop)).toEqual({ X: at.X, xi: at.xi, order: at.order });
    // Every batch of the play stayed at or before the target.
    for (const b of ch.inbox.filter(isBatch)) expect(b.t).toBeLessThanOrEqual(0.45);

    // At a readable speed (a fifth of real time) too, from where it stopped: a tick runs
    // at most 100 ms of wall clock, 20 ms of model time, so it takes several batches.
    let from = ch.inbox.length;
    ch.send({ type: 'play', runId: 1, speed: 0.2, until: 0.5 });
    const slow = (await ch.next((m) => isBatch(m) && !m.playing, from)) as Batch;
    expect(slow.t).toBe(0.5);
    expect(ch.inbox.slice(from).filter(isBatch).length).toBeGreaterThanOrEqual(3); // it played

    from = ch.inbox.length;
    ch.send({ type: 'play', runId: 1, speed: Infinity, until: 0.2 });
    const put = (await ch.next(isBatch, from)) as Batch;
    expect(put.t).toBe(0.5);
    expect(put.playing).toBe(false);
    ch.close();
  });

  it('replays a branch through its branch time, and a network port it watches', async () => {
    const ch = workerChannel();
    const branch = { atSeconds: 0.2, query: QUERY + '&policy=ppd' };
    ch.send({ type: 'start', runId: 1, query: QUERY, probes: ALL_PROBES, branch });
    await ch.next(isBatch);
    ch.send({ type: 'seek', runId: 1, t: 0.5 });
    const first = (await ch.next((m) => isBatch(m) && m.t === 0.5)) as Batch;
    const unbranched = bufferAt(QUERY, 0.5);
    expect(shown(first)).not.toEqual({
      X: unbranched.X,
      xi: unbranched.xi,
      order: unbranched.order,
    }); // the branch matters
    let from = ch.inbox.length;
    ch.send({ type: 'seek', runId: 1, t: 0.1 }); // before the branch
    await ch.next((m) => isBatch(m) && m.t === 0.1, from);
    expect(shown((await ch.next(isBatch, from)) as Batch)).toEqual(
      (({ X, xi, order }) => ({ X, xi, order }))(bufferAt(QUERY, 0.1)),
    );
    from = ch.inbox.length;
    ch.send({ type: 'seek', runId: 1, t: 0.5 }); // through it again: the same state
    const again = (await ch.next(isBatch, from)) as Batch;
    expect(shown(again)).toEqual(shown(first));
    expect(again.metrics).toEqual(first.metrics);

    const net = 'topology=parking-lot&hops=3&sources=6&entryHop=-1&policy=tail-drop&duration=0.4';
    const ch2 = workerChannel();
    ch2.send({ type: 'start', runId: 1, query: net, probes: ALL_PROBES, port: 'sw2-sw3' });
    await ch2.next(isBatch);
    ch2.send({ type: 'seek', runId: 1, t: 0.3 });
    await ch2.next((m) => isBatch(m) && m.t === 0.3);
    from = ch2.inbox.length;
    ch2.send({ type: 'seek', runId: 1, t: 0.25 });
    const s = await ch2.next((m) => m.type === 'started', from);
    expect(s.type === 'started' && s.info.focusPort).toBe(1);
    const nb = (await ch2.next(isBatch, from)) as Batch;
    const sim = new Simulation(parseScenario(net).scenario, { lossPort: 1 });
    sim.runUntil(0.25e12);
    const direct = snapshot(sim, 1);
    expect(direct.X).toBeGreaterThan(0);
    expect(nb.t).toBe(0.25);
    expect([...nb.buffer.xi]).toEqual([...direct.xi]);
    expect([...nb.buffer.order]).toEqual([...direct.order]);
    ch.close();
    ch2.close();
  });
});
