import { describe, expect, it } from 'vitest';
import { Simulation, defaultScenario, parseScenario } from '../../src/sim';
import { explainDrop, n } from '../../src/ui/inspect/explain';
import type { DropRecord } from '../../src/ui/inspect/explain';
import { SeriesTable } from '../../src/ui/data/runStore';
import { consequenceOf } from '../../src/ui/inspect/consequence';

const drop = (p: Partial<DropRecord>): DropRecord => ({
  t: 1,
  vc: 2,
  conn: 2,
  seq: 0,
  reason: 4,
  cells: 11,
  X: 917,
  Xi: 184,
  Na: 5,
  threshold: 900,
  extra: (184 * 5) / 917,
  ...p,
});

const values = (e: ReturnType<typeof explainDrop>) =>
  Object.fromEntries(e.values.map((v) => [v.testId, v.value]));

describe('"why was this dropped?" explanations', () => {
  it('formats numbers without eating integer zeros', () => {
    expect(n(900)).toBe('900');
    expect(n(1000.5, 1)).toBe('1000.5');
    expect(n(2.5, 3)).toBe('2.5');
    expect(n(3, 2)).toBe('3');
    expect(n(NaN)).toBe('–');
  });

  it('shows Selective Drop’s inputs, fair share and load against Z', () => {
    const s = { ...defaultScenario(), policy: 'sd' as const, sdZ: 0.8 };
    const e = explainDrop(drop({}), s);
    expect(values(e)).toEqual({
      X: '917',
      Xi: '184',
      Na: '5',
      fair: (917 / 5).toFixed(3),
      threshold: '900',
      extra: ((184 * 5) / 917).toFixed(3),
      Z: '0.800',
    });
    expect(e.verdict).toContain('X = 917 > R = 900');
  });

  it('names the rule for every drop reason the model records', () => {
    const s = defaultScenario();
    for (let reason = 1; reason <= 13; reason++) {
      const e = explainDrop(drop({ reason }), s);
      expect(e.rule.length, `reason ${reason}`).toBeGreaterThan(20);
      expect(e.values.find((v) => v.testId === 'X')?.value).toBe('917');
    }
    // FBA's load is computed from the inputs, W(X) is the recorded extra.
    const fba = values(explainDrop(drop({ reason: 5, extra: 0.42 }), s));
    expect(fba.load).toBe(((184 * 5) / 917).toFixed(3));
    expect(fba.extra).toBe('0.420');
  });

  it('follows a real drop to its consequence in the recorded series', () => {
    const { scenario } = parseScenario('?preset=s2-deadlock&duration=3');
    const sim = new Simulation(scenario, {
      probes: { loss: true, segments: true, acks: true, tcpEvents: true, cwnd: true },
    });
    sim.run();
    const b = sim.probes.drain();
    const tables = {
      segments: new SeriesTable(1e6),
      acks: new SeriesTable(1e6),
      tcpEvents: new SeriesTable(1e6),
      cwnd: new SeriesTable(1e6),
    };
    tables.segments.append(b.segments);
    tables.acks.append(b.acks);
    tables.tcpEvents.append(b.tcpEvents);
    tables.cwnd.append(b.cwnd);
    const l = b.loss!.columns;
    const d: DropRecord = {
      t: l.t[0],
      vc: l.vc[0],
      conn: l.conn[0],
      seq: l.seq[0],
      reason: l.reason[0],
      cells: l.cells[0],
      X: l.X[0],
      Xi: l.Xi[0],
      Na: l.Na[0],
      threshold: l.threshold[0],
      extra: l.extra[0],
    };
    const c = consequenceOf(tables, d);
    // The lost segment was sent before the drop and sent again after it.
    expect(c.sentAt).not.toBeNull();
    expect(c.sentAt!).toBeLessThanOrEqual(d.t);
    expect(c.retransmittedAt!).toBeGreaterThan(d.t);
    expect(c.recovery).not.toBeNull();
    expect(c.recovery!.t).toBeGreaterThan(d.t);
    // The first recovery is the one the sender's event trace shows after the drop.
    const ev = b.tcpEvents!.columns;
    const first = Array.from(ev.t).findIndex((t) => t > d.t);
    expect(c.recovery!.t).toBe(ev.t[first]);
    expect(c.recovery!.kind).toBe(ev.kind[first] === 1 ? 'timeout' : 'fast retransmit');
    // cwnd was cut.
    expect(c.cwndAfter!).toBeLessThan(c.cwndBefore!);
  });
});
