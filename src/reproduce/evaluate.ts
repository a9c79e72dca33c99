/**
 * Evaluates claims against run summaries: the runs a set of claims needs (each scenario and
 * seed once, whichever claims share it), the model's figure of each quantity, and the verdict.
 * Pure TypeScript, shared by the CLI and the app, so both give the same scorecard.
 */
import type { RunRequest, RunSummary } from './summary';
import { runKey } from './summary';
import type {
  Claim,
  ClaimResult,
  ExtraStat,
  Quantity,
  Rel,
  Run,
  ScorecardSummary,
  Verdict,
  Versus,
} from './types';
import { EXTRA_STATS } from './types';

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
export function plannedRuns(claims: readonly Claim[]): RunRequest[] {
  const byKey = new Map<string, RunRequest>();
  for (const c of claims)
    for (const q of quantities(c))
      for (const l of leaves(q))
        for (const seed of c.seeds) {
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

/** Evaluates one claim on the runs' summaries. */
export function evaluate(c: Claim, runs: Summaries): ClaimResult {
  let verdict: Verdict;
  let published: number | string;
  let band: number | null = null;
  let model: number | number[];
  switch (c.kind) {
    case 'value': {
      const m = valueOf(c.q, c.seeds, runs);
      verdict =
        Math.abs(m - c.published) <= c.band + 1e-12
          ? 'within'
          : directionHolds(m, c.published, c.versus, c.seeds, runs)
            ? 'trend'
            : 'miss';
      published = c.published;
      band = c.band;
      model = round(m);
      break;
    }
    case 'bound': {
      const m = valueOf(c.q, c.seeds, runs);
      verdict = holds(m, c.op, c.published)
        ? 'within'
        : directionHolds(m, c.published, c.versus, c.seeds, runs)
          ? 'trend'
          : 'miss';
      published = `${c.op} ${c.published}`;
      model = round(m);
      break;
    }
    case 'order': {
      const ms = c.items.map((i) => valueOf(i.q, c.seeds, runs));
      const ok = c.rels.every((rel, i) => holds(ms[i], rel, ms[i + 1], c.slack ?? 0));
      verdict = ok ? 'within' : 'miss';
      published = orderText(c);
      band = c.slack ?? null;
      model = ms.map(round);
      break;
    }
    case 'boundary': {
      const ms = c.sides.map((s) => valueOf(s.q, c.seeds, runs));
      const [lo, hi] = c.sides;
      const ok = holds(ms[0], lo.op, lo.threshold) && holds(ms[1], hi.op, hi.threshold);
      // The quantity moves across the boundary the way the paper's behaviour flips.
      const moves = lo.op === '>' ? ms[0] > ms[1] : ms[0] < ms[1];
      verdict = ok ? 'within' : moves ? 'trend' : 'miss';
      published = `${c.param}: ${c.published} (${lo.label} ${lo.op} ${lo.threshold}; ${hi.label} ${hi.op} ${hi.threshold})`;
      model = ms.map(round);
      break;
    }
  }
  return {
    id: c.id,
    paper: c.paper,
    ref: c.ref,
    kind: c.kind,
    metric: c.metric,
    published,
    band,
    model,
    verdict,
    explanation: verdict === 'within' ? null : (c.explanation ?? null),
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
    seconds: Math.round(seconds * 10) / 10,
  };
}
