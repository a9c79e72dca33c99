/**
 * Evaluates claims against run summaries: the runs a set of claims needs (each scenario and
 * seed once, whichever claims share it), the model's figure of each quantity, and the verdict.
 * Pure TypeScript, shared by the CLI and the app, so both give the same scorecard.
 */
import type { RunRequest, RunSummary } from './summary';
import { runKey } from './summary';
import { checkHolds, render } from './explain';
import type {
  Claim,
  ClaimResult,
  ExtraStat,
  Quantity,
  Rel,
  Run,
  ScorecardSummary,
  Spread,
  Verdict,
  Versus,
} from './types';
import { EXTRA_STATS, MAX_SEEDS } from './types';

const EXTRA: ReadonlySet<string> = new Set(EXTRA_STATS);

/** Every (run, stat) a quantity reads. */
export function leaves(q: Quantity, out: Extract<Quantity, { run: Run }>[] = []) {
  if ('value' in q) return out;
  if ('run' in q) out.push(q);
  else if ('of' in q) for (const x of q.of) leaves(x, out);
  else {
    leaves(q.a, out);
    leaves(q.b, out);
  }
  return out;
}

/** Every quantity of a claim. */
export function quantities(c: Claim): Quantity[] {
  switch (c.kind) {
    case 'value':
    case 'bound':
      return [c.q, ...(c.versus ?? []).map((v) => v.q)];
    case 'order':
      return c.items.map((i) => i.q);
    case 'boundary':
      return c.sides.map((s) => s.q);
  }
}

/** Every run of a claim (deduplicated by query). */
export function claimRuns(c: Claim): Run[] {
  const seen = new Map<string, Run>();
  for (const q of quantities(c)) for (const l of leaves(q)) seen.set(l.run.query, l.run);
  return [...seen.values()];
}

/** The runs a set of claims needs, each scenario and seed once, with the union of the figures
 * its claims read; in a stable order (first use). */
export function plannedRuns(
  claims: readonly Claim[],
  seedsOf: (c: Claim) => readonly number[] = (c) => c.seeds,
): RunRequest[] {
  const byKey = new Map<string, RunRequest>();
  for (const c of claims)
    for (const [q, seeds] of [
      ...[...quantities(c), ...Object.values(c.figures ?? {})].map((x) => [x, seedsOf(c)] as const),
      ...(c.alternatives ?? []).map((a) => [a.q, c.seeds] as const),
    ])
      for (const l of leaves(q))
        for (const seed of seeds) {
          const key = runKey(l.run.query, seed);
          let r = byKey.get(key);
          if (!r) {
            r = { query: l.run.query, seed, needs: [], vcQueue: false };
            byKey.set(key, r);
          }
          if ('stat' in l && EXTRA.has(l.stat) && !r.needs.includes(l.stat as ExtraStat))
            r.needs.push(l.stat as ExtraStat);
          if ('field' in l && l.field === 'meanQueueCells') r.vcQueue = true;
        }
  for (const r of byKey.values()) r.needs.sort();
  return [...byKey.values()];
}

export type Summaries = ReadonlyMap<string, RunSummary>;

/** The model's figure of a quantity: each leaf is averaged over the claim's seeds. */
export function valueOf(q: Quantity, seeds: readonly number[], runs: Summaries): number {
  if ('value' in q) return q.value;
  if ('run' in q) {
    let s = 0;
    for (const seed of seeds) {
      const r = runs.get(runKey(q.run.query, seed));
      if (!r) throw new Error(`no result for ${runKey(q.run.query, seed)}`);
      if ('stat' in q) s += r.stats[q.stat];
      else {
        const vc = r.perVc[q.vc];
        if (!vc) throw new Error(`${q.run.query}: no VC ${q.vc}`);
        s += vc[q.field];
      }
    }
    return s / seeds.length;
  }
  if ('of' in q) {
    const xs = q.of.map((x) => valueOf(x, seeds, runs));
    switch (q.op) {
      case 'min':
        return Math.min(...xs);
      case 'max':
        return Math.max(...xs);
      case 'mean':
        return xs.reduce((a, b) => a + b, 0) / xs.length;
      case 'spread':
        return Math.max(...xs) - Math.min(...xs);
    }
  }
  const a = valueOf(q.a, seeds, runs);
  const b = valueOf(q.b, seeds, runs);
  return q.op === 'diff' ? a - b : b !== 0 ? a / b : a === 0 ? 1 : Infinity;
}

const holds = (x: number, rel: Rel, y: number, slack = 0) =>
  rel === '<' ? x < y + slack : x > y - slack;

/** Does the model sit on the published side of every comparison? (false without any) */
function directionHolds(
  model: number,
  published: number,
  versus: readonly Versus[] | undefined,
  seeds: readonly number[],
  runs: Summaries,
): boolean {
  if (!versus || versus.length === 0) return false;
  return versus.every((v) => {
    const other = valueOf(v.q, seeds, runs);
    const want =
      v.rel !== undefined ? (v.rel === '>' ? 1 : -1) : Math.sign(published - v.published);
    return want !== 0 && Math.sign(model - other) === want;
  });
}

/** Six significant digits: the scorecard's precision (verdicts use the exact values). */
export const round = (x: number): number =>
  Number.isFinite(x) ? Number(x.toPrecision(6)) : x > 0 ? 1e308 : -1e308;

interface Core {
  verdict: Verdict;
  published: number | string;
  band: number | null;
  model: number | number[];
}

/** Are all the figures the same? (A comparison between them cannot be passed.) */
const allEqual = (xs: readonly number[]) => xs.every((x) => Math.abs(x - xs[0]) <= 1e-12);

/** The model's figures and the verdict of a claim over the given seeds. A claim that compares
 * runs (an order, or a value or bound with comparison runs) cannot pass when the model gives
 * the same figure in every run it compares: it then tells the runs apart in no way. */
function core(c: Claim, seeds: readonly number[], runs: Summaries): Core {
  switch (c.kind) {
    case 'value':
    case 'bound': {
      const m = valueOf(c.q, seeds, runs);
      const others = (c.versus ?? []).map((v) => valueOf(v.q, seeds, runs));
      const degenerate = others.length > 0 && allEqual([m, ...others]);
      const pass =
        c.kind === 'value'
          ? Math.abs(m - c.published) <= c.band + 1e-12
          : holds(m, c.op, c.published);
      const verdict: Verdict =
        pass && !degenerate
          ? 'within'
          : directionHolds(m, c.published, c.versus, seeds, runs)
            ? 'trend'
            : 'miss';
      return {
        verdict,
        published: c.kind === 'value' ? c.published : `${c.op} ${c.published}`,
        band: c.kind === 'value' ? c.band : null,
        model: m,
      };
    }
    case 'order': {
      const ms = c.items.map((i) => valueOf(i.q, seeds, runs));
      const ok =
        !allEqual(ms) && c.rels.every((rel, i) => holds(ms[i], rel, ms[i + 1], c.slack ?? 0));
      return {
        verdict: ok ? 'within' : 'miss',
        published: orderText(c),
        band: c.slack ?? null,
        model: ms,
      };
    }
    case 'boundary': {
      const ms = c.sides.map((s) => valueOf(s.q, seeds, runs));
      const [lo, hi] = c.sides;
      const ok = holds(ms[0], lo.op, lo.threshold) && holds(ms[1], hi.op, hi.threshold);
      // The quantity moves across the boundary the way the paper's behaviour flips.
      const moves = lo.op === '>' ? ms[0] > ms[1] : ms[0] < ms[1];
      return {
        verdict: ok ? 'within' : moves ? 'trend' : 'miss',
        published: `${c.param}: ${c.published} (${lo.label} ${lo.op} ${lo.threshold}; ${hi.label} ${hi.op} ${hi.threshold})`,
        band: null,
        model: ms,
      };
    }
  }
}

const roundAll = (m: number | number[]) => (Array.isArray(m) ? m.map(round) : round(m));

/** Mean, sample sd (0 for one value), min and max of rounded values, rounded. */
export function spreadOf(values: readonly number[]): Spread {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : 0;
  return {
    mean: round(mean),
    sd: round(sd),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

/** The figures an explanation can quote, by placeholder name: from the scorecard line itself
 * (its rounded figures, so that the explanation follows from the line) and the claim's named
 * figures. */
export function explanationValues(
  c: Claim,
  line: Pick<ClaimResult, 'model' | 'spread' | 'alternatives'>,
  figures: ReadonlyMap<string, number> = new Map(),
): Map<string, number> {
  const v = new Map<string, number>(figures);
  if (typeof line.model === 'number') {
    const s = line.spread as Spread;
    v.set('model', line.model);
    v.set('min', s.min);
    v.set('max', s.max);
    v.set('sd', s.sd);
  } else
    line.model.forEach((x, i) => v.set(`${c.kind === 'boundary' ? 'side' : 'item'}${i + 1}`, x));
  if (c.kind === 'value' || c.kind === 'bound') v.set('published', c.published);
  (line.alternatives ?? []).forEach((a, i) => {
    if (typeof a.model === 'number') v.set(`alt${i + 1}`, a.model);
  });
  return v;
}

/** Does a claim pass its test (band, bound, order, boundary) on these figures? */
function passes(c: Claim, m: number | number[]): boolean {
  switch (c.kind) {
    case 'value':
      return Math.abs((m as number) - c.published) <= c.band + 1e-12;
    case 'bound':
      return holds(m as number, c.op, c.published);
    case 'order': {
      const ms = m as number[];
      return !allEqual(ms) && c.rels.every((rel, i) => holds(ms[i], rel, ms[i + 1], c.slack ?? 0));
    }
    case 'boundary': {
      const ms = m as number[];
      return (
        holds(ms[0], c.sides[0].op, c.sides[0].threshold) &&
        holds(ms[1], c.sides[1].op, c.sides[1].threshold)
      );
    }
  }
}

/**
 * Whether a claim's verdict still depends on the seed after its extra seeds: leaving out any
 * one seed changes whether the mean of the per-seed figures passes the claim's test. Computed
 * from the line's own per-seed figures, so that it can be checked from the line.
 */
export function seedSensitive(c: Claim, perSeed: readonly (number | number[])[]): boolean {
  const meanOf = (rows: readonly (number | number[])[]): number | number[] => {
    const n = rows.length;
    if (Array.isArray(rows[0]))
      return (rows[0] as number[]).map(
        (_, j) => rows.reduce<number>((a, r) => a + (r as number[])[j], 0) / n,
      );
    return rows.reduce<number>((a, r) => a + (r as number), 0) / n;
  };
  const all = passes(c, meanOf(perSeed));
  return perSeed.some((_, i) => passes(c, meanOf(perSeed.filter((__, k) => k !== i))) !== all);
}

/** The seeds a claim's verdict disagrees on straddle a band edge: extend them (MAX_SEEDS). */
export function extendedSeeds(c: Claim): number[] {
  const out = [...c.seeds];
  for (let s = 1; out.length < Math.max(MAX_SEEDS, c.seeds.length); s++)
    if (!out.includes(s)) out.push(s);
  return out;
}

/** The verdict each seed alone gives. */
export function seedVerdicts(c: Claim, runs: Summaries, seeds: readonly number[] = c.seeds) {
  return seeds.map((s) => core(c, [s], runs).verdict);
}

/** Evaluates one claim on the runs' summaries, over `seeds` (the claim's own by default). */
export function evaluate(
  c: Claim,
  runs: Summaries,
  seeds: readonly number[] = c.seeds,
): ClaimResult {
  const k = core(c, seeds, runs);
  const per = seeds.map((s) => core(c, [s], runs));
  const perSeed = per.map((p) => roundAll(p.model));
  const verdicts = per.map((p) => p.verdict);
  const spread = Array.isArray(k.model)
    ? k.model.map((_, i) => spreadOf(perSeed.map((p) => (p as number[])[i])))
    : spreadOf(perSeed as number[]);
  const alternatives = (c.alternatives ?? []).map((a) => ({
    label: a.label,
    model: round(valueOf(a.q, c.seeds, runs)),
  }));
  const model = roundAll(k.model);
  let explanation: string | null = null;
  let explanationHolds: boolean | null = null;
  if (k.verdict !== 'within' && c.explanation) {
    const figures = new Map(
      Object.entries(c.figures ?? {}).map(([n, q]) => [n, round(valueOf(q, seeds, runs))]),
    );
    const values = explanationValues(
      c,
      { model, spread, alternatives: alternatives.length ? alternatives : undefined },
      figures,
    );
    explanation = render(c.explanation, values);
    if (c.holds?.length) explanationHolds = checkHolds(c.holds, values);
  }
  return {
    id: c.id,
    paper: c.paper,
    ref: c.ref,
    kind: c.kind,
    metric: c.metric,
    published: k.published,
    band: k.band,
    model,
    verdict: k.verdict,
    explanation,
    seeds: [...seeds],
    perSeed,
    spread,
    seedVerdicts: verdicts,
    seedSensitive: seeds.length > c.seeds.length && seedSensitive(c, perSeed),
    ...(alternatives.length ? { alternatives } : {}),
    explanationHolds,
  };
}

/** "UBR 0.87 < PPD 0.915 < EPD 0.93" */
export function orderText(c: Extract<Claim, { kind: 'order' }>): string {
  return c.items
    .map((it, i) => {
      const v = it.published !== undefined ? ` ${it.published}` : '';
      return `${i > 0 ? `${c.rels[i - 1]} ` : ''}${it.label}${v}`;
    })
    .join(' ');
}

export function summarize(results: readonly ClaimResult[], seconds: number): ScorecardSummary {
  const n = (v: Verdict) => results.filter((r) => r.verdict === v).length;
  return {
    claims: results.length,
    within: n('within'),
    trend: n('trend'),
    miss: n('miss'),
    seedSensitive: results.filter((r) => r.seedSensitive).length,
    seconds: Math.round(seconds * 10) / 10,
  };
}
