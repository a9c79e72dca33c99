import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { area, line, symbol, symbolDiamond, symbolTriangle } from 'd3-shape';
import { useEffect, useId, useRef } from 'react';
import type { MetricKey, SummaryRow, SweepResult } from '../../sweep';
import type { PublishedPoint } from '../../reproduce/published';
import { useWidth } from '../views/useRedraw';
import { metricLabel, placeLabels } from './labels';

/** The picture's width until its figure is measured (CSS px); then it is the figure's. */
const W0 = 640;
const H = 300;
const M = { left: 62, right: 16, top: 14, bottom: 44 };
const PH = H - M.top - M.bottom;
/** Room per tick label on the x axis (CSS px). */
const X_TICK_PX = 70;

/** Series colour i (Okabe–Ito, set in sweep.css with light and dark values). */
export const seriesColor = (i: number): string => `var(--sweep-s${i % 7}, #0072b2)`;

function fmt(x: number): string {
  const a = Math.abs(x);
  if (a !== 0 && (a < 1e-3 || a >= 1e6)) return x.toExponential(3);
  return String(Number(x.toPrecision(4)));
}

export interface SweepPlotProps {
  result: Pick<SweepResult, 'param' | 'series' | 'seeds'>;
  metric: MetricKey;
  /** Statistics per (value, series) of the points so far. */
  rows: SummaryRow[];
  published: PublishedPoint[];
}

/**
 * One metric against the swept parameter: a line per series through the means over seeds, a
 * min–max band when there are several seeds, and the published points of the papers as
 * labelled markers (◆ a reported value, ▲ a lower bound, ▼ an upper bound). D3 computes the
 * scales, paths and axes; React owns the SVG. The picture is drawn at the figure's width (one
 * SVG unit a CSS px, so its text is the size sweep.css gives it) and redrawn when that changes.
 */
export function SweepPlot({ result, metric, rows, published }: SweepPlotProps) {
  const id = useId();
  const [figure, measured] = useWidth<HTMLElement>();
  const W = measured || W0;
  const PW = W - M.left - M.right;
  const xAxis = useRef<SVGGElement>(null);
  const yAxis = useRef<SVGGElement>(null);
  const label = metricLabel(metric);
  const { param, series } = result;
  const pub = published.filter((p) => p.metric === metric);

  // Scales (cheap; recomputed each render).
  const { x, y } = (() => {
    const xs = [...param.values, ...pub.map((p) => p.x)];
    let x0 = Math.min(...xs);
    let x1 = Math.max(...xs);
    if (x0 === x1) {
      const pad = Math.abs(x0) * 0.1 || 1;
      x0 -= pad;
      x1 += pad;
    }
    const ys: number[] = pub.map((p) => p.y);
    for (const r of rows) {
      const s = r.metrics[metric];
      if (s) ys.push(s.min, s.max, s.mean);
    }
    const finite = ys.filter(Number.isFinite);
    let y0 = finite.length ? Math.min(...finite) : 0;
    let y1 = finite.length ? Math.max(...finite) : 1;
    if (y0 === y1) {
      const pad = Math.abs(y0) * 0.1 || 0.05;
      y0 -= pad;
      y1 += pad;
    } else {
      const pad = (y1 - y0) * 0.08;
      y0 = y0 >= 0 && y0 - pad < 0 ? 0 : y0 - pad;
      y1 += pad;
    }
    return {
      x: scaleLinear().domain([x0, x1]).range([0, PW]),
      y: scaleLinear().domain([y0, y1]).nice().range([PH, 0]),
    };
  })();

  useEffect(() => {
    if (xAxis.current)
      select(xAxis.current).call(
        axisBottom(x).ticks(
          Math.max(2, Math.min(8, param.values.length, Math.floor(PW / X_TICK_PX))),
        ),
      );
    if (yAxis.current) select(yAxis.current).call(axisLeft(y).ticks(6));
  }, [x, y, param.values.length, PW]);

  const bySeries = series.values.map((s) =>
    rows.filter((r) => r.series === s && r.metrics[metric]).sort((a, b) => a.value - b.value),
  );
  const mean = line<SummaryRow>()
    .x((r) => x(r.value))
    .y((r) => y(r.metrics[metric]!.mean));
  const band = area<SummaryRow>()
    .x((r) => x(r.value))
    .y0((r) => y(r.metrics[metric]!.min))
    .y1((r) => y(r.metrics[metric]!.max));
  const plotted = bySeries.reduce((n, g) => n + g.length, 0);
  const unit = param.unit ? ` (${param.unit})` : '';
  const diamond = symbol(symbolDiamond, 70)() ?? '';
  const triangle = symbol(symbolTriangle, 70)() ?? '';

  return (
    <figure className="sweep-plot" data-testid={`sweep-plot-${metric}`} ref={figure}>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
        data-metric={metric}
        data-points={plotted}
        data-published={pub.length}
        data-series={series.values.length}
      >
        <title id={`${id}-t`}>{`${label.name} against ${param.label}`}</title>
        <desc id={`${id}-d`}>
          {`${plotted} points in ${series.values.length} series (${series.values.join(', ')}); mean over ${result.seeds.length} seed${result.seeds.length === 1 ? '' : 's'}${result.seeds.length > 1 ? ', band from min to max' : ''}${pub.length ? `; ${pub.length} published values overlaid` : ''}. The table below lists every value.`}
        </desc>
        <g transform={`translate(${M.left},${M.top})`}>
          <g className="sweep-grid" aria-hidden="true">
            {y.ticks(6).map((t) => (
              <line key={t} x1={0} x2={PW} y1={y(t)} y2={y(t)} />
            ))}
          </g>
          {result.seeds.length > 1 &&
            bySeries.map((g, i) => (
              <path
                key={`band-${series.values[i]}`}
                className="sweep-band"
                d={band(g) ?? ''}
                style={{ fill: seriesColor(i) }}
                data-series={series.values[i]}
              />
            ))}
          {bySeries.map((g, i) => (
            <path
              key={`line-${series.values[i]}`}
              className="sweep-line"
              d={mean(g) ?? ''}
              style={{ stroke: seriesColor(i) }}
              data-series={series.values[i]}
            />
          ))}
          {bySeries.map((g, i) =>
            g.map((r) => {
              const s = r.metrics[metric]!;
              return (
                <circle
                  key={`pt-${series.values[i]}-${r.value}`}
                  className="sweep-point"
                  cx={x(r.value)}
                  cy={y(s.mean)}
                  r={3.5}
                  style={{ fill: seriesColor(i) }}
                  data-series={r.series}
                  data-x={r.value}
                  data-y={s.mean}
                >
                  <title>
                    {`${series.key}=${r.series}, ${param.key}=${r.value}${param.unit ? ' ' + param.unit : ''}: ${label.name} ${fmt(s.mean)}${r.n > 1 ? ` (mean of ${r.n}; ${fmt(s.min)}–${fmt(s.max)}, sd ${fmt(s.sd)})` : ''}`}
                  </title>
                </circle>
              );
            }),
          )}
          {pub.map((p) => {
            const i = series.values.indexOf(p.series.value);
            const px = x(p.x);
            const py = y(p.y);
            const text = `${p.label}: ${label.name} ${p.relation} ${fmt(p.y)} at ${param.key} = ${p.x} (${p.series.key} ${p.series.value}). ${p.source.citation}, ${p.source.ref}.${p.source.note ? ' ' + p.source.note : ''}`;
            return (
              <g
                key={p.id}
                className="sweep-published"
                transform={`translate(${px},${py})`}
                data-published-id={p.id}
                data-relation={p.relation}
                tabIndex={0}
                role="img"
                aria-label={text}
              >
                <title>{text}</title>
                {/* A 24 px target for the pointer (WCAG 2.5.8), however small the mark. */}
                <circle className="sweep-published-hit" r={12} />
                <path
                  d={p.relation === '≈' ? diamond : triangle}
                  transform={p.relation === '<' ? 'rotate(180)' : undefined}
                  style={{ fill: seriesColor(i < 0 ? 0 : i) }}
                />
              </g>
            );
          })}
          {/* Each source's label once, placed clear of the markers and the other labels. */}
          <g className="sweep-published-labels" aria-hidden="true">
            {placeLabels(
              pub.map((p) => ({ x: x(p.x), y: y(p.y), label: p.label })),
              PW,
              PH,
            ).map((l) => (
              <text key={l.label} x={l.x} y={l.y} data-label={l.label}>
                {l.label}
              </text>
            ))}
          </g>
          <g ref={xAxis} className="sweep-axis" transform={`translate(0,${PH})`} />
          <g ref={yAxis} className="sweep-axis" />
          <text className="sweep-axis-label" x={PW / 2} y={PH + 36} textAnchor="middle">
            {`${param.label}${unit}`}
          </text>
          <text
            className="sweep-axis-label"
            transform={`translate(${-48},${PH / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            {`${label.name}${label.unit ? ` (${label.unit})` : ''}`}
          </text>
        </g>
      </svg>
      <figcaption>
        <ul className="sweep-legend" aria-label={`Legend of ${label.name}`} data-export-skip="">
          {series.values.map((s, i) => (
            <li key={s}>
              <svg width="22" height="10" aria-hidden="true">
                <line x1="0" x2="22" y1="5" y2="5" style={{ stroke: seriesColor(i) }} />
                <circle cx="11" cy="5" r="3" style={{ fill: seriesColor(i) }} />
              </svg>
              {s}
            </li>
          ))}
          {result.seeds.length > 1 && (
            <li className="sweep-legend-note">band: min–max over seeds</li>
          )}
          {pub.length > 0 && (
            <li className="sweep-legend-note">◆ published value, ▲ lower bound, ▼ upper bound</li>
          )}
        </ul>
      </figcaption>
    </figure>
  );
}
