import { describe, expect, it } from 'vitest';
import { Drop, FIXED_DROP_REASONS } from '../../../../src/sim/atm/dropReasons';
import { DROP_REASONS, DROP_REASON_TABLE, reasonCode } from '../../../../src/sim/atm/policies';
import { EVENT_KINDS, Ev, eventName } from '../../../../src/sim/core/events';
import { METRICS, METRIC_KEYS } from '../../../../src/sim/metrics/table';
import { parseScenario } from '../../../../src/sim/scenario/codec';
import { Simulation } from '../../../../src/sim/simulation';
import { TcpEvent, tcpEventOf } from '../../../../src/sim/tcp/events';

// The model's tables (drop reasons, event kinds, metrics) are the one place their names,
// labels and units are written: the codes used in the hot paths must match them.
describe('the model tables', () => {
  it('drop reason codes are those of the probe format, and the hot paths use the same', () => {
    // A loss event carries the code: the port's and the first policies' codes are fixed, a
    // later policy's reasons take the next ones in registry order (drop from front: 14).
    expect(DROP_REASONS).toEqual([
      'none',
      'overflow',
      'ppd',
      'epd',
      'selective',
      'fba',
      'clp1-threshold',
      'high-threshold',
      'per-vc-threshold',
      'fifo-threshold',
      'dfba',
      'eubr',
      'gfr-nonconforming',
      'mfs',
      'front',
    ]);
    DROP_REASONS.forEach((name, code) => expect(reasonCode(name), name).toBe(code));
    expect(() => reasonCode('wred')).toThrow('unknown drop reason wred');
    expect(Object.keys(Drop)).toHaveLength(FIXED_DROP_REASONS.length);
    for (const [k, code] of Object.entries(Drop))
      expect(DROP_REASONS[code], k).toBe(k.toLowerCase().replaceAll('_', '-'));
    for (const r of DROP_REASON_TABLE) expect(r.label.length * r.rule.length).toBeGreaterThan(0);
  });

  it('event kinds: codes, names, and the names a run steps through', () => {
    expect(EVENT_KINDS.map((e) => e.name)).toEqual([
      'frame',
      'ack',
      'rto',
      'delack',
      'app-read',
      'start',
      'wake',
      'host-free',
    ]);
    expect(eventName(Ev.FRAME_RX)).toBe('frame');
    expect(eventName(Ev.ACK_RX)).toBe('ack');
    expect(eventName(Ev.HOST_FREE)).toBe('host-free');
    expect(Object.values(Ev)).toEqual(EVENT_KINDS.map((_, i) => i + 1));
    const sim = new Simulation(parseScenario('?duration=1').scenario);
    const seen = new Set<string>();
    for (let kind = sim.stepEvent(); kind !== null; kind = sim.stepEvent()) seen.add(kind);
    for (const k of ['start', 'frame', 'ack']) expect(seen.has(k), k).toBe(true);
    for (const k of seen) expect(EVENT_KINDS.some((e) => e.name === k)).toBe(true);
    // Stepping event by event ends where a plain run does (it used to jump to the end of the
    // run when the heap held no event yet, cells still in the ports).
    const whole = new Simulation(parseScenario('?duration=1').scenario).run();
    expect(sim.metrics()).toEqual(whole.metrics());
  });

  it('TCP event codes name their kinds in the table', () => {
    expect(tcpEventOf(TcpEvent.TIMEOUT)?.name).toBe('timeout');
    expect(tcpEventOf(TcpEvent.FAST_RETRANSMIT)?.name).toBe('fast-retransmit');
    expect(tcpEventOf(TcpEvent.ABORT)?.name).toBe('abort');
  });

  it('the metrics table lists every run-wide metric of a run, in its order', () => {
    const m = new Simulation(parseScenario('?duration=0.05').scenario).run().metrics();
    const scalar = Object.keys(m).filter((k) => typeof m[k as keyof typeof m] === 'number');
    expect(METRIC_KEYS).toEqual(scalar);
    for (const k of METRIC_KEYS) expect(METRICS[k].label.length).toBeGreaterThan(0);
  });
});
