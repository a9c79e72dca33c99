// The claims table (src/reproduce): every claim names valid scenarios, a band or a comparison,
// and its source; the committed scorecard covers every claim and explains every verdict that is
// not "within"; the verdict rules on hand-made summaries.
import { describe, expect, it } from 'vitest';
import { CLAIMS } from '../../../src/reproduce/claims';
import {
  claimRuns,
  evaluate,
  leaves,
  plannedRuns,
  quantities,
} from '../../../src/reproduce/evaluate';
import { selectClaims } from '../../../src/reproduce/scorecard';
import type { RunSummary } from '../../../src/reproduce/summary';
import { claimScenario, runKey } from '../../../src/reproduce/summary';
import type { Claim, ClaimResult } from '../../../src/reproduce/types';
import { PAPERS } from '../../../src/reproduce/types';
import { PUBLISHED } from '../../../src/reproduce/published';
import { PRESETS } from '../../../src/sim';
import { LESSONS } from '../../../src/ui/lessons/lessons';
import { MARK, annotate } from '../../../src/reproduce/annotate';

/** The ids a text cites. */
const citedClaims = (text: string): string[] => [...text.matchAll(MARK)].map((m) => m[1]);
import scorecard from '../../../src/reproduce/scorecard.json';

describe('claims table', () => {
  it('has at least 80 claims, at least 8 from each paper, with unique ids', () => {
    expect(CLAIMS.length).toBeGreaterThanOrEqual(80);
    for (const p of PAPERS)
      expect(CLAIMS.filter((c) => c.paper === p).length).toBeGreaterThanOrEqual(8);
    expect(new Set(CLAIMS.map((c) => c.id)).size).toBe(CLAIMS.length);
  });

  it('every claim cites its source and says what it compares', () => {
    for (const c of CLAIMS) {
      expect(c.ref, c.id).toMatch(/\S/);
      expect(c.text.length, c.id).toBeGreaterThan(10);
      expect(c.metric, c.id).toMatch(/\S/);
      expect(c.seeds.length, c.id).toBeGreaterThan(0);
      expect(new Set(c.seeds).size, c.id).toBe(c.seeds.length);
    }
  });

  it('every run names an existing preset and a valid query', () => {
    for (const c of CLAIMS)
      for (const r of claimRuns(c)) {
        expect(r.query, c.id).toMatch(/^preset=[a-z0-9-]+/);
        expect(() => claimScenario(r.query, c.seeds[0]), `${c.id}: ${r.query}`).not.toThrow();
      }
  });

  it('every claim has a band, a bound, an order or a boundary to test', () => {
    for (const c of CLAIMS) {
      switch (c.kind) {
        case 'value':
          expect(c.band, c.id).toBeGreaterThan(0);
          break;
        case 'bound':
          expect(['<', '>'], c.id).toContain(c.op);
          break;
        case 'order':
          expect(c.items.length, c.id).toBeGreaterThanOrEqual(2);
          expect(c.rels.length, c.id).toBe(c.items.length - 1);
          break;
        case 'boundary':
          expect(c.sides[0].label, c.id).not.toBe(c.sides[1].label);
          break;
      }
      expect(quantities(c).flatMap((q) => leaves(q)).length, c.id).toBeGreaterThan(0);
    }
  });

  it('plans each scenario and seed once', () => {
    const runs = plannedRuns(CLAIMS);
    expect(new Set(runs.map((r) => runKey(r.query, r.seed))).size).toBe(runs.length);
  });

  it('folds in the sweep overlays: every published point is a claim or a side of one', () => {
    const ids = new Set(
      CLAIMS.flatMap((c) =>
        c.kind === 'boundary'
          ? c.sides.flatMap((s) => (s.overlays ?? []).map((o) => o.id))
          : [c.id],
      ),
    );
    expect(PUBLISHED.length).toBeGreaterThan(100);
    for (const p of PUBLISHED) expect(ids.has(p.id), p.id).toBe(true);
    expect(new Set(PUBLISHED.map((p) => p.id)).size).toBe(PUBLISHED.length);
  });

  it('preset descriptions and tours cite existing claims, and show the model beside the paper', () => {
    const ids = new Set(CLAIMS.map((c) => c.id));
    const texts = [
      ...PRESETS.map((p) => p.description),
      ...LESSONS.flatMap((l) => [l.title, ...l.steps.map((x) => x.text)]),
    ];
    const cited = texts.flatMap(citedClaims);
    expect(cited.length).toBeGreaterThan(20);
    for (const id of cited) expect(ids.has(id), id).toBe(true);
    const card = {
      claims: [
        {
          id: 's0-fig2-epd-1088',
          paper: 'S0' as const,
          ref: 'Fig. 2',
          kind: 'value' as const,
          metric: 'efficiency',
          published: 0.93,
          band: 0.05,
          model: 0.9517,
          verdict: 'within' as const,
        },
      ],
    };
    expect(annotate('efficiency {{s0-fig2-epd-1088}}.', card)).toBe(
      'efficiency ≈ 0.93 (model 0.952, within).',
    );
    expect(annotate('x {{s0-nope}}', card)).toBe('x (model: not run)');
  });

  it('selects by paper and by id, and names the option of a bad one', () => {
    expect(selectClaims(['S2']).every((c) => c.paper === 'S2')).toBe(true);
    expect(selectClaims([], ['s0-fig2-ubr-1088']).map((c) => c.id)).toEqual(['s0-fig2-ubr-1088']);
    expect(() => selectClaims(['S9'])).toThrow(/^paper: unknown paper "S9"/);
    expect(() => selectClaims([], ['nope'])).toThrow(/^claim: unknown claim "nope"/);
  });
});

describe('committed scorecard', () => {
  const rows = scorecard.claims as ClaimResult[];
  it('holds every claim of the table, in table order', () => {
    expect(rows.map((r) => r.id)).toEqual(CLAIMS.map((c) => c.id));
  });
  it('explains every verdict that is not within', () => {
    for (const r of rows)
      if (r.verdict !== 'within') expect(r.explanation?.length ?? 0, r.id).toBeGreaterThan(30);
  });
  it('has a summary that counts its rows', () => {
    const n = (v: string) => rows.filter((r) => r.verdict === v).length;
    expect(scorecard.summary).toMatchObject({
      claims: rows.length,
      within: n('within'),
      trend: n('trend'),
      miss: n('miss'),
      seedSensitive: rows.filter((r) => r.seedSensitive).length,
    });
  });
});

describe('verdicts', () => {
  const A = { label: 'A', query: 'preset=s0-testbed' };
  const B = { label: 'B', query: 'preset=s0-ppd' };
  const summaries = (a: number, b: number) =>
    new Map<string, RunSummary>([
      [runKey(A.query, 1), { stats: { efficiency: a } as RunSummary['stats'], perVc: [] }],
      [runKey(B.query, 1), { stats: { efficiency: b } as RunSummary['stats'], perVc: [] }],
    ]);
  const base = {
    paper: 'S0' as const,
    ref: 'x',
    text: 'a claim for the test',
    metric: 'efficiency',
    seeds: [1],
  };
  const value: Claim = {
    ...base,
    id: 'v',
    kind: 'value',
    q: { run: A, stat: 'efficiency' },
    published: 0.93,
    band: 0.05,
    versus: [{ label: 'B', q: { run: B, stat: 'efficiency' }, published: 0.87 }],
    explanation: 'because',
  };

  it('value: within at the band edge, trend when only the direction holds, else miss', () => {
    expect(evaluate(value, summaries(0.88, 0.5)).verdict).toBe('within');
    expect(evaluate(value, summaries(0.879, 0.5)).verdict).toBe('trend');
    expect(evaluate(value, summaries(0.879, 0.9)).verdict).toBe('miss');
    const r = evaluate(value, summaries(0.879, 0.9));
    expect(r).toEqual({
      id: 'v',
      paper: 'S0',
      ref: 'x',
      kind: 'value',
      metric: 'efficiency',
      published: 0.93,
      band: 0.05,
      model: 0.879,
      verdict: 'miss',
      explanation: 'because',
      seeds: [1],
      perSeed: [0.879],
      spread: { mean: 0.879, sd: 0, min: 0.879, max: 0.879 },
      seedVerdicts: ['miss'],
      seedSensitive: false,
      explanationHolds: null,
    });
    expect(evaluate(value, summaries(0.9, 0.5)).explanation).toBeNull();
  });

  it('order with slack, and boundary with its trend', () => {
    const order: Claim = {
      ...base,
      id: 'o',
      kind: 'order',
      items: [
        { label: 'B', q: { run: B, stat: 'efficiency' } },
        { label: 'A', q: { run: A, stat: 'efficiency' } },
      ],
      rels: ['<'],
      slack: 0.02,
    };
    expect(evaluate(order, summaries(0.5, 0.51)).verdict).toBe('within');
    expect(evaluate(order, summaries(0.5, 0.53)).verdict).toBe('miss');
    const boundary: Claim = {
      ...base,
      id: 'b',
      kind: 'boundary',
      param: 'bufferCells',
      published: 'between',
      sides: [
        { label: 'A', q: { run: A, stat: 'efficiency' }, op: '>', threshold: 0.1 },
        { label: 'B', q: { run: B, stat: 'efficiency' }, op: '<', threshold: 0.02 },
      ],
    };
    expect(evaluate(boundary, summaries(0.5, 0.01)).verdict).toBe('within');
    expect(evaluate(boundary, summaries(0.5, 0.05)).verdict).toBe('trend');
    expect(evaluate(boundary, summaries(0.05, 0.5)).verdict).toBe('miss');
  });
});
