// The worker's port focus on a network of switches: per-port samples in every
// batch, the buffer snapshot, queue series and loss raster of the focused port, and the
// `focusPort` replay to the same time.
import { describe, expect, it } from 'vitest';
import { workerChannel } from '../../helpers/workerChannel';
import { ALL_PROBES } from '../../../src/sim/metrics/probes';
import { portSlug } from '../../../src/worker/host';
import type { Batch, RunInfo } from '../../../src/worker/protocol';

const channel = workerChannel;

const QUERY = 'topology=parking-lot&hops=3&sources=6&entryHop=-1&policy=tail-drop&duration=0.4';

describe('port focus', () => {
  it('names ports URL-safely', () => {
    expect(portSlug('sw2→sw3')).toBe('sw2-sw3');
    expect(portSlug('sw3→receivers')).toBe('sw3-receivers');
  });

  it('watches the focused port and replays the run on focusPort', async () => {
    const ch = channel();
    ch.send({ type: 'start', runId: 1, query: QUERY, probes: ALL_PROBES, port: 'sw2-sw3' });
    const s1 = await ch.next((m) => m.type === 'started');
    const info = (s1 as { info: RunInfo }).info;
    expect(info.topology.ports.map((p) => p.slug)).toEqual(['sw1-sw2', 'sw2-sw3', 'sw3-receivers']);
    expect(info.focusPort).toBe(1);
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 300 });
    const b = (await ch.next((m) => m.type === 'batch' && m.t > 0.29)) as Batch;
    expect(b.ports!.X.length).toBe(3);
    expect(b.buffer.X).toBe(b.ports!.X[1]);
    // The queue series is the focused port's, sampled every ms.
    const q = b.series.queue!;
    expect(q.rows).toBeGreaterThanOrEqual(299);
    expect(q.columns.X[q.rows - 1]).toBeLessThanOrEqual(info.topology.ports[1].K);
    // Loss rows only for VCs that cross port 1.
    const crossing = new Set(info.topology.ports[1].vcs);
    for (const vc of b.series.loss!.columns.vc) expect(crossing.has(vc)).toBe(true);

    const from = ch.inbox.length;
    ch.send({ type: 'focusPort', runId: 1, port: 'sw3-receivers' });
    const s2 = await ch.next((m) => m.type === 'started', from);
    expect((s2 as { info: RunInfo }).info.focusPort).toBe(2);
    const b2 = (await ch.next((m) => m.type === 'batch', from)) as Batch;
    expect(b2.t).toBeCloseTo(b.t, 9);
    expect(b2.buffer.X).toBe(b2.ports!.X[2]);
    // The same run: every port holds what it held before the replay.
    expect([...b2.ports!.X]).toEqual([...b.ports!.X]);
    expect(b2.series.queue!.rows).toBeGreaterThanOrEqual(299);
    ch.close();
  });
});
