import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleSymlog } from 'd3-scale';
import { select } from 'd3-selection';
import { useEffect, useMemo, useRef } from 'react';
import type { ClaimResult, PaperTag, Spread, Verdict } from '../../reproduce/types';
import { PAPERS } from '../../reproduce/types';
import { fmtFigure } from './Verdict';

const W = 420;
const H = 360;
const M = { top: 18, right: 14, bottom: 40, left: 48 };
/** Each verdict's colour, per theme: the custom properties of styles/shell.css (text at least
 * 4.5:1 and marks 3:1 on the page and on a card, in both themes: tests/unit/ui/views/contrast). */
const COLOUR: Record<Verdict, string> = {
  within: 'var(--verdict-within)',
  trend: 'var(--verdict-trend)',
  miss: 'var(--verdict-miss)',
};

/** A value claim as the picture draws it. */
interface Point {
  r: ClaimResult;
  paper: number;
  model: number;
  band: number;
  spread: Spread;
}

function points(rows: readonly ClaimResult[]): Point[] {
  return rows.flatMap((r) =>
    r.kind === 'value' &&
    typeof r.published === 'number' &&
    typeof r.model === 'number' &&
    r.band !== null &&
    !Array.isArray(r.spread)
      ? [{ r, paper: r.published, model: r.model, band: r.band, spread: r.spread }]
      : [],
  );
}

const tickFmt = (d: number) =>
  Math.abs(d) >= 1000 ? `${d / 1000}k` : String(Number(d.toFixed(3)));

/** Ratios (efficiency, fairness, shares): both figures between −0.2 and 1.5. */
const isRatio = (p: Point) =>
  [p.paper, p.model, p.spread.min, p.spread.max].every((v) => v >= -0.2 && v <= 1.5);

/** One panel: linear axes for ratios, symmetric-log for the other quantities. */
function Panel({
  pts,
  log,
  title,
  onOpenClaim,
}: {
  pts: readonly Point[];
  log: boolean;
  title: string;
  onOpenClaim(id: string): void;
}) {
  const { x, y } = useMemo(() => {
    let lo = log ? 0 : -0.1;
    let hi = log ? 10 : 1.1;
    for (const p of pts) {
      lo = Math.min(lo, p.paper, p.model, p.spread.min);
      hi = Math.max(hi, p.paper, p.model, p.spread.max);
    }
    const sx = log ? scaleSymlog().constant(0.5) : scaleLinear();
    const sy = log ? scaleSymlog().constant(0.5) : scaleLinear();
    // The linear panel's ends rounded to tenths; a symmetric-log domain as the figures give it.
    if (!log) {
      lo = Math.floor(lo * 10) / 10;
      hi = Math.ceil(hi * 10) / 10;
    }
    return {
      x: sx
        .domain([lo, hi])
        .range([M.left, W - M.right])
        .clamp(true),
      y: sy
        .domain([lo, hi])
        .range([H - M.bottom, M.top])
        .clamp(true),
    };
  }, [pts, log]);
  const xAxis = useRef<SVGGElement>(null);
  const yAxis = useRef<SVGGElement>(null);
  useEffect(() => {
    const [a, b] = x.domain();
    const ticks = log
      ? [0, 1, 10, 100, 1e3, 1e4, 1e5, 1e6].filter((t) => t >= a && t <= b)
      : [0, 0.2, 0.4, 0.6, 0.8, 1].filter((t) => t >= a && t <= b);
    if (xAxis.current)
      select(xAxis.current).call(
        axisBottom(x)
          .tickValues(ticks)
          .tickFormat((d) => tickFmt(+d)),
      );
    if (yAxis.current)
      select(yAxis.current).call(
        axisLeft(y)
          .tickValues(ticks)
          .tickFormat((d) => tickFmt(+d)),
      );
  }, [x, y, log]);
  const [d0, d1] = x.domain();
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width={W}
      height={H}
      role="group"
      aria-label={`${title}: the paper’s figure against the model’s for ${pts.length} value claims`}
      data-panel={log ? 'other' : 'ratio'}
    >
      <text x={M.left} y={M.top - 2} fontSize={12} fontWeight={600}>
        {title}
      </text>
      <line className="diag" x1={x(d0)} y1={y(d0)} x2={x(d1)} y2={y(d1)} />
      {pts.map((p) => (
        <line
          key={`b-${p.r.id}`}
          className="band"
          x1={x(p.paper)}
          x2={x(p.paper)}
          y1={y(p.paper - p.band)}
          y2={y(p.paper + p.band)}
          strokeWidth={5}
        />
      ))}
      {pts.map((p) => (
        <line
          key={`s-${p.r.id}`}
          className="seeds"
          x1={x(p.paper) + 2}
          x2={x(p.paper) + 2}
          y1={y(p.spread.min)}
          y2={y(p.spread.max)}
          style={{ stroke: COLOUR[p.r.verdict] }}
          strokeWidth={1.5}
        />
      ))}
      {pts.map((p) => (
        <circle
          key={p.r.id}
          className="pt"
          cx={x(p.paper)}
          cy={y(p.model)}
          r={4}
          style={{ fill: COLOUR[p.r.verdict] }}
          data-claim={p.r.id}
          data-verdict={p.r.verdict}
          tabIndex={0}
          role="button"
          aria-label={`${p.r.id}: paper ${fmtFigure(p.paper)} ± ${fmtFigure(p.band)}, model ${fmtFigure(p.model)} (seeds ${fmtFigure(p.spread.min)}–${fmtFigure(p.spread.max)}), ${p.r.verdict}`}
          onClick={() => onOpenClaim(p.r.id)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') {
              e.preventDefault();
              onOpenClaim(p.r.id);
            }
          }}
        >
          <title>{`${p.r.id} (${p.r.paper} ${p.r.ref})\npaper ${fmtFigure(p.paper)} ± ${fmtFigure(p.band)}, model ${fmtFigure(p.model)}; seeds ${fmtFigure(p.spread.min)}–${fmtFigure(p.spread.max)}\n${p.r.verdict}`}</title>
        </circle>
      ))}
      <g ref={xAxis} transform={`translate(0,${H - M.bottom})`} />
      <g ref={yAxis} transform={`translate(${M.left},0)`} />
      <text x={(M.left + W - M.right) / 2} y={H - 6} textAnchor="middle" fontSize={12}>
        paper’s figure{log ? ' (symmetric log scale)' : ''}
      </text>
      <text
        transform={`translate(14,${(M.top + H - M.bottom) / 2}) rotate(-90)`}
        textAnchor="middle"
        fontSize={12}
      >
        model’s figure
      </text>
    </svg>
  );
}

/**
 * The Papers page's opening picture: every value claim as a point, the paper's figure (x)
 * against the model's (y), with its band (the grey bar: where the model is within) and its
 * seeds' range (the coloured bar), coloured by verdict, in two panels (ratios on linear axes,
 * the other quantities on symmetric-log axes); beside it the verdict counts per paper. A click
 * (or Enter) on a point opens its claim.
 */
export function PapersPicture({
  rows,
  onOpenClaim,
}: {
  rows: readonly ClaimResult[];
  onOpenClaim(id: string): void;
}) {
  const pts = useMemo(() => points(rows), [rows]);
  const ratios = pts.filter(isRatio);
  const others = pts.filter((p) => !isRatio(p));
  const counts = (p: PaperTag) => {
    const rs = rows.filter((r) => r.paper === p);
    const n = (v: Verdict) => rs.filter((r) => r.verdict === v).length;
    return { all: rs.length, within: n('within'), trend: n('trend'), miss: n('miss') };
  };
  return (
    <figure className="papers-picture" data-testid="papers-picture">
      <Panel pts={ratios} log={false} title="Ratios" onOpenClaim={onOpenClaim} />
      <Panel pts={others} log title="Other quantities" onOpenClaim={onOpenClaim} />
      <figcaption>
        <table className="papers-counts" data-testid="papers-counts">
          <thead>
            <tr>
              <th scope="col">Paper</th>
              <th scope="col">claims</th>
              <th scope="col" style={{ color: COLOUR.within }}>
                within
              </th>
              <th scope="col" style={{ color: COLOUR.trend }}>
                trend
              </th>
              <th scope="col" style={{ color: COLOUR.miss }}>
                miss
              </th>
            </tr>
          </thead>
          <tbody>
            {PAPERS.map((p) => {
              const k = counts(p);
              return (
                <tr key={p} data-paper={p}>
                  <th scope="row">{p}</th>
                  <td>{k.all}</td>
                  <td>{k.within}</td>
                  <td>{k.trend}</td>
                  <td>{k.miss}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="muted small">
          {pts.length} value claims ({ratios.length} ratios, {others.length} other quantities). Each
          point: the paper’s figure (x) and the model’s (y, the mean over the seeds); the grey bar
          is the paper’s band (within when the point is on it), the coloured bar the range of the
          seeds’ figures. The dashed line is model = paper. Click a point to open its claim; order,
          bound and boundary claims are in the tables below.
        </p>
      </figcaption>
    </figure>
  );
}
