/**
 * Which claims stand on a preset, and the links to their runs: the claims table alone. The
 * committed results (much larger) load after the first screen: scorecardData.ts.
 */
import { CLAIMS } from '../../reproduce/claims';
import { claimRuns } from '../../reproduce/evaluate';
import type { Claim, Quantity, Run } from '../../reproduce/types';
import type { Metrics } from '../../sim';
import { parseScenario, toQuery } from '../../sim';
import { METRIC_KEYS } from '../../sweep/spec';

/** How many claims the scorecard holds. */
export const CLAIM_COUNT = CLAIMS.length;

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

/** Every metric a claim's figures read (its quantity, comparisons, named figures …), in the
 * order the claim names them. */
function claimStats(c: Claim): string[] {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if ('run' in o && typeof o.stat === 'string') out.push(o.stat);
      for (const k in o) if (k !== 'run') walk(o[k]);
    }
  };
  walk(c);
  return out;
}

/**
 * The metrics a preset is about: those its published claims read, in the order they first
 * name them, as far as they are live metrics (`METRIC_KEYS`). Empty for a preset that stands
 * for no claim.
 */
export function metricsForPreset(name: string): string[] {
  const seen = new Set<string>();
  for (const c of claimsForPreset(name))
    for (const s of claimStats(c)) if (LIVE.has(s)) seen.add(s);
  return [...seen];
}
