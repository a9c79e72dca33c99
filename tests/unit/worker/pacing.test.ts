import { describe, expect, it } from 'vitest';
import {
  FramePacer,
  MAX_BUDGET_MS,
  MAX_SKIP,
  SLOW_FRAME_MS,
} from '../../../src/ui/data/framePacer';
import { BatchPacer } from '../../../src/worker/pacing';
import { workerChannel } from '../../helpers/workerChannel';
import type { Batch, FromWorker } from '../../../src/worker/protocol';
import { ALL_PROBES } from '../../../src/sim/metrics/probes';
import { Simulation, parseScenario } from '../../../src/sim';

/** A pacer of a page that acknowledges batches, at Max speed. */
function maxSpeedPacer(): BatchPacer {
  const p = new BatchPacer(true);
  p.maxSpeed = true;
  return p;
}

describe('batch pacing (one batch in flight at Max speed)', () => {
  it('without pacing, every tick posts', () => {
    const p = new BatchPacer(false);
    p.maxSpeed = true;
    for (let i = 0; i < 5; i++) {
      expect(p.mayRun()).toBe(true);
      expect(p.tickDone(false)).toBe(true);
      p.posted();
    }
    expect(p.acked()).toBe(false);
  });

  it('at a set speed (2×), every tick posts, acknowledged or not', () => {
    const p = new BatchPacer(true);
    p.posted();
    expect(p.mayRun()).toBe(true);
    expect(p.tickDone(false)).toBe(true);
    p.posted();
    expect(p.mayRun()).toBe(true);
    expect(p.acked(2)).toBe(false);
  });

  it('holds one slice behind a batch in flight, then waits; the ack releases it', () => {
    const p = maxSpeedPacer();
    expect(p.mayRun()).toBe(true);
    expect(p.tickDone(false)).toBe(true); // nothing in flight: post
    p.posted();
    expect(p.mayRun()).toBe(true); // one slice ahead
    expect(p.tickDone(false)).toBe(false); // held
    expect(p.mayRun()).toBe(false); // and then it waits
    expect(p.acked()).toBe(true); // drawn: post the held slice
    p.posted();
    expect(p.mayRun()).toBe(true);
    expect(p.acked()).toBe(false); // nothing held
    expect(p.mayRun()).toBe(true);
  });

  it('always posts the tick that ends the play, and any answer carries what was held', () => {
    const p = maxSpeedPacer();
    p.posted();
    expect(p.tickDone(false)).toBe(false);
    expect(p.tickDone(true)).toBe(true); // the run reached its `until`: posted at once
    p.posted(); // two in flight now; the held slice went with it
    expect(p.acked()).toBe(false);
    expect(p.mayRun()).toBe(true);
    expect(p.tickDone(false)).toBe(false); // one still in flight
    expect(p.acked(1)).toBe(true);
  });

  it('counts acknowledgements of several batches at once and never below zero', () => {
    const p = maxSpeedPacer();
    p.posted();
    p.posted();
    p.posted();
    expect(p.tickDone(false)).toBe(false);
    expect(p.acked(2)).toBe(false);
    expect(p.acked(5)).toBe(true); // all drawn (more acks than batches count as all)
    p.posted(); // the held slice
    expect(p.acked(1)).toBe(false);
    expect(p.acked(1)).toBe(false);
    expect(p.tickDone(false)).toBe(true);
  });
});

describe('frame pacing of the views', () => {
  it('keeps the full budget while frames are quick (a desktop never notices)', () => {
    const f = new FramePacer();
    let t = 0;
    for (let i = 0; i < 100; i++) {
      expect(f.frame(t)).toBe(MAX_BUDGET_MS);
      f.drew(t);
      t += 16.7;
    }
  });

  it('after a slow frame draws one view per frame, skips frames by how slow, and recovers', () => {
    const f = new FramePacer();
    expect(f.frame(0)).toBe(MAX_BUDGET_MS);
    f.drew(0);
    // That frame took 60 ms: floor(60 / 25) = 2 frames without drawing, then one view.
    expect(f.frame(60)).toBe(-1);
    expect(f.frame(76.7)).toBe(-1);
    expect(f.frame(93.4)).toBe(0);
    f.drew(93.4);
    // A very slow frame skips at most MAX_SKIP frames.
    let t = 93.4 + 500;
    for (let i = 0; i < MAX_SKIP; i++, t += 16.7) expect(f.frame(t)).toBe(-1);
    expect(f.frame(t)).toBe(0);
    f.drew(t);
    // Quick frames give the budget back a millisecond each.
    const budgets: number[] = [];
    for (let i = 0; i < MAX_BUDGET_MS + 2; i++) {
      t += 16.7;
      budgets.push(f.frame(t));
      f.drew(t);
    }
    expect(budgets).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7]);
  });

  it('a frame between quick and slow leaves the budget as it is; a frame without drawing is not measured', () => {
    const f = new FramePacer();
    f.frame(0);
    f.drew(0);
    expect(f.frame(SLOW_FRAME_MS + 1)).toBe(-1);
    expect(f.frame(100)).toBe(0);
    f.drew(100);
    expect(f.frame(122)).toBe(0); // 22 ms: neither quick nor slow
    // No draw in that frame: the next frame's start says nothing about it.
    expect(f.frame(1000)).toBe(0);
  });
});

describe('a paced run in the worker host', () => {
  it('sends no second batch until the first is acknowledged, and ends with the same metrics as the model', async () => {
    const w = workerChannel();
    try {
      const query = 'preset=s0-testbed&duration=1.5';
      w.send({
        type: 'start',
        runId: 1,
        query,
        probes: ALL_PROBES,
        play: true,
        speed: Infinity,
        paced: true,
      });
      const isBatch = (m: FromWorker): m is Batch => m.type === 'batch';
      await w.next(isBatch);
      // Unacknowledged: whatever the worker computes ahead, it holds.
      await new Promise((r) => setTimeout(r, 300));
      const before = w.inbox.filter(isBatch).length;
      expect(before).toBe(1);
      // Acknowledge each batch as it comes until the run ends.
      let last: Batch | undefined;
      let seen = 0;
      let handedBack = 0;
      while (!last?.done) {
        const batches = w.inbox.filter(isBatch);
        if (batches.length > seen) {
          seen = batches.length;
          last = batches[seen - 1];
          if (!last.done) {
            // The page hands the batch's series memory back (transferred), as useSimRun does.
            const spent = Object.values(last.series).flatMap((table) =>
              table ? Object.values(table.columns).map((c: ArrayBufferView) => c.buffer) : [],
            ) as ArrayBuffer[];
            w.send({ type: 'ack', runId: 1, batches: 1, spent }, spent);
            handedBack += spent.length;
            // Gone from this side: nothing of it is left for this side's collector.
            for (const b of spent) expect(b.byteLength).toBe(0);
          }
        } else await w.next(isBatch, w.inbox.length);
      }
      expect(seen).toBeGreaterThan(2);
      expect(handedBack).toBeGreaterThan(0);
      expect(last.t).toBe(1.5);
      const local = new Simulation(parseScenario(query).scenario).run();
      expect(last.metrics).toEqual(local.metrics());
    } finally {
      w.close();
    }
  });
});
