/**
 * The scorecard: selecting claims, running what they need on a pool of workers (worker threads
 * in the CLI, Web Workers in the app), evaluating them, and its formats (JSON lines, the
 * committed file, a readable table). Pure TypeScript.
 */
import { derive } from '../sim';
import { runPool } from '../sweep/pool';
import { CLAIMS } from './claims';
import { evaluate, plannedRuns, summarize } from './evaluate';
import type { RunRequest, RunSummary } from './summary';
import { claimScenario, runKey } from './summary';
import type { Claim, ClaimResult, PaperTag, ScorecardSummary } from './types';
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

/** A run's cost in bottleneck cell slots: the pool starts the longest runs first. */
export function runCost(r: RunRequest): number {
  const d = derive(claimScenario(r.query, r.seed));
  return (d.duration / 1e12) * d.linkCellRate * (1 + d.nConn / 20);
}

export interface ScorecardRun {
  results: ClaimResult[];
  summary: ScorecardSummary;
}

/**
 * Runs every scenario the claims need (each scenario and seed once) with `exec` on `lanes`
 * workers, longest first, and evaluates the claims in table order. `onProgress(done, total)`
 * counts runs.
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
  const runs = plannedRuns(claims);
  const cost = new Map(runs.map((r) => [runKey(r.query, r.seed), runCost(r)]));
  const order = [...runs].sort(
    (a, b) => cost.get(runKey(b.query, b.seed))! - cost.get(runKey(a.query, a.seed))!,
  );
  const summaries = new Map<string, RunSummary>();
  opts.onProgress?.(0, order.length);
  await runPool(order, {
    lanes: opts.lanes,
    exec: opts.exec,
    signal: opts.signal,
    onResult: (req, res, done) => {
      summaries.set(runKey(req.query, req.seed), res);
      opts.onProgress?.(done, order.length);
    },
  });
  const results = claims.map((c) => evaluate(c, summaries));
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
      );
      if (r.explanation) lines.push(`           ↳ ${r.explanation}`);
    }
    lines.push('');
  }
  const s = run.summary;
  const pct = (k: number) => (s.claims ? ((100 * k) / s.claims).toFixed(0) : '0');
  lines.push(
    `${s.claims} claims: ${s.within} within (${pct(s.within)}%), ${s.trend} trend, ${s.miss} miss; within or trend ${pct(s.within + s.trend)}%; ${s.seconds} s`,
  );
  return lines.join('\n') + '\n';
}
