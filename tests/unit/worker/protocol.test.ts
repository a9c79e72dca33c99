import { describe, expect, it } from 'vitest';
import type { Batch } from '../../../src/worker/protocol';
import { workerChannel } from '../../helpers/workerChannel';

const channel = workerChannel;

/** Sends one paused step of run 1 and returns the batch that answers it: for an event step,
 * the one that names the event; otherwise the first past `after` seconds. */
async function stepOnce(
  ch: ReturnType<typeof channel>,
  unit: 'event' | 'frame' | 'ms',
  after = 0,
  ms?: number,
): Promise<Batch> {
  const from = ch.inbox.length;
  ch.send({ type: 'step', runId: 1, unit, ms });
  const m = await ch.next(
    (x) => x.type === 'batch' && (unit === 'event' ? x.stepped !== undefined : x.t > after),
    from,
  );
  if (m.type !== 'batch') throw new Error('expected a batch');
  return m;
}

describe('worker protocol over a MessageChannel', () => {
  it('starts paused, steps, and answers with typed-array batches', async () => {
    const ch = channel();
    ch.send({
      type: 'start',
      runId: 1,
      query: '?preset=s0-testbed&duration=1',
      probes: { queue: true, cwnd: true },
    });
    const started = await ch.next((m) => m.type === 'started');
    expect(started.type === 'started' && started.info.scenario.sources).toBe(4);
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 20 });
    const b = await ch.next((m) => m.type === 'batch' && m.t > 0);
    if (b.type !== 'batch') throw new Error('expected a batch');
    expect(b.t).toBeCloseTo(0.02, 12);
    expect(b.playing).toBe(false);
    expect(b.series.queue!.rows).toBe(20); // 1 ms samples over 20 ms
    expect(b.series.queue!.columns.t).toBeInstanceOf(Float64Array);
    expect(b.series.cwnd!.rows).toBeGreaterThan(0);
    expect(b.series.loss).toBeUndefined();
    ch.close();
  });

  it('ignores commands for a stale run id and reports bad queries as issues, not crashes', async () => {
    const ch = channel();
    ch.send({ type: 'start', runId: 1, query: '?bufferCells=oops&duration=0.05', probes: {} });
    const s = await ch.next((m) => m.type === 'started');
    expect(s.type === 'started' && s.info.issues.map((i) => i.key)).toEqual(['bufferCells']);
    ch.send({ type: 'start', runId: 2, query: '?duration=0.05', probes: {} });
    await ch.next((m) => m.type === 'started' && m.runId === 2);
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 10 }); // stale: ignored
    ch.send({ type: 'step', runId: 2, unit: 'ms', ms: 10 });
    const b = await ch.next((m) => m.type === 'batch' && m.runId === 2 && m.t > 0);
    expect(b.type === 'batch' && b.t).toBeCloseTo(0.01, 12);
    expect(ch.inbox.filter((m) => m.type === 'batch' && m.runId === 1 && m.t > 0)).toEqual([]);
    ch.close();
  });

  it('steps one event and one frame, and sends the buffer in arrival order', async () => {
    const ch = channel();
    ch.send({ type: 'start', runId: 1, query: '?duration=1', probes: {} });
    await ch.next((m) => m.type === 'started');
    ch.send({ type: 'step', runId: 1, unit: 'event' });
    const first = await ch.next((m) => m.type === 'batch' && m.stepped !== undefined);
    // The first events of a run are the TCP starts at t = 0.
    expect(first.type === 'batch' && first.stepped).toBe('start');
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 400 });
    const b = await ch.next((m) => m.type === 'batch' && m.t >= 0.4);
    if (b.type !== 'batch') throw new Error('expected a batch');
    const buf = b.buffer;
    // X_i of the snapshot matches the cells listed in arrival order.
    expect(buf.n).toBe(buf.X);
    const counted = new Int32Array(buf.xi.length);
    for (let i = 0; i < buf.n; i++) counted[buf.order[i]]++;
    expect(Array.from(counted)).toEqual(Array.from(buf.xi));
    expect(buf.X).toBeGreaterThan(0);
    // A frame step runs to the next frame that reaches a receiver, through other events: the
    // same run stepped event by event from the same instant (0.4 s) lists the events; from
    // just before an event that is not a frame, a frame step ends at the next frame's instant,
    // later than that event's, with the metrics of the run stepped to it.
    const ev = channel();
    ev.send({ type: 'start', runId: 1, query: '?duration=1', probes: {} });
    await ev.next((m) => m.type === 'started');
    await stepOnce(ev, 'event');
    expect((await stepOnce(ev, 'ms', 0, 400)).t).toBe(b.t);
    const steps: Batch[] = [];
    for (let i = 0; i < 400; i++) steps.push(await stepOnce(ev, 'event'));
    ev.close();
    const isFrame = (i: number) => steps[i].stepped === 'frame';
    const nextFrame = (i: number) => steps.findIndex((x, j) => j > i && x.stepped === 'frame');
    const p = steps.findIndex((x, i) => !isFrame(i) && x.t < steps[nextFrame(i)]?.t);
    expect(p, steps.map((x) => x.stepped).join(' ')).toBeGreaterThanOrEqual(0);
    const q = nextFrame(p);
    for (let i = 0; i < p; i++) await stepOnce(ch, 'event');
    const f = await stepOnce(ch, 'frame', p > 0 ? steps[p - 1].t - 1e-9 : b.t);
    ch.close();
    expect(f.t).toBeGreaterThan(steps[p].t);
    expect(f.t).toBe(steps[q].t);
    expect(f.metrics).toEqual(steps[q].metrics);
  });

  it('applies a policy change live, and refuses one that needs a restart', async () => {
    const ch = channel();
    ch.send({ type: 'start', runId: 1, query: '?policy=epd&duration=1', probes: {} });
    await ch.next((m) => m.type === 'started');
    ch.send({ type: 'step', runId: 1, unit: 'ms', ms: 50 });
    await ch.next((m) => m.type === 'batch' && m.t >= 0.05);
    ch.send({ type: 'live', runId: 1, query: '?policy=sd&sdZ=0.5&duration=1' });
    const ok = await ch.next((m) => m.type === 'live');
    expect(ok.type === 'live' && ok.applied).toBe(true);
    expect(ok.type === 'live' && ok.info!.scenario.policy).toBe('sd');
    expect(ok.type === 'live' && ok.info!.thresholds.map((t) => t.label)).toContain(
      'SD threshold R',
    );
    ch.inbox.length = 0;
    ch.send({ type: 'live', runId: 1, query: '?policy=sd&sources=5&duration=1' });
    const no = await ch.next((m) => m.type === 'live');
    expect(no.type === 'live' && no.applied).toBe(false);
    ch.close();
  });
});
