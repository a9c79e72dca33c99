import { useMemo } from 'react';
import { StallKind } from '../../sim';
import { decimateByKey } from '../data/decimate';
import { KB, alphaFor, connsToDraw, nearestAt, ring, tcpEventMarks } from './chartParts';
import type { ViewProps } from './chartParts';
import { strokeColumns, tickColumns } from './draw';
import { deadlockColor, markColors, seriesColor } from './palette';
import { fillMergedSpans } from './spans';
import { dropRecord } from './dropRecord';
import { dropBefore, indexOfEvent, seqEventWords, seqEventsIn } from './seqEvents';
import type { ChartSpec } from './TimeChart';
import { stepIndex } from './TimeChart';
import { TimeView } from './TimeView';

/** What a screen reader hears of the view. */
const LABEL = 'Time-sequence plot: sequence numbers sent, ACKs and the receive window over time.';

/** View 3: tcptrace-style time-sequence plot. */
export function TimeSeqView(props: ViewProps) {
  const { store, view } = props;
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'sequence (bytes)',
      yFormat: KB,
      yDomain(t0, t1) {
        const v = view.get();
        const conns = new Set(connsToDraw(store, v.selectedConn, null));
        let lo = Infinity;
        let hi = -Infinity;
        const scan = (name: 'segments' | 'acks', f: (i: number) => number) => {
          const tab = store.tables[name];
          const t = store.column(name, 't');
          const c = store.column(name, 'conn');
          for (let i = tab.lowerBound(t0); i < tab.rows && t[i] < t1; i++) {
            if (!conns.has(c[i])) continue;
            const val = f(i);
            if (val < lo) lo = val;
            if (val > hi) hi = val;
          }
        };
        const seq = store.column('segments', 'seq');
        const len = store.column('segments', 'len');
        scan('segments', (i) => seq[i] + len[i]);
        scan('segments', (i) => seq[i]);
        const ack = store.column('acks', 'ack');
        const win = store.column('acks', 'win');
        scan('acks', (i) => ack[i] + win[i]);
        if (!(hi > lo)) return [0, 1e5];
        return [lo, hi];
      },
      draw({ ctx, x, y, width, height, t0, t1, view: v }) {
        const conns = connsToDraw(store, v.selectedConn, v.hoverConn);
        const seg = store.tables.segments;
        const acks = store.tables.acks;
        const st = store.column('segments', 't');
        const sc = store.column('segments', 'conn');
        const sq = store.column('segments', 'seq');
        const sl = store.column('segments', 'len');
        const rx = store.column('segments', 'retx');
        const at = store.column('acks', 't');
        const ac = store.column('acks', 'conn');
        const aa = store.column('acks', 'ack');
        const aw = store.column('acks', 'win');
        const cols = Math.max(1, Math.floor(width));
        const s0 = seg.lowerBound(t0);
        const a0 = acks.lowerBound(t0);
        let points = 0;
        let retx = 0;
        const n = store.info?.nConn ?? 0;
        const want = new Uint8Array(n);
        for (const c of conns) want[c] = 1;
        // One pass per series over the window's rows, split by connection.
        const wins = decimateByKey(at, (i) => aa[i] + aw[i], a0, acks.rows, t0, t1, cols, ac, want);
        const ackCols = decimateByKey(at, aa, a0, acks.rows, t0, t1, cols, ac, want);
        const segCols = decimateByKey(
          st,
          (i) => sq[i] + sl[i],
          s0,
          seg.rows,
          t0,
          t1,
          cols,
          sc,
          want,
          (i) => rx[i] === 0,
        );
        const cw = width / cols;
        const m = markColors(v.dark);
        for (const c of conns) {
          const color = seriesColor(c, v.dark);
          ctx.globalAlpha = alphaFor(c, v.hoverConn);
          // Receive-window edge (ack + rwnd), then the ACK line, then the segments sent (first
          // transmissions: one tick per pixel column, min..max sequence).
          ctx.strokeStyle = m.window;
          ctx.lineWidth = 1;
          points += strokeColumns(ctx, wins[c]!, 0, cw, y);
          ctx.strokeStyle = color;
          ctx.lineWidth = v.presenter ? 2.5 : 1.5;
          points += strokeColumns(ctx, ackCols[c]!, 0, cw, y);
          ctx.fillStyle = color;
          points += tickColumns(ctx, segCols[c]!, cw, y, 3);
        }
        // Flagged deadlock stalls, behind the marks: a red band over each one a timeout ended
        // (deadlock b), a purple one over each the delayed-ACK timer ended (deadlock a).
        const stalls = store.tables.stalls;
        const sT0 = store.column('stalls', 't0');
        const sT1 = store.column('stalls', 't');
        const sConn = store.column('stalls', 'conn');
        const sKind = store.column('stalls', 'kind');
        let stallsDrawn = 0;
        let stopAndGo = 0;
        // Stalls of one kind that overlap or nearly touch (several connections, or a chain of
        // stalls of one) are drawn as one band: an even tint over the deadlocked stretch rather
        // than stripes that darken where connections overlap.
        const spans: [number[], number[]] = [[], []];
        for (let i = 0; i < stalls.rows; i++) {
          if (!want[sConn[i]] || sT1[i] < t0 || sT0[i] > t1) continue;
          const delayedAck = sKind[i] === StallKind.DELAYED_ACK;
          spans[delayedAck ? 1 : 0].push(Math.max(0, x(sT0[i])), Math.min(width, x(sT1[i])));
          stallsDrawn++;
          if (delayedAck) stopAndGo++;
        }
        // A tint over each band and a strip in the full colour along its top edge, so that the
        // band stays visible on a projector in either theme.
        let bands = 0;
        for (const kind of [0, 1] as const) {
          ctx.fillStyle = deadlockColor(kind ? 'a' : 'b', v.dark);
          ctx.globalAlpha = m.bandAlpha;
          bands += fillMergedSpans(ctx, spans[kind], height, v.presenter ? 4 : 3);
          ctx.globalAlpha = 1;
          fillMergedSpans(ctx, spans[kind], v.presenter ? 6 : 4, v.presenter ? 4 : 3);
        }
        // The bands are named by the legend under the plot (legend.ts).
        ctx.globalAlpha = 1;
        // Retransmissions on top, each marked (thinned per pixel when very many).
        ctx.globalAlpha = 1;
        ctx.strokeStyle = m.retx;
        ctx.lineWidth = v.presenter ? 2.5 : 1.6;
        const show = new Set(conns);
        let lastPx = -1;
        let lastPy = -1;
        for (let i = s0; i < seg.rows && st[i] < t1; i++) {
          if (rx[i] !== 1 || !show.has(sc[i])) continue;
          retx++;
          const px = Math.round(x(st[i]));
          const py = Math.round(y(sq[i] + sl[i]));
          if (px === lastPx && Math.abs(py - lastPy) < 3) continue;
          lastPx = px;
          lastPy = py;
          ctx.globalAlpha = alphaFor(sc[i], v.hoverConn);
          const r = v.presenter ? 4 : 3;
          ctx.beginPath();
          ctx.moveTo(px - r, py - r);
          ctx.lineTo(px + r, py + r);
          ctx.moveTo(px + r, py - r);
          ctx.lineTo(px - r, py + r);
          ctx.stroke();
        }
        ctx.globalAlpha = 1;
        // The inspected drop: its segment's sends (original and retransmissions) ringed.
        let highlighted = 0;
        const d = v.inspected;
        if (d && show.has(d.conn)) {
          const dx = x(d.t);
          ctx.save();
          ctx.strokeStyle = m.highlight;
          ctx.setLineDash([3, 3]);
          ctx.beginPath();
          ctx.moveTo(dx, 0);
          ctx.lineTo(dx, height);
          ctx.stroke();
          ctx.restore();
          for (let i = seg.lowerBound(t0); i < seg.rows && st[i] < t1; i++) {
            if (sc[i] !== d.conn || sq[i] !== d.seq) continue;
            const what = rx[i] ? 'retransmitted' : 'sent';
            ring(ctx, x(st[i]), y(sq[i] + sl[i]), what, v.presenter, m.highlight);
            highlighted++;
          }
        }
        // The event chosen with the keys: ringed (on its segment, or at the top for a timer).
        const k = v.chosenEvent;
        if (k && k.t >= t0 && k.t < t1)
          ring(ctx, x(k.t), k.seq === null ? 14 : y(k.seq), '', v.presenter, m.total);
        const marks = tcpEventMarks(store, ctx, x, height, t0, t1, show, v.presenter, m);
        return {
          points,
          retx,
          conns: conns.length,
          timeouts: marks.timeouts,
          stalls: stallsDrawn,
          'stall-bands': bands,
          'stop-and-go': stopAndGo,
          highlighted,
        };
      },
      pick(t, value, tol) {
        if (view.get().selectedConn >= 0) return null;
        const acks = store.column('acks', 'ack');
        return nearestAt(store, 'acks', acks, t, value, tol * 3, store.info?.nConn ?? 0);
      },
      nav: {
        hint: 'Arrow keys: retransmission to retransmission and timeout to timeout; Home, End: first, last; Enter: the drop before it.',
        move(dir, t0, t1) {
          const v = view.get();
          const list = seqEventsIn(
            store,
            t0,
            t1,
            new Set(connsToDraw(store, v.selectedConn, null)),
          );
          if (list.length === 0) {
            view.set({ chosenEvent: null });
            return null;
          }
          const i = stepIndex(dir, indexOfEvent(list, v.chosenEvent), 0, list.length);
          view.set({ chosenEvent: list[i] });
          return seqEventWords(list[i], i + 1, list.length);
        },
        open() {
          const e = view.get().chosenEvent;
          const i = e ? dropBefore(store, e) : -1;
          if (i >= 0) view.set({ inspected: dropRecord(store, i) });
        },
      },
    }),
    [store, view],
  );
  return <TimeView {...props} spec={spec} kind="timeseq" label={LABEL} />;
}
