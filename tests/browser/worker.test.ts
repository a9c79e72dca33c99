// Runs in real Chromium (Vitest browser mode): the real simulation Worker behind SimClient.
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { Simulation, parseScenario, runScenario } from '../../src/sim';
import type { Batch, RunInfo } from '../../src/worker/protocol';
import { SimClient } from '../../src/worker/client';
import { waitFor } from '../helpers/waitFor';

function collect() {
  const started: RunInfo[] = [];
  const batches: Batch[] = [];
  const failures: string[] = [];
  let resolveDone: (b: Batch) => void = () => {};
  const done = new Promise<Batch>((r) => (resolveDone = r));
  const client = new SimClient({
    started: (i) => started.push(i),
    batch: (b) => {
      batches.push(b);
      if (b.done) resolveDone(b);
    },
    failed: (m) => failures.push(m),
  });
  return { client, started, batches, failures, done };
}

describe('simulation worker in Chromium', () => {
  let consoleError: MockInstance<typeof console.error>;
  let client: SimClient | undefined;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    client?.dispose();
    const calls = consoleError.mock.calls;
    consoleError.mockRestore();
    expect(calls, 'console.error must not be called').toEqual([]);
  });

  it('streams typed-array batches and ends with the same metrics as the model run on the main thread', async () => {
    const c = collect();
    client = c.client;
    const query = 'preset=s2-deadlock&duration=2&seed=5';
    c.client.start(query, { play: true, speed: Infinity });
    const last = await c.done;
    expect(c.failures).toEqual([]);
    expect(c.started).toHaveLength(1);
    expect(c.started[0].scenario.cbrMbps).toBe(60);
    expect(c.batches.length).toBeGreaterThan(1);
    expect(last.t).toBe(2);
    // Series arrive as typed arrays; over all batches the segments add up to what was sent.
    let segments = 0;
    for (const b of c.batches) {
      expect(b.series.segments?.columns.seq).toBeInstanceOf(Float64Array);
      expect(b.series.queue?.columns.X).toBeInstanceOf(Int32Array);
      segments += b.series.segments?.rows ?? 0;
    }
    expect(segments).toBe(last.metrics.perConnection[0].segmentsSent);
    // Deterministic across contexts: the worker equals a main-thread run of the same query.
    const local = new Simulation(parseScenario(query).scenario).run();
    expect(last.metrics).toEqual(local.metrics());
  });

  it('paced at Max speed by a page that draws slowly, ends with the same metrics and cells as the CLI', async () => {
    const query = 'preset=s0-testbed&duration=3';
    const batches: Batch[] = [];
    let resolveDone: (b: Batch) => void = () => {};
    const done = new Promise<Batch>((r) => (resolveDone = r));
    // A page that takes 0 to 40 ms to draw each batch (as a slowed phone would), then
    // acknowledges it: the worker keeps one batch in flight and cuts its slices differently.
    let seed = 7;
    const delay = () => ((seed = (seed * 48271) % 2147483647) % 41) | 0;
    const paced: SimClient = new SimClient(
      {
        started: () => {},
        batch: (b) => {
          batches.push(b);
          if (b.done) resolveDone(b);
          else setTimeout(() => paced.ack(b.runId, 1), delay());
        },
        failed: (m) => {
          throw new Error(m);
        },
      },
      { paced: true },
    );
    client = paced;
    paced.start(query, { play: true, speed: Infinity });
    const last = await done;
    expect(batches.length).toBeGreaterThan(2);
    expect(last.t).toBe(3);
    // What `npm run sim -- --url '…'` computes for the same query (runScenario).
    const cli = runScenario(parseScenario(query).scenario);
    expect(last.metrics).toEqual(cli.metrics);
    expect(last.cells).toEqual(cli.cells);
    // Every row the probes recorded arrived, once: the segments add up to those sent.
    const segments = batches.reduce((n, b) => n + (b.series.segments?.rows ?? 0), 0);
    expect(segments).toBe(cli.metrics.perConnection.reduce((n, c) => n + c.segmentsSent, 0));
  });

  it('drops messages of a run it has moved past', async () => {
    const c = collect();
    client = c.client;
    c.client.start('preset=s0-testbed&duration=30', { play: true, speed: Infinity });
    c.client.start('preset=s2-deadlock&duration=0.5', { play: true, speed: Infinity });
    const last = await c.done;
    expect(c.started.map((s) => s.scenario.sources)).toEqual([1]);
    expect(c.batches.every((b) => b.runId === last.runId)).toBe(true);
    expect(last.t).toBe(0.5);
  });

  it('pauses, steps by simulated time, and resumes', async () => {
    const c = collect();
    client = c.client;
    c.client.start('preset=s0-testbed&duration=1');
    await waitFor(() => expect(c.batches.length).toBe(1));
    expect(c.batches[0].t).toBe(0);
    c.client.step('ms', 1);
    await waitFor(() => expect(c.batches.length).toBe(2));
    expect(c.batches[1].t).toBeCloseTo(0.001, 12);
    expect(c.batches[1].playing).toBe(false);
    c.client.play(Infinity);
    const last = await c.done;
    expect(last.t).toBe(1);
  });

  it('reports a killed worker and recovers after restart', async () => {
    const c = collect();
    client = c.client;
    c.client.kill();
    expect(c.failures).toHaveLength(1);
    c.client.restart();
    c.client.start('preset=s2-deadlock&duration=0.2', { play: true, speed: Infinity });
    const last = await c.done;
    expect(last.t).toBe(0.2);
  });
});
