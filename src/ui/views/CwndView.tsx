import { useMemo } from 'react';
import { decimateByKey } from '../data/decimate';
import { consequenceOf } from '../data/consequence';
import { KB, alphaFor, connsToDraw, nearestAt, ring, tcpEventMarks } from './chartParts';
import type { ViewProps } from './chartParts';
import { strokeColumns } from './draw';
import { markColors, seriesColor } from './palette';
import type { ChartSpec } from './TimeChart';
import { TimeView } from './TimeView';

/** What a screen reader hears of the view. */
const LABEL =
  'Congestion window (solid) and slow-start threshold (dashed) of each connection over time';

/** View 4: cwnd and ssthresh per connection. */
export function CwndView(props: ViewProps) {
  const { store } = props;
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'cwnd (bytes)',
      yFormat: KB,
      yDomain(t0, t1) {
        const tab = store.tables.cwnd;
        const t = store.column('cwnd', 't');
        const cw = store.column('cwnd', 'cwnd');
        const ss = store.column('cwnd', 'ssthresh');
        let hi = 0;
        for (let i = tab.lowerBound(t0); i < tab.rows && t[i] < t1; i++) {
          if (cw[i] > hi) hi = cw[i];
          if (ss[i] > hi && ss[i] < 1e12) hi = Math.min(ss[i], Math.max(hi, 2 * cw[i]));
        }
        return [0, hi > 0 ? hi * 1.05 : 1e4];
      },
      draw({ ctx, x, y, width, height, t0, t1, view: v }) {
        const tab = store.tables.cwnd;
        const t = store.column('cwnd', 't');
        const conn = store.column('cwnd', 'conn');
        const cw = store.column('cwnd', 'cwnd');
        const ss = store.column('cwnd', 'ssthresh');
        const from = tab.lowerBound(t0);
        const cols = Math.max(1, Math.floor(width));
        const conns = connsToDraw(store, -1, v.hoverConn);
        const n = store.info?.nConn ?? 0;
        const want = new Uint8Array(n).fill(1);
        const cwCols = decimateByKey(t, cw, from, tab.rows, t0, t1, cols, conn, want);
        // ssthresh (dashed) only where it is set and, with many connections, for the hovered one.
        const wantSs = new Uint8Array(n);
        for (const c of conns) if (conns.length <= 8 || v.hoverConn === c) wantSs[c] = 1;
        const ssCols = decimateByKey(
          t,
          ss,
          from,
          tab.rows,
          t0,
          t1,
          cols,
          conn,
          wantSs,
          (i) => ss[i] < 1e12,
        );
        let points = 0;
        for (const c of conns) {
          ctx.globalAlpha = alphaFor(c, v.hoverConn);
          ctx.strokeStyle = seriesColor(c, v.dark);
          ctx.lineWidth = v.presenter ? 2.5 : 1.4;
          ctx.setLineDash([]);
          points += strokeColumns(ctx, cwCols[c]!, 0, width / cols, y);
          const b = ssCols[c];
          if (b) {
            ctx.setLineDash([4, 3]);
            ctx.lineWidth = 1;
            points += strokeColumns(ctx, b, 0, width / cols, y);
          }
        }
        ctx.setLineDash([]);
        ctx.globalAlpha = 1;
        let highlighted = 0;
        const d = v.inspected;
        if (d) {
          const c = consequenceOf(store, d);
          if (c.recovery && c.cwndAfter !== null && c.recovery.t >= t0 && c.recovery.t < t1) {
            const label = `${c.recovery.kind}: cwnd cut`;
            ring(
              ctx,
              x(c.recovery.t),
              y(c.cwndAfter),
              label,
              v.presenter,
              markColors(v.dark).highlight,
            );
            highlighted++;
          }
        }
        const marks = tcpEventMarks(
          store,
          ctx,
          x,
          height,
          t0,
          t1,
          null,
          v.presenter,
          markColors(v.dark),
        );
        return { points, conns: conns.length, timeouts: marks.timeouts, highlighted };
      },
      pick(t, value, tol) {
        const cw = store.column('cwnd', 'cwnd');
        return nearestAt(store, 'cwnd', cw, t, value, tol, store.info?.nConn ?? 0);
      },
    }),
    [store],
  );
  return <TimeView {...props} spec={spec} kind="cwnd" label={LABEL} />;
}
