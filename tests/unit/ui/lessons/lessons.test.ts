// Every lesson's scenario makes its point: the model run in Node to each step's pause shows
// the moment the step names at the time it pauses, and the figures the lesson's words quote.
import { storeFromSim } from '../../../helpers/storeFromSim';
import type { RunStore } from '../../../../src/ui/data/runStore';
import { describe, expect, it } from 'vitest';
import { applyOverrides, parseScenario, toQuery } from '../../../../src/sim';
import { ALL_LESSONS, lessonById, lessonForStory } from '../../../../src/ui/lessons/catalog';
import type { Metrics } from '../../../../src/sim';
import type { Lesson, LessonContext, MomentSpec } from '../../../../src/ui/lessons/types';
import { sumUntil } from '../../../../src/ui/lessons/readings';
import { momentTime } from '../../../helpers/moments';
import {
  ProgressStore,
  STORAGE_KEY,
  commitPrediction,
  judge,
  markSeen,
  revealPrediction,
  summary,
} from '../../../../src/ui/lessons/progress';
import { playLeg, stepQuery, targetTime } from '../../../../src/ui/lessons/useLesson';
import { longOverLocal } from '../../../../src/ui/lessons/data/shared';
import { SteppedRun, runMetrics } from '../../../helpers/lessonRun';

interface Pause {
  t: number;
  metrics: Metrics | null;
  /** The step's moment in the run so far (null: none named, or not found). */
  moment: number | null;
  figures: (number | null)[];
  answer: string | number | null;
  /** A prediction of 0 judged against the run (null: the answer is not known at the pause). */
  judged: unknown;
  /** The latest drop at the pause (the one the buffer view names). */
  latest: ReturnType<RunStore['latestDrop']>;
  /** The step's context, read now (tables keep growing after the pause). */
  read<T>(f: (c: LessonContext) => T): T;
}

/** Plays a lesson step by step as the driver does; what the card shows at each pause. */
const played = new Map<string, Pause[]>();
function playLesson(lesson: Lesson): Pause[] {
  const cached = played.get(lesson.id);
  if (cached) return cached;
  const out: Pause[] = [];
  let query = '';
  let run: SteppedRun | null = null;
  lesson.steps.forEach((step) => {
    // The run the app shows: the step's scenario, its loss probe on the step's port.
    const q = `${step.scenario ?? lesson.scenario}|${step.port ?? ''}`;
    if (q !== query || !run) {
      query = q;
      run = new SteppedRun(step.scenario ?? lesson.scenario, step.port);
    }
    if (step.run) run.advance(step.run.until);
    const ctx: LessonContext = { store: run.store, metrics: run.store.metrics };
    const m = step.run?.moment;
    out.push({
      t: run.store.t,
      metrics: run.store.metrics,
      moment: m && m.kind !== 'end' ? momentTime(run.store, m) : null,
      figures: (step.figures ?? []).map((f) => f.read(ctx)),
      answer: step.predict ? step.predict.answer(ctx) : null,
      judged: step.predict ? judge(step.predict, 0, ctx) : undefined,
      latest: run.store.latestDrop(),
      read: (f) => f(ctx),
    });
  });
  played.set(lesson.id, out);
  return out;
}

/** B of a compare step: the step's scenario with B's overrides, to its end. */
function bMetrics(lesson: Lesson, stepIndex: number) {
  const step = lesson.steps[stepIndex];
  const { scenario } = parseScenario(step.scenario ?? lesson.scenario);
  const pairs = step.compare!.b.split('&').map((p) => p.split('=') as [string, string]);
  const r = applyOverrides(scenario, pairs);
  expect(r.errors).toEqual([]);
  return runMetrics(toQuery(r.scenario));
}

const lesson = (id: string) => {
  const l = lessonById(id);
  if (!l) throw new Error(id);
  return l;
};

describe('every lesson', () => {
  it('has valid scenarios, readable speeds, and pauses just after the moment it names', () => {
    expect(ALL_LESSONS.map((l) => l.id)).toEqual([
      'cells',
      'ubr-collapse',
      'epd-fairness',
      'deadlock',
      'gfr-tagging',
      'eubr-recovery',
      'parking-lot',
    ]);
    for (const l of ALL_LESSONS) {
      expect(l.source).not.toMatch(/\/|domain\.md|seeds/);
      expect(parseScenario(l.scenario).errors, l.id).toEqual([]);
      const pauses = playLesson(l);
      l.steps.forEach((s, i) => {
        if (s.predict) expect(pauses[i].judged, `${l.id} ${s.predict.id}`).not.toBeNull();
        if (s.scenario) expect(parseScenario(s.scenario).errors).toEqual([]);
        if (!s.run) return;
        expect(Number.isFinite(s.run.speed) && s.run.speed > 0, `${l.id} ${i}`).toBe(true);
        expect(s.run.speed).toBeLessThanOrEqual(2);
        const p = pauses[i];
        expect(p.t).toBeCloseTo(s.run.until, 9);
        if (s.run.moment && s.run.moment.kind !== 'end') {
          expect(p.moment, `${l.id} step ${i + 1}: ${s.run.moment.kind}`).not.toBeNull();
          // The pause comes at the moment: within 2 ms of it (or 2% of the time).
          const within = s.run.within ?? Math.max(0.002, 0.02 * s.run.until);
          expect(s.run.until - p.moment!).toBeGreaterThanOrEqual(0);
          expect(s.run.until - p.moment!).toBeLessThan(within);
        }
        // Every figure the card shows has a value at the pause.
        p.figures.forEach((v, k) => expect(v, `${l.id} ${s.figures![k].label}`).not.toBeNull());
      });
    }
  });
});

/** The connection a step's moment concerns (its first row in the probe table), or null. */
function momentConn(c: LessonContext, m: MomentSpec): number | null {
  const t = momentTime(c.store, m);
  if (t === null) return null;
  const s = c.store;
  const vcOfConn = s.info!.vcOfConn;
  const at = (tab: 'loss' | 'tcpEvents' | 'dead') => s.column(tab, 't').indexOf(t);
  if (m.kind === 'first-drop') return s.column('loss', 'conn')[at('loss')];
  if (m.kind === 'first-timeout') return s.column('tcpEvents', 'conn')[at('tcpEvents')];
  if (m.kind === 'first-dead') return vcOfConn.indexOf(s.column('dead', 'vc')[at('dead')]);
  return null;
}

describe('the right thing on screen, long enough to see', () => {
  it('a step about a connection’s moment shows that connection in the time-sequence view', () => {
    let named = 0;
    for (const l of ALL_LESSONS) {
      const pauses = playLesson(l);
      l.steps.forEach((s, i) => {
        const m = s.run?.moment;
        if (!m || m.kind === 'end' || m.kind === 'first-stall') return;
        const conn = pauses[i].read((c) => momentConn(c, m));
        expect(conn, `${l.id} step ${i + 1}`).not.toBeNull();
        expect(s.conn, `${l.id} step ${i + 1}: the moment's connection`).toBe(conn);
        named++;
      });
    }
    // cells 1–2, ubr-collapse 1, deadlock 1, gfr 1, eubr 1, parking lot 1.
    expect(named).toBe(7);
  });

  it('each moment plays for at least 2.5 s of wall time before the pause', () => {
    for (const l of ALL_LESSONS)
      l.steps.forEach((s, i) => {
        const r = s.run;
        if (!r?.moment || r.moment.kind === 'end') return;
        // From the pause before it on the same run (or t = 0).
        const prev =
          i > 0 && stepQuery(l, i - 1) === stepQuery(l, i) ? targetTime(l, i - 1, true) : undefined;
        let t = prev?.until ?? 0;
        let wall = 0;
        while (t < r.until - 1e-9) {
          const leg = playLeg(r, t);
          wall += (leg.until - t) / leg.speed;
          t = leg.until;
        }
        expect(wall, `${l.id} step ${i + 1}`).toBeGreaterThanOrEqual(2.5);
      });
    // The deadlock's flat stretch: the last 0.31 s before its timeout at 1/10×.
    const d = lesson('deadlock').steps[0].run!;
    expect(playLeg(d, 0)).toEqual({ speed: 1, until: 1 });
    expect(playLeg(d, 1)).toEqual({ speed: 0.1, until: 1.31 });
  });
});

describe('lesson figures (S0: Jaussi, Lorang & Nelissen §2.2 and §4.1, Fig. 2)', () => {
  it('cells: the buffer is full at the first overflow and the damaged frames cross as dead cells', () => {
    const l = lesson('cells');
    const p = playLesson(l);
    // The first overflow: 3 cells of VC 1 at 0.030968 s, then 5 more at 0.030979 s. At the
    // pause (0.031 s) the buffer view shows X = 724 of 725 and names the latest drop: 5 cells.
    expect(p[0].moment).toBeCloseTo(0.030968, 6);
    expect(p[0].figures).toEqual([724, 5]);
    expect(p[0].latest).toMatchObject({ vc: 1, cells: 5 });
    // By 0.0395 s the first damaged frame's other cells crossed the link as dead cells, all
    // of them VC 1's (so the loss legend's count is VC 1's).
    expect(p[1].figures[0]).toBe(111);
    expect(p[1].read((c) => sumUntil(c.store, 'dead', 'cells', 0.0395, 1))).toBe(111);
    expect(p[1].answer).toBe('dead');
    // PPD (B) has fewer dead cells than plain UBR over the same 20 s.
    const a = runMetrics(l.scenario);
    expect(bMetrics(l, 2).deadCellRatio).toBeLessThan(a.deadCellRatio);
  });

  it('ubr-collapse: plain UBR < 0.6 efficiency, PPD in between, EPD > 0.9', () => {
    const l = lesson('ubr-collapse');
    const p = playLesson(l);
    const ubr = p[1].metrics!;
    expect(ubr.efficiency).toBeLessThan(0.6);
    expect(ubr.idleCellRatio).toBeGreaterThan(0.3);
    const epd = bMetrics(l, 2);
    const ppd = bMetrics(l, 3);
    expect(epd.efficiency).toBeGreaterThan(0.9);
    expect(ppd.efficiency).toBeGreaterThan(ubr.efficiency);
    expect(ppd.efficiency).toBeLessThan(epd.efficiency);
    // The first timeout comes at 0.26 s.
    expect(p[0].moment).toBeCloseTo(0.2606, 4);
  });
});

describe('lesson figures (S1: Jain & Goyal, "Drop Policies: Results")', () => {
  it('epd-fairness: EPD unfair (< 0.65) to the far connections, FBA fair (> 0.95) and more efficient', () => {
    const l = lesson('epd-fairness');
    const epd = playLesson(l)[1].metrics!;
    expect(epd.fairness).toBeLessThan(0.65);
    const g = epd.perConnection.map((c) => c.goodputMbps);
    expect(Math.max(g[2], g[3])).toBeLessThan(Math.min(g[0], g[1]) / 5);
    const fba = bMetrics(l, 2);
    expect(fba.fairness).toBeGreaterThan(0.95);
    expect(fba.efficiency).toBeGreaterThan(epd.efficiency);
    expect(bMetrics(l, 3).fairness).toBeGreaterThan(epd.fairness);
  });

  it('parking-lot: the long VCs get under 0.6 of the local goodput; FBA brings them above 0.85', () => {
    const l = lesson('parking-lot');
    const p = playLesson(l);
    const ratio = longOverLocal(p[1].metrics!.perConnection.map((c) => c.goodputMbps));
    expect(p[1].answer).toBeCloseTo(ratio, 12);
    // The first drop at the congested port (sw2 to sw3), the one the buffer views follow.
    expect(p[0].moment).toBeCloseTo(0.08075, 5);
    // Long VC 3 loses first, local VC 1 2 µs later: at the pause the buffer view (sw2's port,
    // 1087 of 1088 cells) names VC 1's drop of 32 cells, as the card does.
    expect(p[0].read((c) => c.store.tables.loss.cols.vc[0])).toBe(3);
    expect(p[0].latest).toMatchObject({ vc: 1, cells: 32 });
    expect(p[0].figures).toEqual([1087, 32]);
    expect(l.steps.every((s) => s.port === 'sw2-sw3')).toBe(true);
    // The bottleneck the views would show otherwise (sw3's port to the receivers) has lost
    // nothing by then: its loss table is empty.
    expect(new SteppedRun(l.scenario).advance(0.081).tables.loss.rows).toBe(0);
    expect(ratio).toBeLessThan(0.6);
    const fba = bMetrics(l, 2);
    expect(longOverLocal(fba.perConnection.map((c) => c.goodputMbps))).toBeGreaterThan(0.85);
  });
});

describe('a card’s latest drop is the buffer view’s, however the run was played', () => {
  it('every "Latest drop" figure names the VC and cells of the run’s latest loss event at the pause, for any batch size', () => {
    let checked = 0;
    for (const l of ALL_LESSONS) {
      l.steps.forEach((s, i) => {
        const k = (s.figures ?? []).findIndex((f) => f.label.startsWith('Latest drop'));
        if (k < 0 || !s.run) return;
        // The app's batches depend on the speed and the machine: a lesson played slowly on a
        // phone cuts the run finer than a seek through the link does.
        const seen = [20, 1.7, 0.05].map((sliceMs) => {
          const run = new SteppedRun(s.scenario ?? l.scenario, s.port);
          for (let j = 0; j <= i; j++) {
            const u = l.steps[j].run?.until;
            if (
              u !== undefined &&
              (l.steps[j].scenario ?? l.scenario) === (s.scenario ?? l.scenario)
            )
              run.advance(u, sliceMs);
          }
          const ctx: LessonContext = { store: run.store, metrics: run.store.metrics };
          return { latest: run.store.latestDrop(), figure: s.figures![k].read(ctx) };
        });
        expect(seen[1], `${l.id} step ${i + 1}`).toEqual(seen[0]);
        expect(seen[2], `${l.id} step ${i + 1}`).toEqual(seen[0]);
        expect(seen[0].figure).toBe(seen[0].latest!.cells);
        expect(s.figures![k].label, `${l.id} step ${i + 1}`).toBe(
          `Latest drop, VC ${seen[0].latest!.vc}`,
        );
        checked++;
      });
    }
    expect(checked).toBe(3);
  });
});

describe('lesson figures (S2: Nakanishi et al. §2.3, §4)', () => {
  it('deadlock: under 2% with stalls rescued by timeouts; EPD recovers; stop-and-go stalls by delayed ACK', () => {
    const l = lesson('deadlock');
    const p = playLesson(l);
    expect(p[0].moment).toBeCloseTo(1.3096, 4);
    expect(p[1].metrics!.efficiency).toBeLessThan(0.02);
    expect(p[1].metrics!.deadlockSecondsWorst).toBeGreaterThan(5);
    expect(
      p[1].read((c) => momentTime(c.store, { kind: 'first-stall', stallKind: 1 })),
    ).not.toBeNull();
    expect(bMetrics(l, 2).efficiency).toBeGreaterThan(0.8);
    expect(p[3].read((c) => momentTime(c.store, { kind: 'first-stall', stallKind: 1 }))).toBeNull();
    expect(p[3].moment).toBeCloseTo(0.4817, 4);
  });
});

describe('lesson figures (S3, S4)', () => {
  it('gfr-tagging: no untagged cell lost under two thresholds; plain UBR loses untagged cells', () => {
    const l = lesson('gfr-tagging');
    const p = playLesson(l);
    // (0.006128 s since S3's presets serve same-slot cells in random order, as YATS does.)
    expect(p[0].moment).toBeCloseTo(0.006128, 6);
    // The pause comes before the next refusal: the buffer view names VC 7's, as the card does.
    expect(p[0].latest).toMatchObject({ vc: 7, cells: 1 });
    expect(p[0].figures).toEqual([1214, 1]);
    // The card names the VC of that first refusal: the loss probe's first row.
    const loss = storeFromSim(`${l.scenario}&duration=0.0063`, 1).tables.loss;
    expect(l.steps[0].text).toContain(`(VC ${loss.cols.vc[0]})`);
    const m = p[1].metrics!;
    expect(p[1].answer).toBe('none');
    expect(m.clrClp0).toBe(0);
    expect(m.clrClp1).toBeGreaterThan(0.005);
    expect(bMetrics(l, 2).clrClp0).toBeGreaterThan(0.001);
  });

  it('eubr-recovery: UBR+ times out > 80 times in 20 s, EUBR+ under 10, at the same efficiency', () => {
    const l = lesson('eubr-recovery');
    const p = playLesson(l);
    expect(p[0].moment).toBeCloseTo(0.3306, 4);
    expect(p[1].metrics!.timeouts).toBeGreaterThan(80);
    expect(p[2].metrics!.timeouts).toBeLessThan(10);
    expect(p[2].metrics!.efficiency).toBeGreaterThan(0.95);
    expect(p[2].answer).toBe('few');
  });
});

describe('old tour links', () => {
  it('map the presets of the old tours to lessons', () => {
    expect(lessonForStory('s0-plain-ubr')?.id).toBe('ubr-collapse');
    expect(lessonForStory('s2-deadlock')?.id).toBe('deadlock');
    expect(lessonForStory('s1-integer-cwnd')).toBeUndefined();
    expect(lessonForStory(null)).toBeUndefined();
  });
});

describe('steps and predictions', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      raw: m,
    };
  };

  it('a step with a prediction waits at the previous moment until one is committed', () => {
    const l = lesson('ubr-collapse');
    expect(targetTime(l, 0, false)?.until).toBe(0.261);
    expect(targetTime(l, 1, false)?.until).toBe(0.261);
    expect(targetTime(l, 1, true)?.until).toBe(20);
    // A step on another scenario does not inherit a pause from the one before.
    const e = lesson('eubr-recovery');
    expect(targetTime(e, 2, false)).toBeUndefined();
    expect(targetTime(e, 2, true)?.until).toBe(20);
    expect(targetTime(e, 3, false)?.until).toBe(20);
    expect(stepQuery(e, 2)).toContain('policy=eubr');
    expect(stepQuery(e, 1)).toContain('policy=sd');
  });

  it('judges a marker within its tolerance and an option by its id', () => {
    const l = lesson('ubr-collapse');
    const p = l.steps[1].predict!;
    const ctx = playLesson(l)[1];
    const eff = ctx.metrics!.efficiency;
    expect(ctx.read((c) => judge(p, eff + 0.09, c))).toEqual({ answer: eff, right: true });
    expect(ctx.read((c) => judge(p, eff + 0.11, c))?.right).toBe(false);
    const c = lesson('cells');
    const q = c.steps[1].predict!;
    const at = playLesson(c)[1];
    expect(at.read((x) => judge(q, 'dead', x))).toEqual({ answer: 'dead', right: true });
    expect(at.read((x) => judge(q, 'used', x))).toEqual({ answer: 'dead', right: false });
  });

  it('keeps predictions and steps seen in the browser store, and survives a bad one', () => {
    const s = memory();
    const store = new ProgressStore(s);
    const l = lesson('ubr-collapse');
    store.update((p) => markSeen(p, l.id, 0));
    store.update((p) => markSeen(p, l.id, 0));
    store.update((p) => commitPrediction(p, l.id, 'ubr-efficiency', 0.8));
    store.update((p) => revealPrediction(p, l.id, 'ubr-efficiency', 0.56, false));
    expect(summary(l, store.get())).toEqual({ steps: 1, predictions: 1, totalPredictions: 1 });
    const again = new ProgressStore(s);
    expect(again.get()[l.id].predictions['ubr-efficiency']).toEqual({
      value: 0.8,
      answer: 0.56,
      right: false,
    });
    s.raw.set(STORAGE_KEY, '{not json');
    expect(new ProgressStore(s).get()).toEqual({});
    s.raw.set(STORAGE_KEY, '[1,2]');
    expect(new ProgressStore(s).get()).toEqual({});
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    const b = new ProgressStore(broken);
    b.update((p) => markSeen(p, l.id, 2));
    expect(summary(l, b.get()).steps).toBe(1);
  });
});

describe('lesson speeds', () => {
  it('are speeds the playback bar offers, never Max', async () => {
    const { SPEEDS } = await import('../../../../src/ui/app/Playback');
    const offered = new Set(SPEEDS.map((s) => s.value).filter(Number.isFinite));
    for (const l of ALL_LESSONS)
      for (const s of l.steps) if (s.run) expect(offered.has(s.run.speed), `${l.id}`).toBe(true);
  });
});
