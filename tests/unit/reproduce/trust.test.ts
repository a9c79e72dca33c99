// Results you can trust: every verdict with its spread over the seeds (more seeds where they
// disagree, seed-sensitive when they still do), explanations whose figures come from the run and
// whose stated comparisons are checked, claims that can fail, and disclosed choices.
import { describe, expect, it } from 'vitest';
import { CLAIMS } from '../../../src/reproduce/claims';
import { evaluate, seedSensitive, spreadOf } from '../../../src/reproduce/evaluate';
import { TOKEN, render } from '../../../src/reproduce/explain';

/** The placeholder names a template uses. */
function placeholders(template: string): string[] {
  return [...template.matchAll(TOKEN)].flatMap((m) => (m[2] ? [m[1], m[2]] : [m[1]]));
}

/** The template without its placeholders (what the numbers test reads). */
const withoutPlaceholders = (template: string): string => template.replace(TOKEN, '');
import { runScorecard } from '../../../src/reproduce/scorecard';
import type { RunRequest, RunSummary } from '../../../src/reproduce/summary';
import { runKey } from '../../../src/reproduce/summary';
import type { Claim, ClaimResult, Spread } from '../../../src/reproduce/types';
import { MAX_SEEDS } from '../../../src/reproduce/types';
import { PRESETS } from '../../../src/sim';
import { CHOICES } from '../../../src/sim/scenario/presets';
import { claimRuns } from '../../../src/reproduce/evaluate';
import { presetCounts, presetSummaryText } from '../../../src/ui/reproduce/scorecardData';
import scorecard from '../../../src/reproduce/scorecard.json';

const rows = scorecard.claims as ClaimResult[];
const BY_ID = new Map(CLAIMS.map((c) => [c.id, c]));

const A = { label: 'A', query: 'preset=s0-testbed' };
const B = { label: 'B', query: 'preset=s0-ppd' };
const base = { paper: 'S0' as const, ref: 'x', text: 'a claim for the test', metric: 'eff' };
/** Summaries with efficiency a(seed) for A and b(seed) for B over seeds 1–10. */
function summaries(a: (s: number) => number, b: (s: number) => number) {
  const m = new Map<string, RunSummary>();
  for (let s = 1; s <= MAX_SEEDS; s++) {
    m.set(runKey(A.query, s), { stats: { efficiency: a(s) } as RunSummary['stats'], perVc: [] });
    m.set(runKey(B.query, s), { stats: { efficiency: b(s) } as RunSummary['stats'], perVc: [] });
  }
  return m;
}

describe('spread over the seeds', () => {
  it('per-seed figures, mean, sample sd and range, and each seed’s verdict', () => {
    const c: Claim = {
      ...base,
      id: 'v',
      seeds: [1, 2, 3],
      kind: 'value',
      q: { run: A, stat: 'efficiency' },
      published: 0.87,
      band: 0.05,
      explanation: 'The model gives {model} (seeds {min}–{max}), {model vs published} {published}.',
    };
    // s0-plain-ubr's case: 0.843, 0.763, 0.744.
    const vals = [0.843, 0.763, 0.744];
    const r = evaluate(
      c,
      summaries(
        (s) => vals[s - 1] ?? 0,
        () => 0,
      ),
    );
    expect(r.perSeed).toEqual(vals);
    expect(r.model).toBe(0.783333);
    const sp = r.spread as Spread;
    expect(sp.mean).toBe(0.783333);
    // Sample sd: sqrt(((0.843−m)² + (0.763−m)² + (0.744−m)²) / 2) = sqrt(0.0055207 / 2).
    expect(sp.sd).toBe(0.0525389);
    expect([sp.min, sp.max]).toEqual([0.744, 0.843]);
    expect(r.seedVerdicts).toEqual(['within', 'miss', 'miss']);
    expect(r.verdict).toBe('miss');
    expect(r.explanation).toBe('The model gives 0.783 (seeds 0.744–0.843), below 0.87.');
  });

  it('runs a claim whose seeds disagree on more seeds, up to 10, and marks it seed-sensitive', async () => {
    const straddles: Claim = {
      ...base,
      id: 'straddles',
      seeds: [1, 2, 3],
      kind: 'bound',
      q: { run: A, stat: 'efficiency' },
      op: '>',
      published: 0.5,
    };
    const steady: Claim = { ...straddles, id: 'steady', q: { run: B, stat: 'efficiency' } };
    const asked: RunRequest[] = [];
    const sums = summaries(
      (s) => (s % 2 ? 0.6 : 0.4),
      () => 0.7,
    );
    const C = { label: 'C', query: 'preset=s0-sim-b2' };
    // Seed 1 is an outlier: the first seeds disagree, but ten seeds settle the verdict.
    for (let s = 1; s <= MAX_SEEDS; s++)
      sums.set(runKey(C.query, s), {
        stats: { efficiency: s === 1 ? 0.4 : 0.9 } as RunSummary['stats'],
        perVc: [],
      });
    const settles: Claim = { ...straddles, id: 'settles', q: { run: C, stat: 'efficiency' } };
    const run = await runScorecard([straddles, steady, settles], {
      lanes: 1,
      exec: async (req) => {
        asked.push(req);
        return sums.get(runKey(req.query, req.seed))!;
      },
    });
    const [r1, r2, r3] = run.results;
    expect(r1.seeds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Mean 0.5, not > 0.5; leaving out one 0.4 gives 0.522: the verdict depends on the seed.
    expect(r1.seedSensitive).toBe(true);
    expect(r1.model).toBe(0.5);
    expect(r2.seeds).toEqual([1, 2, 3]);
    expect(r2.seedSensitive).toBe(false);
    // Mean 0.85 over ten seeds; without any one seed still > 0.5: settled, within.
    expect(r3.seeds.length).toBe(10);
    expect([r3.verdict, r3.seedSensitive]).toEqual(['within', false]);
    // Each scenario and seed ran once: A and C on ten seeds, B on three.
    expect(asked.length).toBe(23);
    expect(run.summary.seedSensitive).toBe(1);
  });

  it('in the committed scorecard: consistent, exact, and extended wherever the seeds disagree', () => {
    for (const r of rows) {
      const c = BY_ID.get(r.id)!;
      expect(r.seeds.length, r.id).toBe(r.perSeed.length);
      expect(r.seedVerdicts.length, r.id).toBe(r.seeds.length);
      expect(r.seeds.slice(0, c.seeds.length), r.id).toEqual(c.seeds);
      const disagree = new Set(r.seedVerdicts).size > 1;
      if (disagree) expect(r.seeds.length, r.id).toBeGreaterThanOrEqual(MAX_SEEDS);
      else expect(r.seeds, r.id).toEqual(c.seeds);
      expect(r.seedSensitive, r.id).toBe(disagree && seedSensitive(c, r.perSeed));
      if (Array.isArray(r.model)) {
        const sp = r.spread as Spread[];
        expect(sp.length, r.id).toBe(r.model.length);
        sp.forEach((s, i) =>
          expect(s, r.id).toEqual(spreadOf(r.perSeed.map((p) => (p as number[])[i]))),
        );
      } else {
        expect(r.spread, r.id).toEqual(spreadOf(r.perSeed as number[]));
        // A single run's figure: the model's figure is the mean of the seeds' figures.
        if (c.kind === 'value' && 'run' in c.q)
          // (equal up to the 6 significant digits both are rounded to)
          expect(Math.abs((r.spread as Spread).mean - r.model), r.id).toBeLessThan(
            2e-5 * Math.max(1, Math.abs(r.model)),
          );
      }
    }
  });
});

describe('explanations that stay true', () => {
  /** The placeholder names a claim's explanation may use. */
  function names(c: Claim): Set<string> {
    const n = new Set(Object.keys(c.figures ?? {}));
    if (c.kind === 'value' || c.kind === 'bound')
      for (const k of ['model', 'published', 'min', 'max', 'sd']) n.add(k);
    if (c.kind === 'order') c.items.forEach((_, i) => n.add(`item${i + 1}`));
    if (c.kind === 'boundary') c.sides.forEach((_, i) => n.add(`side${i + 1}`));
    (c.alternatives ?? []).forEach((_, i) => n.add(`alt${i + 1}`));
    return n;
  }
  const paperText = new Map<string, string>();
  for (const c of CLAIMS)
    paperText.set(
      c.paper,
      `${paperText.get(c.paper) ?? ''} ${c.text} ${c.note ?? ''} ${c.ref} ${c.metric} ${c.runNote ?? ''}`,
    );
  /** What a number in an explanation may come from: the paper's own figures (any claim's
   * text or note), the claim's scenarios and their presets, and `key=value` settings. */
  function context(c: Claim): string {
    const presets = claimRuns(c).flatMap((r) => {
      const name = /^preset=([^&]+)/.exec(r.query)?.[1];
      const p = PRESETS.find((x) => x.name === name);
      return p ? [p.description, JSON.stringify(p.params)] : [];
    });
    return [
      paperText.get(c.paper),
      'published' in c ? c.published : '',
      'band' in c ? c.band : '',
      ...claimRuns(c).flatMap((r) => [r.label, r.query]),
      ...presets,
    ].join(' ');
  }
  const NUM = /\d[\d,]*(?:\.\d+)?/g;

  it('use only placeholders the claim defines, and quote no model figure as a literal', () => {
    const bad: string[] = [];
    for (const c of CLAIMS) {
      if (!c.explanation) continue;
      const known = names(c);
      for (const p of placeholders(c.explanation))
        if (!known.has(p)) bad.push(`${c.id}: unknown placeholder {${p}}`);
      const ctx = context(c).replace(/,/g, '');
      // Settings (key=value) and citations (Fig. 8, Table 2, §4.1, ref. 24) are not figures.
      const text = withoutPlaceholders(c.explanation)
        .replace(/\b[a-zA-Z]+=[^\s,;)]+/g, '')
        .replace(/\b(?:Figs?|Table|refs?)\.?\s+\d+(?:\([a-z]\))?/g, '')
        .replace(/§\d+(?:\.\d+)*/g, '');
      for (const m of text.matchAll(NUM)) {
        const n = m[0].replace(/,/g, '').replace(/\.$/, '');
        if (!new RegExp(`(^|[^\\d.])${n.replace('.', '\\.')}(?![\\d])`).test(ctx))
          bad.push(
            `${c.id}: "${m[0]}" is neither a placeholder nor a figure of the paper or the scenario`,
          );
      }
    }
    expect(bad).toEqual([]);
  });

  it('render figures and comparisons from the values', () => {
    const v = new Map([
      ['model', 0.8861],
      ['published', 0.94],
    ]);
    expect(render('gives {model}, {model vs published} {published}', v)).toBe(
      'gives 0.886, below 0.94',
    );
    expect(() => render('{nope}', v)).toThrow(/no figure "nope"/);
  });

  it('in the committed scorecard: filled in, and every stated comparison holds', () => {
    for (const r of rows) {
      if (r.verdict === 'within') continue;
      expect(r.explanation ?? '', r.id).not.toMatch(/\{[A-Za-z]/);
      expect(r.explanationHolds, r.id).not.toBe(false);
    }
  });

  it('no counterfactual is quoted without a key to run it (the 50 ms reassembly timer)', () => {
    for (const c of CLAIMS)
      expect(c.explanation ?? '', c.id).not.toMatch(/\bwas tried\b|\btried and gives\b/);
  });
});

describe('claims that can fail', () => {
  it('an order of identical figures fails; so does a value or bound equal in every compared run', () => {
    const order: Claim = {
      ...base,
      id: 'o',
      seeds: [1],
      kind: 'order',
      items: [
        { label: 'A', q: { run: A, stat: 'efficiency' } },
        { label: 'B', q: { run: B, stat: 'efficiency' } },
      ],
      rels: ['<'],
      slack: 0.05,
    };
    expect(
      evaluate(
        order,
        summaries(
          () => 0,
          () => 0,
        ),
      ).verdict,
    ).toBe('miss');
    expect(
      evaluate(
        order,
        summaries(
          () => 0,
          () => 0.01,
        ),
      ).verdict,
    ).toBe('within');
    // s4-fig5-empty-buffer-eubr: published 1 ± 2, the model 0 under every policy.
    const count: Claim = {
      ...base,
      id: 'c',
      seeds: [1],
      kind: 'value',
      q: { run: A, stat: 'efficiency' },
      published: 1,
      band: 2,
      versus: [{ label: 'B', q: { run: B, stat: 'efficiency' }, rel: '<' }],
    };
    expect(
      evaluate(
        count,
        summaries(
          () => 0,
          () => 0,
        ),
      ).verdict,
    ).toBe('miss');
    expect(
      evaluate(
        count,
        summaries(
          () => 0,
          () => 3,
        ),
      ).verdict,
    ).toBe('within');
  });

  it('DFBA’s per-VC claims test the excess over the MCR, with a band narrower than the largest excess', () => {
    const dfba = CLAIMS.filter((c) => /^s1-dfba-[\d-k]+-vc\d$/.test(c.id));
    expect(dfba.length).toBe(25);
    for (const c of dfba) {
      if (c.kind !== 'value' || !('field' in c.q)) throw new Error(c.id);
      expect(c.q.field, c.id).toBe('excessMbps');
      const table = dfba.filter((d) => d.id.slice(0, -4) === c.id.slice(0, -4));
      const excesses = table.map((d) => (d.kind === 'value' ? d.published : 0));
      expect(c.band, c.id).toBeLessThan(Math.max(...excesses));
    }
    const vc5 = BY_ID.get('s1-dfba-50-85-vc5')!;
    // 38.72 − 38.4 = 0.32 Mbit/s of excess; band 5% of the table's total excess (11.67).
    expect(vc5).toMatchObject({ published: 0.32, band: 0.58 });
  });
});

describe('the panel’s one-line summary', () => {
  it('counts a preset’s claims by verdict from the committed scorecard', () => {
    const k = presetCounts('s0-plain-ubr');
    expect(k.claims).toBeGreaterThan(0);
    expect(k.within + k.trend + k.miss).toBe(k.claims);
    const parts = [`${k.claims} claim${k.claims === 1 ? '' : 's'}`];
    for (const v of ['within', 'trend', 'miss'] as const) if (k[v]) parts.push(`${k[v]} ${v}`);
    if (k.seedSensitive) parts.push(`${k.seedSensitive} seed-sensitive`);
    expect(presetSummaryText('s0-plain-ubr')).toBe(`Paper vs model: ${parts.join(' · ')}`);
  });
});

describe('disclosed choices', () => {
  it('every preset that makes a choice no source fixes says so, in the same words', () => {
    for (const p of PRESETS) {
      const d = p.description;
      if (p.name.startsWith('s1-') && p.params.rtoMinMs === 0 && p.params.rtoInitialMs === 1000)
        expect(d, p.name).toContain(CHOICES.s1Rto);
      if (p.name.startsWith('s1-') && p.params.arrivalOrder === 'random')
        expect(d, p.name).toContain(CHOICES.s1Tie);
      if (p.name.startsWith('s1-') && p.params.duration === 15)
        expect(d, p.name).toContain(CHOICES.s1RunLength);
      if (p.name.startsWith('s3-')) {
        expect(p.params.arrivalOrder, p.name).toBe('random');
        expect(d, p.name).toContain(CHOICES.s3Tie);
      }
      if (p.name.startsWith('s4-')) expect(d, p.name).toContain(CHOICES.s4Mtu);
    }
    // The S1 table presets (LAN and WAN) run 15 s, the midpoint of S1's study's 10–20 s.
    for (const n of ['s1-lan-tail-drop', 's1-wan-fba', 's1-lan-two-switch-tail-drop'])
      expect(PRESETS.find((p) => p.name === n)!.params.duration, n).toBe(15);
  });
});
