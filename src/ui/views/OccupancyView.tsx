import { useMemo } from 'react';
import { decimate } from '../data/decimate';
import type { ViewProps } from './chartParts';
import { matchesHighlight, strokeColumns, thresholdLine } from './draw';
import { BACKGROUND_COLOR, markColors, seriesColor } from './palette';
import type { ChartSpec } from './TimeChart';
import { TimeView } from './TimeView';

/** What a screen reader hears of the view. */
const LABEL =
  "Buffer occupancy over time: total X as a line, each VC's X_i stacked, thresholds dashed";

/** View 5: buffer occupancy X and stacked X_i over time, with the policy's thresholds. */
export function OccupancyView(props: ViewProps) {
  const { store } = props;
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'cells in buffer',
      yDomain() {
        return [0, store.info?.scenario.bufferCells ?? 1];
      },
      draw({ ctx, x, y, width, t0, t1, view: v }) {
        const tab = store.tables.queue;
        const info = store.info;
        if (!info || tab.rows === 0) return { points: 0 };
        const t = store.column('queue', 't');
        const from = tab.lowerBound(t0);
        const cols = Math.max(1, Math.floor(width));
        const nVc = info.nVc;
        // Stacked X_i: per column, the last sample of each VC (stacked in VC order).
        const lastRow = new Int32Array(cols).fill(-1);
        for (let i = from; i < tab.rows && t[i] < t1; i++) {
          const j = Math.min(cols - 1, Math.floor(((t[i] - t0) / (t1 - t0)) * cols));
          if (j >= 0) lastRow[j] = i;
        }
        const cw = width / cols;
        const base = new Float64Array(cols);
        const series: { name: string; color: string }[] = [];
        for (let vc = 0; vc < nVc; vc++)
          series.push({ name: `vc${vc}`, color: seriesColor(vc, v.dark) });
        series.push({ name: 'background', color: BACKGROUND_COLOR });
        for (const s of series) {
          const col = store.column('queue', s.name);
          if (col.length === 0) continue;
          ctx.fillStyle = s.color;
          const vcIndex = s.name.startsWith('vc') ? Number(s.name.slice(2)) : -1;
          // Opaque unless another VC is hovered, so that each area keeps its contrast.
          ctx.globalAlpha =
            v.hoverConn !== null && vcIndex >= 0 && info.vcOfConn[v.hoverConn] !== vcIndex
              ? 0.2
              : 1;
          for (let j = 0; j < cols; j++) {
            const r = lastRow[j];
            if (r < 0) continue;
            const val = col[r];
            if (val <= 0) continue;
            const yTop = y(base[j] + val);
            ctx.fillRect(j * cw, yTop, cw + 0.5, y(base[j]) - yTop);
            base[j] += val;
          }
        }
        ctx.globalAlpha = 1;
        // Total X as a min/max envelope line.
        ctx.strokeStyle = markColors(v.dark).total;
        ctx.lineWidth = v.presenter ? 2 : 1;
        const X = decimate(t, store.column('queue', 'X'), from, tab.rows, t0, t1, cols);
        const points = strokeColumns(ctx, X, 0, cw, y);
        void x;
        return { points };
      },
      annotate(g, { y, width, view: v }) {
        const info = store.info;
        if (!info) return;
        const K = info.scenario.bufferCells;
        const hl = v.highlightThreshold;
        let highlighted = '';
        const kLabel = `K = ${K}`;
        if (matchesHighlight(kLabel, hl)) highlighted = kLabel;
        const placed: number[] = [];
        thresholdLine(g, y(K), width, kLabel, 'currentColor', highlighted === kLabel, placed);
        for (const th of info.thresholds) {
          if (!(th.cells > 0 && th.cells < K)) continue;
          const on = matchesHighlight(th.label, hl);
          if (on) highlighted = th.label;
          thresholdLine(
            g,
            y(th.cells),
            width,
            `${th.label} = ${Math.round(th.cells)}`,
            markColors(v.dark).threshold,
            on,
            placed,
          );
        }
        (g.closest('[data-testid]') as HTMLElement | null)?.setAttribute(
          'data-highlight-threshold',
          highlighted,
        );
      },
    }),
    [store],
  );
  return <TimeView {...props} spec={spec} kind="occupancy" label={LABEL} />;
}
