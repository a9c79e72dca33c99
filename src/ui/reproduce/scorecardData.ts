/**
 * The committed scorecard (src/reproduce/scorecard.json, written by `npm run reproduce --
 * --write`): each claim's result, for the Paper-vs-model panel and the Reproduce page.
 */
import type { ScorecardFile } from '../../reproduce/scorecard';
import type { ClaimResult } from '../../reproduce/types';
import committed from '../../reproduce/scorecard.json';
import { claimsForPreset } from './claimIndex';

export const SCORECARD = committed as ScorecardFile;
const RESULT = new Map<string, ClaimResult>(SCORECARD.claims.map((r) => [r.id, r]));

export function committedResult(id: string): ClaimResult | undefined {
  return RESULT.get(id);
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
