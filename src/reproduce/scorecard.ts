/**
 * The scorecard: selecting claims, running what they need on a pool of workers (worker threads
 * in the CLI, Web Workers in the app), evaluating them, and its formats (JSON lines, the
 * committed file, a readable table). Pure TypeScript.
 */
import { runPool } from '../sweep/pool';
import { CLAIMS } from './claims';
import { evaluate, extendedSeeds, plannedRuns, seedVerdicts, summarize } from './evaluate';
import type { RunRequest, RunSummary } from './summary';
import { runKey } from './summary';
import { longestFirst } from './runCost';
import type { Claim, ClaimResult, PaperTag, ScorecardSummary, Spread } from './types';
import { PAPERS } from './types';

export class ClaimSelectionError extends Error {
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
    this.name = 'ClaimSelectionError';
  }
}

/** The claims of the given papers and ids (all when neither is given). Unknown names throw
 * ClaimSelectionError naming the option. */
export function selectClaims(
  papers: readonly string[] = [],
  ids: readonly string[] = [],
  claims: readonly Claim[] = CLAIMS,
): Claim[] {
  for (const p of papers)
    if (!PAPERS.includes(p as PaperTag))
      throw new ClaimSelectionError(
        'paper',
        `paper: unknown paper "${p}"; one of ${PAPERS.join(', ')}`,
      );
  for (const id of ids)
    if (!claims.some((c) => c.id === id))
      throw new ClaimSelectionError(
        'claim',
        `claim: unknown claim "${id}"${suggest(id, claims)}; npm run reproduce -- --list lists them`,
      );
  return claims.filter(
    (c) =>
      (papers.length === 0 && ids.length === 0) || papers.includes(c.paper) || ids.includes(c.id),
  );
}

function suggest(id: string, claims: readonly Claim[]): string {
  const near = claims.filter((c) => c.id.includes(id) || id.includes(c.id)).slice(0, 3);
  return near.length ? ` (did you mean ${near.map((c) => c.id).join(', ')}?)` : '';
}

export interface ScorecardRun {
  results: ClaimResult[];
  summary: ScorecardSummary;
}

/**
 * Runs every scenario the claims need (each scenario and seed once) with `exec` on `lanes`
 * workers, longest first, and evaluates the claims in table order. A claim whose seeds
 * disagree about its verdict (they straddle a band edge, a bound or an order) is run again on
 * more seeds, up to MAX_SEEDS, in a second round; its verdict is then that of the mean over
 * them, and it is marked seed-sensitive when they still disagree. `onProgress(done, total)`
 * counts runs (the total grows when the second round starts).
 */
export async function runScorecard(
  claims: readonly Claim[],
  opts: {
    lanes: number;
    exec(req: RunRequest, lane: number): Promise<RunSummary>;
    onProgress?(done: number, total: number): void;
    signal?: AbortSignal;
    now?(): number;
  },
): Promise<ScorecardRun> {
  const now = opts.now ?? (() => performance.now());
  const t0 = now();
  const summaries = new Map<string, RunSummary>();
  let done = 0;
  let total = 0;
  const round = async (runs: RunRequest[]) => {
    const order = longestFirst(runs.filter((r) => !summaries.has(runKey(r.query, r.seed))));
    const base = done;
    total += order.length;
    opts.onProgress?.(done, total);
    await runPool(order, {
      lanes: opts.lanes,
      exec: opts.exec,
      signal: opts.signal,
      onResult: (req, res, n) => {
        summaries.set(runKey(req.query, req.seed), res);
        done = base + n;
        opts.onProgress?.(done, total);
      },
    });
  };
  await round(plannedRuns(claims));
  // Seeds that straddle a verdict: more seeds for those claims.
  const more = new Map<string, number[]>();
  for (const c of claims)
    if (new Set(seedVerdicts(c, summaries)).size > 1) more.set(c.id, extendedSeeds(c));
  const seedsOf = (c: Claim) => more.get(c.id) ?? c.seeds;
  if (more.size)
    await round(
      plannedRuns(
        claims.filter((c) => more.has(c.id)),
        seedsOf,
      ),
    );
  const results = claims.map((c) => evaluate(c, summaries, seedsOf(c)));
  return { results, summary: summarize(results, (now() - t0) / 1000) };
}

/** `--json`: one line per claim, then the summary line. */
export function jsonLines(run: ScorecardRun): string {
  return (
    run.results.map((r) => JSON.stringify(r)).join('\n') +
    `\n${JSON.stringify({ summary: run.summary })}\n`
  );
}

/** The committed scorecard file. */
export interface ScorecardFile {
  version: 1;
  appVersion: string | null;
  claims: ClaimResult[];
  summary: ScorecardSummary;
}

export function scorecardFile(run: ScorecardRun, appVersion: string | null): string {
  const file: ScorecardFile = { version: 1, appVersion, claims: run.results, summary: run.summary };
  return (
    '{\n' +
    `  "version": 1,\n  "appVersion": ${JSON.stringify(appVersion)},\n  "claims": [\n` +
    file.claims.map((r) => `    ${JSON.stringify(r)}`).join(',\n') +
    `\n  ],\n  "summary": ${JSON.stringify(file.summary)}\n}\n`
  );
}

const fmt = (x: number | number[]): string =>
  Array.isArray(x)
    ? x.map((v) => fmt(v)).join(' | ')
    : Math.abs(x) >= 1000
      ? x.toFixed(0)
      : x.toFixed(3).replace(/\.?0+$/, '') || '0';

const one = (s: Spread) =>
  s.min === s.max
    ? `${fmt(s.mean)} (sd 0)`
    : `mean ${fmt(s.mean)} sd ${fmt(s.sd)} range ${fmt(s.min)}–${fmt(s.max)}`;

/** "n = 3: 0.843, 0.763, 0.744 — mean 0.783 sd 0.052 range 0.744–0.843; 1 within, 2 trend" */
export function spreadText(r: ClaimResult): string {
  const per = r.perSeed.map((v) => fmt(v)).join(', ');
  const sp = Array.isArray(r.spread) ? r.spread.map(one).join(' | ') : one(r.spread);
  const counts = (['within', 'trend', 'miss'] as const)
    .map((v) => [v, r.seedVerdicts.filter((x) => x === v).length] as const)
    .filter(([, k]) => k > 0)
    .map(([v, k]) => `${k} ${v}`)
    .join(', ');
  return `n = ${r.seeds.length}: ${per} — ${sp}; per seed ${counts}`;
}

/** The readable table, grouped by paper, with the explanation under each claim not within. */
export function formatScorecard(run: ScorecardRun, citations: Record<PaperTag, string>): string {
  const lines: string[] = [];
  for (const paper of PAPERS) {
    const rs = run.results.filter((r) => r.paper === paper);
    if (rs.length === 0) continue;
    const n = (v: string) => rs.filter((r) => r.verdict === v).length;
    lines.push(
      `${paper}  ${citations[paper]}`,
      `    ${rs.length} claims: ${n('within')} within, ${n('trend')} trend, ${n('miss')} miss`,
    );
    const idW = Math.max(...rs.map((r) => r.id.length));
    for (const r of rs) {
      const pub =
        typeof r.published === 'number'
          ? `${fmt(r.published)}${r.band !== null ? ` ± ${fmt(r.band)}` : ''}`
          : r.published;
      lines.push(
        `  ${r.verdict.padEnd(6)} ${r.id.padEnd(idW)}  paper ${pub}  model ${fmt(r.model)}  [${r.ref}]`,
        `           seeds ${spreadText(r)}${r.seedSensitive ? '  SEED-SENSITIVE' : ''}`,
      );
      for (const a of r.alternatives ?? [])
        lines.push(`           ${a.label}: model ${fmt(a.model)}`);
      if (r.explanation) lines.push(`           ↳ ${r.explanation}`);
    }
    lines.push('');
  }
  const s = run.summary;
  const pct = (k: number) => (s.claims ? ((100 * k) / s.claims).toFixed(0) : '0');
  lines.push(
    `${s.claims} claims: ${s.within} within (${pct(s.within)}%), ${s.trend} trend, ${s.miss} miss; within or trend ${pct(s.within + s.trend)}%; ${s.seedSensitive} seed-sensitive; ${s.seconds} s`,
  );
  return lines.join('\n') + '\n';
}
