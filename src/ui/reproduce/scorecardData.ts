/**
 * The committed scorecard (src/reproduce/scorecard.json, written by `npm run reproduce --
 * --write`) joined with the claims table, for the Paper-vs-model panel and the Reproduce page.
 */
import { CLAIMS } from '../../reproduce/claims';
import { claimRuns } from '../../reproduce/evaluate';
import type { ScorecardFile } from '../../reproduce/scorecard';
import type { Claim, ClaimResult, Quantity, Run } from '../../reproduce/types';
import type { Metrics } from '../../sim';
import { parseScenario, toQuery } from '../../sim';
import { METRIC_KEYS } from '../../sweep/spec';
import committed from '../../reproduce/scorecard.json';

export const SCORECARD = committed as ScorecardFile;
const RESULT = new Map<string, ClaimResult>(SCORECARD.claims.map((r) => [r.id, r]));

export function committedResult(id: string): ClaimResult | undefined {
  return RESULT.get(id);
}

/** A run's scenario as the app's URL holds it (the normalised query, seed 1): equal for
 * "preset=s2-deadlock" and "preset=s2-deadlock&mtu=9180", which changes nothing. */
const normal = new Map<string, string>();
function normalQuery(query: string): string {
  let n = normal.get(query);
  if (n === undefined) {
    n = toQuery(parseScenario(query).scenario);
    normal.set(query, n);
  }
  return n;
}
const isPreset = (r: Run, name: string) => normalQuery(r.query) === normalQuery(`preset=${name}`);

/** Claims about a preset: those that run it unmodified, or that name it. */
export function claimsForPreset(name: string): Claim[] {
  return CLAIMS.filter(
    (c) => c.presets?.includes(name) || claimRuns(c).some((r) => r.query === `preset=${name}`),
  );
}

/** The scenario link of a claim: its first run, with the claim's first seed. */
export function claimLink(c: Claim): string {
  const r = claimRuns(c)[0];
  return `?${r.query}&seed=${c.seeds[0]}`;
}

const LIVE: ReadonlySet<string> = new Set(METRIC_KEYS);

/**
 * This run's figure for a claim whose quantity is one figure of this preset's own run (a
 * metric or a per-VC figure of `Metrics`), read from the live metrics; null otherwise.
 */
export function liveValue(c: Claim, preset: string, m: Metrics | null): number | null {
  if (!m || (c.kind !== 'value' && c.kind !== 'bound')) return null;
  const q: Quantity = c.q;
  if (!('run' in q) || !isPreset(q.run, preset)) return null;
  if ('stat' in q) return LIVE.has(q.stat) ? (m[q.stat as keyof Metrics] as number) : null;
  const v = m.perVc[q.vc];
  if (!v || q.field === 'meanQueueCells') return null;
  return v[q.field];
}

/** The scenario link of a claim's first run on one seed. */
export function seedLink(c: Claim, seed: number): string {
  const r = claimRuns(c)[0];
  return `?${r.query}&seed=${seed}`;
}

/** Verdict counts of a preset's claims: "3 claims · 2 within · 1 trend" (zero counts left out). */
export function presetCounts(name: string): {
  claims: number;
  within: number;
  trend: number;
  miss: number;
  seedSensitive: number;
} {
  const rs = claimsForPreset(name)
    .map((c) => committedResult(c.id))
    .filter((r): r is ClaimResult => r !== undefined);
  const n = (v: string) => rs.filter((r) => r.verdict === v).length;
  return {
    claims: claimsForPreset(name).length,
    within: n('within'),
    trend: n('trend'),
    miss: n('miss'),
    seedSensitive: rs.filter((r) => r.seedSensitive).length,
  };
}

export function presetSummaryText(name: string): string {
  const k = presetCounts(name);
  const parts = [`${k.claims} claim${k.claims === 1 ? '' : 's'}`];
  for (const v of ['within', 'trend', 'miss'] as const) if (k[v] > 0) parts.push(`${k[v]} ${v}`);
  if (k.seedSensitive > 0) parts.push(`${k.seedSensitive} seed-sensitive`);
  return `Paper vs model: ${parts.join(' · ')}`;
}
