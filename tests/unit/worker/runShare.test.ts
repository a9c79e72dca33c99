// Compare A/B's two runs each take half of a worker's per-frame budget of model work (the
// start message's `share`), so that together they leave the page as much of the machine as
// one run at Max speed does. A fake clock that advances 1 ms per reading makes the budget exact.
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { attachSimHost } from '../../../src/worker/host';
import type { Batch, FromWorker, PortLike } from '../../../src/worker/protocol';
import { ALL_PROBES } from '../../../src/sim/metrics/probes';

/** Simulated seconds reached by the first batch a flat-out run sends after its start. */
async function firstTick(share: number | undefined): Promise<number> {
  const { port1, port2 } = new MessageChannel();
  const host: PortLike = {
    postMessage: (m, o) => port1.postMessage(m, (o?.transfer ?? []) as never),
    addEventListener: (_t, l) => port1.on('message', (data) => l({ data } as MessageEvent)),
  };
  let clock = 0;
  attachSimHost(host, () => ++clock);
  const batches: Batch[] = [];
  const done = new Promise<void>((resolve) =>
    port2.on('message', (m: FromWorker) => {
      if (m.type === 'batch') batches.push(m);
      if (batches.length === 2) resolve();
    }),
  );
  port2.postMessage({
    type: 'start',
    runId: 1,
    query: '?preset=s0-testbed&duration=10',
    probes: ALL_PROBES,
    play: true,
    speed: Infinity,
    share,
  });
  await done;
  port1.close();
  port2.close();
  // The first batch is the start's (t = 0); the second, one tick of model work.
  expect(batches[0].t).toBe(0);
  return batches[1].t;
}

describe("a run's share of the worker's frame budget", () => {
  it('one run works 12 ms per frame; a half share 6 ms (2 ms of model time per slice)', async () => {
    // Readings 1 ms apart: the loop runs while fewer than budget ms have passed since t0.
    expect(await firstTick(undefined)).toBeCloseTo(11 * 0.002, 9);
    expect(await firstTick(1)).toBeCloseTo(11 * 0.002, 9);
    expect(await firstTick(0.5)).toBeCloseTo(5 * 0.002, 9);
    // Out of range: the whole budget.
    expect(await firstTick(0)).toBeCloseTo(11 * 0.002, 9);
    expect(await firstTick(3)).toBeCloseTo(11 * 0.002, 9);
  });
});
