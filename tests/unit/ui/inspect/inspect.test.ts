import { describe, expect, it } from 'vitest';
import {
  DROP_REASONS,
  POLICY_MODULES,
  Simulation,
  defaultScenario,
  parseScenario,
  policyModule,
} from '../../../../src/sim';
import type { Policy, Scenario } from '../../../../src/sim';
import type { RunInfo } from '../../../../src/worker/protocol';
import { explainDrop, n, portContext } from '../../../../src/ui/inspect/explain';
import type { DropRecord } from '../../../../src/ui/inspect/explain';
import { RunStore } from '../../../../src/ui/data/runStore';
import { consequenceOf } from '../../../../src/ui/data/consequence';

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
    const store = new RunStore();
    const tables = store.tables;
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
    const c = consequenceOf(store, d);
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

describe('the inspector names the rule that fired under the policy in force', () => {
  const POLICIES: Policy[] = POLICY_MODULES.map((m) => m.id);
  const R = (name: string) => DROP_REASONS.indexOf(name as (typeof DROP_REASONS)[number]);
  const sc = (p: Partial<Scenario>): Scenario => ({ ...defaultScenario(), ...p });
  const atK = drop({ X: 1000, threshold: 1000, extra: 0 });
  const port = (policy: Policy) => ({ policy, K: 1000 });

  it('an overflow is "Plain UBR" only under plain UBR; under every other policy, partial discard follows', () => {
    for (const policy of POLICIES) {
      const e = explainDrop({ ...atK, reason: R('overflow') }, sc({ policy }), port(policy));
      expect(e.values.find((v) => v.testId === 'threshold')?.value).toBe('1000');
      if (policy === 'tail-drop') {
        expect(e.rule.startsWith('Plain UBR:')).toBe(true);
        expect(e.verdict).toContain('dead cells');
        expect(e.rule).not.toContain('discarded');
        continue;
      }
      expect(e.rule, policy).not.toContain('Plain UBR');
      expect(e.rule, policy).toContain('X = K');
      expect(e.rule, policy).toContain('the rest of the frame is discarded');
      expect(e.verdict, policy).toContain('Partial discard');
    }
    const epd = explainDrop({ ...atK, reason: R('overflow') }, sc({ policy: 'epd' }), port('epd'));
    expect(epd.rule.startsWith('Early Packet Discard (S0 §3.2) had accepted this frame')).toBe(
      true,
    );
    const sd = explainDrop({ ...atK, reason: R('overflow') }, sc({ policy: 'sd' }), port('sd'));
    expect(sd.rule.startsWith('Selective Drop (SD) had accepted this frame')).toBe(true);
  });

  it('the EOM is said to be kept only with keepEom; EUBR+ says it purges only with eubrPurge', () => {
    const ovf = { ...atK, reason: R('overflow') };
    for (const keepEom of [true, false])
      for (const policy of ['ppd', 'epd', 'fba'] as const) {
        const e = explainDrop(ovf, sc({ policy, keepEom }), port(policy));
        expect(e.rule.includes('except its EOM'), `${policy} ${keepEom}`).toBe(keepEom);
        const p = explainDrop({ ...ovf, reason: R('ppd') }, sc({ policy, keepEom }), port(policy));
        expect(p.rule.includes('except its EOM'), `${policy} ${keepEom}`).toBe(keepEom);
      }
    for (const eubrPurge of [true, false]) {
      const e = explainDrop(ovf, sc({ policy: 'eubr', eubrPurge }), port('eubr'));
      expect(e.rule.includes('purged')).toBe(eubrPurge);
    }
  });

  it('the rest of a damaged frame is PPD under PPD, and partial discard of the policy in force elsewhere', () => {
    const ppd = { ...atK, reason: R('ppd') };
    expect(explainDrop(ppd, sc({ policy: 'ppd' }), port('ppd')).rule).toMatch(
      /^Partial Packet Discard \(S0 §3\.1\): once a frame has lost a cell/,
    );
    for (const policy of POLICIES.filter((p) => p !== 'ppd' && p !== 'tail-drop')) {
      const e = explainDrop(ppd, sc({ policy }), port(policy));
      expect(e.rule.startsWith(`${policyModule(policy).label}, partial discard`), policy).toBe(
        true,
      );
    }
  });

  it("DFBA: the branch that fired is told apart by the recorded threshold (H, L, or the VC's share)", () => {
    // K = 1000, L = 0.5·K = 500, H = 0.9·K = 900.
    const s = sc({ policy: 'dfba', dfbaL: 0.5, dfbaH: 0.9 });
    const r = R('dfba');
    const above = explainDrop(
      drop({ reason: r, X: 950, threshold: 900, extra: 1 }),
      s,
      port('dfba'),
    );
    expect(above.verdict).toBe('X = 950 ≥ H = 900: above H every frame is refused.');
    const tagged = explainDrop(
      drop({ reason: r, X: 700, threshold: 500, extra: 1 }),
      s,
      port('dfba'),
    );
    expect(tagged.verdict).toContain('L = 500 ≤ X = 700 < H = 900');
    const p = explainDrop(
      drop({ reason: r, X: 700, threshold: 175, extra: 0.25 }),
      s,
      port('dfba'),
    );
    expect(p.verdict).toContain('refused with probability 0.250');
    expect(Object.fromEntries(p.values.map((v) => [v.testId, v.value]))).toMatchObject({
      threshold: '175',
      extra: '0.250',
    });
  });

  it('EUBR+: a purge, the recovery zone full (X ≥ P), and the UBR+ test above R (SD or FBA), with the numbers', () => {
    const r = R('eubr');
    // K = 1000: R = 0.6·K = 600, P = 0.9·K = 900.
    const base = { policy: 'eubr' as const, eubrR: 0.6, eubrP: 0.9, sdZ: 0.8, fbaZ: 0.8 };
    const sdS = sc({ ...base, eubrTest: 'sd' });
    const purge = explainDrop(
      drop({ reason: r, X: 1000, threshold: 1000, extra: 0 }),
      sdS,
      port('eubr'),
    );
    expect(purge.rule.startsWith('EUBR+ purge (S4 §III)')).toBe(true);
    const full = explainDrop(
      drop({ reason: r, X: 905, threshold: 900, extra: 2.5 }),
      sdS,
      port('eubr'),
    );
    expect(full.verdict).toContain('X = 905 ≥ P = 900');
    expect(full.verdict).toContain('until 2.500 s');
    // X = 800, X_i = 300, N_a = 4: load = 300·4/800 = 1.5 > Z = 0.8.
    const at = drop({ reason: r, X: 800, Xi: 300, Na: 4, threshold: 600, extra: 3 });
    const sdE = explainDrop(at, sdS, port('eubr'));
    expect(sdE.rule).toContain('Selective Drop');
    expect(sdE.verdict).toContain('load 1.500 > Z = 0.800');
    // FBA: W(X) = Z·(K − R)/(X − R) = 0.8·400/200 = 1.6; X_i = 400: load 400·4/800 = 2 > 1.6.
    const fbaE = explainDrop({ ...at, Xi: 400 }, sc({ ...base, eubrTest: 'fba' }), port('eubr'));
    expect(fbaE.rule).toContain('W(X) = Z·(K − R)/(X − R)');
    expect(fbaE.values.find((v) => v.testId === 'Z')?.value).toBe('1.600');
    expect(fbaE.verdict).toContain("VC 2's load 2.000 > W(X) = 1.600");
  });

  it("the policy in force is the focused port's: portPolicy on a parking lot, the scenario's on one switch", () => {
    const s = sc({
      topology: 'parking-lot',
      policy: 'fba',
      portPolicy: ['tail-drop', 'same', 'epd'],
    });
    const info = (name: string, focusPort: number) =>
      ({
        scenario: s,
        focusPort,
        topology: {
          name,
          ports: [0, 1, 2].map((hop) => ({ hop, K: 500 + hop })),
        },
      }) as unknown as RunInfo;
    expect(portContext(info('parking-lot', 0))).toEqual({ policy: 'tail-drop', K: 500 });
    expect(portContext(info('parking-lot', 1))).toEqual({ policy: 'fba', K: 501 });
    expect(portContext(info('parking-lot', 2))).toEqual({ policy: 'epd', K: 502 });
    expect(portContext(info('single', 0)).policy).toBe('fba');
  });

  it("a real overflow drop of S0's EPD testbed is explained as EPD's, not plain UBR's", () => {
    const { scenario } = parseScenario('?preset=s0-testbed&duration=5');
    expect(scenario.policy).toBe('epd');
    const sim = new Simulation(scenario, { probes: { loss: true } });
    sim.run();
    const l = sim.probes.drain().loss!.columns;
    const i = Array.from(l.reason).indexOf(R('overflow'));
    expect(i).toBeGreaterThanOrEqual(0);
    const d: DropRecord = {
      t: l.t[i],
      vc: l.vc[i],
      conn: l.conn[i],
      seq: l.seq[i],
      reason: l.reason[i],
      cells: l.cells[i],
      X: l.X[i],
      Xi: l.Xi[i],
      Na: l.Na[i],
      threshold: l.threshold[i],
      extra: l.extra[i],
    };
    // The overflow happened at a full buffer.
    expect(d.X).toBe(scenario.bufferCells);
    expect(d.threshold).toBe(scenario.bufferCells);
    const e = explainDrop(d, scenario, { policy: 'epd', K: scenario.bufferCells });
    expect(e.rule).not.toContain('Plain UBR');
    expect(e.rule).toContain('Early Packet Discard');
  });
});
