/**
 * Texts that state a paper's number (preset descriptions, guided tours) cite the claim it comes
 * from as `{{claim-id}}`; `annotate` writes the paper's figure there with the model's beside it,
 * from the committed scorecard: "≈ 0.93 (model 0.912, within)". Pure TypeScript.
 */
import type { ClaimResult } from './types';

/** A claim cited in a text: `{{id}}`. */
export const MARK = /\{\{([a-z0-9.-]+)\}\}/g;

function fig(x: number | number[]): string {
  if (Array.isArray(x)) return x.map(fig).join(' | ');
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  return a >= 100
    ? x.toFixed(1)
    : a !== 0 && a < 0.001
      ? x.toExponential(1)
      : String(Number(x.toFixed(3)));
}

type Line = Pick<ClaimResult, 'id' | 'kind' | 'published' | 'model' | 'verdict'>;

function published(r: Line): string {
  if (typeof r.published === 'number')
    return `${r.kind === 'value' ? '≈ ' : ''}${fig(r.published)}`;
  return r.published;
}

/** Replaces each `{{id}}` by the paper's figure and the model's; an id the scorecard lacks
 * keeps the paper's words only ("(model: not run)"). */
export function annotate(text: string, card: { claims: readonly Line[] }): string {
  const byId = new Map(card.claims.map((r) => [r.id, r]));
  return text.replace(MARK, (_, id: string) => {
    const r = byId.get(id);
    if (!r) return '(model: not run)';
    return `${published(r)} (model ${fig(r.model)}, ${r.verdict})`;
  });
}
