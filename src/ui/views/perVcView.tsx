/**
 * View 2, per-VC accounting: each VC's cells X_i in the watched buffer against the fair share
 * X/N_a and the policy's per-VC limit.
 */
import { useSyncExternalStore } from 'react';
import type { RunStore } from '../data/runStore';
import { seriesColor } from './palette';
import { ViewLegend } from './ViewLegend';
import { usePacedVersion, useWidth } from './useRedraw';
import type { ViewState } from './viewState';

/**
 * The per-VC view's bar labels, so that no two overlap: "VC 12" under each bar when it fits
 * (`charPx`: the width of one character), else the bare number (`short`; the axis then reads
 * "VC" at its start) under every `every`-th bar.
 */
export function barLabels(
  nVc: number,
  barPx: number,
  charPx: number,
): { every: number; short: boolean } {
  const digits = String(Math.max(0, nVc - 1)).length;
  const gap = 4;
  if (barPx >= (3 + digits) * charPx + gap) return { every: 1, short: false };
  return {
    every: Math.max(1, Math.ceil((digits * charPx + gap) / Math.max(barPx, 0.1))),
    short: true,
  };
}

/**
 * View 2: per-VC accounting. X_i of each VC against the fair share X/N_a and against the
 * policy's per-VC limit (SD, FBA, DFBA, per-VC thresholds, FIFO R_i).
 */
export function PerVcView({
  store,
  view,
  height,
  describedBy,
}: {
  store: RunStore;
  view: ViewState;
  height: number;
  /** The id of the view's description in words (ViewDescription). */
  describedBy?: string;
}) {
  const v = useSyncExternalStore(view.subscribe, view.get);
  const [box, width] = useWidth<HTMLDivElement>();
  // New data re-renders the bars at most once per frame, within the frames' drawing budget.
  usePacedVersion(store, view, box);
  const info = store.info;
  const buf = store.buffer;
  const nVc = info?.nVc ?? 0;
  const pad = { l: 44, r: 10, t: 14, b: 22 };
  const pw = Math.max(10, width - pad.l - pad.r);
  const ph = Math.max(10, height - pad.t - pad.b);
  let maxY = 1;
  const fair = buf && buf.na > 0 ? (buf.X - (buf.xi[nVc] ?? 0)) / buf.na : 0;
  if (buf) {
    for (let i = 0; i < nVc; i++) {
      maxY = Math.max(maxY, buf.xi[i], Number.isFinite(buf.limits[i]) ? buf.limits[i] : 0);
    }
    maxY = Math.max(maxY, fair) * 1.12;
  }
  const y = (c: number) => pad.t + ph - (c / maxY) * ph;
  const bw = nVc > 0 ? pw / nVc : pw;
  const hoverVc = v.hoverConn !== null && info ? info.vcOfConn[v.hoverConn] : -1;
  const ticks = [...new Set([0, maxY / 2, maxY].map((c) => Math.round(c)))];
  const labels = barLabels(nVc, bw, v.presenter ? 9 : 7);
  const limitsShown = buf ? Array.from(buf.limits).filter(Number.isFinite).length : 0;
  return (
    <>
      <div
        className="pervc-view"
        ref={box}
        data-testid="view-pervc"
        data-vcs={nVc}
        data-limits={limitsShown}
        data-label-every={labels.every}
      >
        <svg
          width={Math.max(width, 1)}
          height={height}
          role="img"
          aria-label="Per-VC buffer occupancy against the fair share and the policy's limit"
          aria-describedby={describedBy}
        >
          {ticks.map((c) => (
            <g key={c} className="axis">
              <line x1={pad.l} x2={pad.l + pw} y1={y(c)} y2={y(c)} className="grid" />
              <text x={pad.l - 4} y={y(c) + 4} textAnchor="end">
                {c}
              </text>
            </g>
          ))}
          {buf &&
            Array.from({ length: nVc }, (_, i) => {
              const xi = buf.xi[i];
              const x0 = pad.l + i * bw + bw * 0.15;
              const w = Math.max(1, bw * 0.7);
              const lim = buf.limits[i];
              return (
                <g
                  key={i}
                  opacity={hoverVc >= 0 && hoverVc !== i ? 0.3 : 1}
                  onMouseEnter={() => view.set({ hoverConn: info!.vcOfConn.indexOf(i) })}
                  onMouseLeave={() => view.set({ hoverConn: null })}
                >
                  <title>{`VC ${i}: X_i = ${xi} cells${Number.isFinite(lim) ? `, limit ${lim.toFixed(0)}` : ''}; X/N_a = ${fair.toFixed(0)}`}</title>
                  <rect
                    x={x0}
                    y={y(xi)}
                    width={w}
                    height={pad.t + ph - y(xi)}
                    fill={seriesColor(i, v.dark)}
                  />
                  {Number.isFinite(lim) && (
                    <line
                      x1={x0 - 2}
                      x2={x0 + w + 2}
                      y1={y(lim)}
                      y2={y(lim)}
                      className="limit-line"
                    />
                  )}
                  {i % labels.every === 0 && (
                    <text
                      x={x0 + w / 2}
                      y={pad.t + ph + 14}
                      textAnchor="middle"
                      className="bar-label"
                    >
                      {labels.short ? i : `VC ${i}`}
                    </text>
                  )}
                </g>
              );
            })}
          {labels.short && (
            <text x={pad.l - 4} y={pad.t + ph + 14} textAnchor="end" className="bar-label">
              VC
            </text>
          )}
          {buf && buf.na > 0 && (
            <g>
              <line x1={pad.l} x2={pad.l + pw} y1={y(fair)} y2={y(fair)} className="fair-line" />
              <text x={pad.l + pw} y={y(fair) - 4} textAnchor="end" className="fair-label">
                fair share X/N_a = {fair.toFixed(0)}
              </text>
            </g>
          )}
        </svg>
      </div>
      <ViewLegend store={store} view={view} kind="pervc" />
    </>
  );
}
