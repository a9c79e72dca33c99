import type { ClaimResult, Spread, Verdict } from '../../reproduce/types';

const TEXT: Record<Verdict, string> = {
  within: 'within',
  trend: 'trend',
  miss: 'miss',
};
const TITLE: Record<Verdict, string> = {
  within: 'The model is inside the paper’s band, or the bound, order or boundary holds.',
  trend: 'Outside the band, but the direction against the comparison runs holds.',
  miss: 'The model disagrees with the paper.',
};

/** The within / trend / miss chip. */
export function VerdictChip({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`chip chip-${verdict}`} title={TITLE[verdict]} data-verdict={verdict}>
      {TEXT[verdict]}
    </span>
  );
}

/** A figure as the scorecard prints it. */
export function fmtFigure(x: number | number[] | null | undefined): string {
  if (x === null || x === undefined) return '–';
  if (Array.isArray(x)) return x.map((v) => fmtFigure(v)).join(' | ');
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 1000) return x.toFixed(0);
  if (a >= 100) return x.toFixed(1);
  if (a !== 0 && a < 0.001) return x.toExponential(1);
  return String(Number(x.toFixed(3)));
}

/** "0.87 ± 0.05", "> 0.95", "UBR < PPD < EPD" */
export function fmtPublished(r: Pick<ClaimResult, 'published' | 'band'>): string {
  if (typeof r.published === 'number')
    return `${fmtFigure(r.published)}${r.band !== null ? ` ± ${fmtFigure(r.band)}` : ''}`;
  return r.published;
}

/** "0.744–0.843 over 3 seeds (mean 0.783, sd 0.053)"; per item for orders and boundaries. */
export function fmtSpread(r: Pick<ClaimResult, 'spread' | 'seeds'>): string {
  const one = (s: Spread) =>
    s.min === s.max
      ? `${fmtFigure(s.min)} on every seed`
      : `${fmtFigure(s.min)}–${fmtFigure(s.max)} (mean ${fmtFigure(s.mean)}, sd ${fmtFigure(s.sd)})`;
  const n = r.seeds.length;
  const body = Array.isArray(r.spread) ? r.spread.map(one).join(' | ') : one(r.spread);
  return `${body} over ${n} seed${n === 1 ? '' : 's'}`;
}

/** The chip that marks a claim whose verdict depends on the seed. */
export function SeedSensitiveChip() {
  return (
    <span
      className="chip chip-seed"
      title="The seeds disagree about this verdict even after 10 seeds: it depends on the seed."
      data-testid="seed-sensitive"
    >
      seed-sensitive
    </span>
  );
}
