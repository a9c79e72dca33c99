import { describe, expect, it } from 'vitest';
import { Simulation, parseScenario, runScenario } from '../../../../src/sim';
import { Random } from '../../../../src/sim/core/random';
import { HostProcessor } from '../../../../src/sim/tcp/hostProcessor';

const ms = (x: number) => x * 1e9;

describe('HostProcessor (YATS TCPIPsend PROCTIM / OQWM)', () => {
  it('processes segments one at a time, each d·U(1, 1.1) after the previous', () => {
    const hp = new HostProcessor(ms(0.3), 2, new Random(1));
    const a = hp.admit(0);
    const b = hp.admit(0);
    const c = hp.admit(ms(10)); // the host was idle again by then
    expect(a).toBeGreaterThanOrEqual(ms(0.3));
    expect(a).toBeLessThanOrEqual(ms(0.33));
    expect(b - a).toBeGreaterThanOrEqual(ms(0.3));
    expect(b - a).toBeLessThanOrEqual(ms(0.33));
    expect(c - ms(10)).toBeGreaterThanOrEqual(ms(0.3));
    expect(c - ms(10)).toBeLessThanOrEqual(ms(0.33));
  });

  it('holds new data at the watermark and says when the queue frees', () => {
    const hp = new HostProcessor(ms(0.3), 2, new Random(2));
    expect(hp.accepts(0)).toBe(true);
    const a = hp.admit(0);
    expect(hp.accepts(0)).toBe(true);
    hp.admit(0);
    expect(hp.backlog(0)).toBe(2);
    expect(hp.accepts(0)).toBe(false);
    expect(hp.nextDone(0)).toBe(a);
    expect(hp.accepts(a)).toBe(true); // the first left processing at a
    expect(hp.nextDone(ms(5))).toBe(Infinity);
  });

  it('caps a greedy connection at one segment per d, whatever its window', () => {
    // One source on an OC-3 path with a 64 KB window: alone it fills the link; with 0.3 ms of
    // processing per segment it sends at most 512 B per 0.3·1.05 ms ≈ 13.0 Mbit/s.
    const q = (proc: number) =>
      `?sources=1&linkMbps=149.76&accessMbps=149.76&rttMs=0.204&mtu=552&window=65536&policy=tail-drop&bufferCells=4000&ack=every&duration=2&hostProcMs=${proc}`;
    const run = (proc: number) => {
      const { scenario, errors } = parseScenario(q(proc));
      expect(errors).toEqual([]);
      return runScenario(scenario).metrics.goodputMbps;
    };
    const capped = run(0.3);
    expect(capped).toBeGreaterThan(12.5);
    expect(capped).toBeLessThan(13.7);
    expect(run(0)).toBeGreaterThan(100);
  });

  it('never lets more than the watermark of new segments wait in the host', () => {
    const { scenario } = parseScenario(
      '?preset=s3-gfr-lan-two-threshold&sources=4&duration=0.5&hostQueuePkts=2',
    );
    const sim = new Simulation(scenario);
    let worst = 0;
    const hosts = (sim.hosts as unknown as { hostProc: HostProcessor[] }).hostProc;
    const emit = sim.hosts.emitSegment.bind(sim.hosts);
    sim.hosts.emitSegment = (conn, seq, len, retx, now) => {
      if (!retx) worst = Math.max(worst, hosts[conn].backlog(now));
      emit(conn, seq, len, retx, now);
    };
    sim.run();
    expect(worst).toBeLessThanOrEqual(1); // at most one waiting when a new one is handed over
  });
});
