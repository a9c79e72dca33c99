import { useMemo } from 'react';
import { ring } from './chartParts';
import type { ViewProps } from './chartParts';
import { dropRecord } from './dropRecord';
import { fillShape } from './draw';
import { markColors, reasonStyle } from './palette';
import type { ChartSpec } from './TimeChart';
import { stepIndex } from './TimeChart';
import type { RunStore } from '../data/runStore';
import type { DropRecord } from '../../sim/atm/policies/types';
import { TimeView } from './TimeView';

/** What a screen reader hears of the view. */
const LABEL =
  'Cell-loss raster: each drop by time and VC, coloured and shaped by the rule that fired; hollow marks are dead cells. Click a drop to see why it was dropped.';

const secs = new Intl.NumberFormat('en', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
const count = new Intl.NumberFormat('en');

/** A drop in words, as a screen reader hears the drop chosen with the keys. */
export function dropWords(d: DropRecord, nth: number, of: number): string {
  const cells = `${count.format(d.cells)} cell${d.cells === 1 ? '' : 's'}`;
  return `Drop ${count.format(nth)} of ${count.format(of)} shown: ${secs.format(d.t)} s, VC ${d.vc}, ${cells}, ${reasonStyle(d.reason).label}. Enter: why.`;
}

/** The loss-table row of drop `d` (same time and VC), or -1. */
function rowOf(store: RunStore, d: DropRecord): number {
  const lt = store.column('loss', 't');
  const lv = store.column('loss', 'vc');
  const loss = store.tables.loss;
  for (let i = loss.lowerBound(d.t); i < loss.rows && lt[i] <= d.t; i++)
    if (lv[i] === d.vc && lt[i] === d.t) return i;
  return -1;
}

/** View 6: drops by time and VC, coloured and shaped by reason; dead cells marked apart. */
export function LossRasterView(props: ViewProps) {
  const { store, view } = props;
  const spec = useMemo<ChartSpec>(
    () => ({
      yLabel: 'VC',
      yFormat: (v) => (Number.isInteger(v) ? String(v) : ''),
      yDomain() {
        return [-0.5, (store.info?.nVc ?? 1) - 0.5];
      },
      draw({ ctx, x, y, t0, t1, view: v }) {
        const loss = store.tables.loss;
        const dead = store.tables.dead;
        const info = store.info;
        if (!info) return { drops: 0, dead: 0, 'first-drop-x': -1, 'first-drop-y': -1 };
        const rowH = Math.max(3, Math.abs(y(0) - y(1)) * 0.7);
        const lt = store.column('loss', 't');
        const lv = store.column('loss', 'vc');
        const lr = store.column('loss', 'reason');
        const lc = store.column('loss', 'conn');
        let drops = 0;
        let firstX = -1;
        let firstY = -1;
        let lastKey = '';
        // A drop's mark: its reason's shape, in the upper part of the VC's row.
        const size = Math.max(5, Math.min(v.presenter ? 12 : 9, rowH * 0.62));
        for (let i = loss.lowerBound(t0); i < loss.rows && lt[i] < t1; i++) {
          drops++;
          const px = Math.round(x(lt[i]));
          const key = `${px}:${lv[i]}:${lr[i]}`;
          if (key === lastKey) continue;
          lastKey = key;
          ctx.globalAlpha = v.hoverConn === null || v.hoverConn === lc[i] ? 1 : 0.2;
          const st = reasonStyle(lr[i], v.dark);
          ctx.fillStyle = st.color;
          fillShape(ctx, st.shape, px, y(lv[i]) - rowH * 0.19, size);
          if (firstX < 0) {
            firstX = px;
            firstY = y(lv[i]) - rowH / 2 + rowH * 0.31;
          }
        }
        // Dead cells: hollow marks in the lower part of the VC's row.
        const dt = store.column('dead', 't');
        const dv = store.column('dead', 'vc');
        let deadN = 0;
        ctx.globalAlpha = 1;
        ctx.strokeStyle = markColors(v.dark).dead;
        ctx.lineWidth = 1;
        lastKey = '';
        for (let i = dead.lowerBound(t0); i < dead.rows && dt[i] < t1; i++) {
          deadN++;
          const px = Math.round(x(dt[i]));
          const key = `${px}:${dv[i]}`;
          if (key === lastKey) continue;
          lastKey = key;
          ctx.strokeRect(px - 1.5, y(dv[i]) + rowH * 0.18, 3, rowH * 0.3);
        }
        // The drop chosen with the keys: a ring and a bar across its row.
        const k = v.chosenDrop;
        if (k && k.t >= t0 && k.t < t1) {
          const kx = x(k.t);
          const ky = y(k.vc) - rowH * 0.19;
          ring(ctx, kx, ky, '', v.presenter, markColors(v.dark).total);
        }
        // The inspected drop, ringed.
        const d = v.inspected;
        if (d && d.t >= t0 && d.t < t1)
          ring(ctx, x(d.t), y(d.vc) - rowH * 0.19, '', v.presenter, markColors(v.dark).highlight);
        return { drops, dead: deadN, 'first-drop-x': firstX, 'first-drop-y': Math.round(firstY) };
      },
      click(t, value, tTol) {
        // The drop nearest to the click on that VC's row, within 4 px.
        const loss = store.tables.loss;
        const vc = Math.round(value);
        const lt = store.column('loss', 't');
        const lv = store.column('loss', 'vc');
        let best = -1;
        let bestD = tTol;
        for (let i = loss.lowerBound(t - tTol); i < loss.rows && lt[i] <= t + tTol; i++) {
          if (lv[i] !== vc) continue;
          const dist = Math.abs(lt[i] - t);
          if (dist <= bestD) {
            bestD = dist;
            best = i;
          }
        }
        if (best >= 0) view.set({ inspected: dropRecord(store, best) });
      },
      nav: {
        hint: 'Arrow keys: drop to drop; Home, End: first, last; Enter: why it was dropped.',
        move(dir, t0, t1) {
          const loss = store.tables.loss;
          const a = loss.lowerBound(t0);
          const b = Math.min(loss.rows, loss.lowerBound(t1));
          if (b <= a) {
            view.set({ chosenDrop: null });
            return null;
          }
          const cur = view.get().chosenDrop;
          const i = stepIndex(dir, cur ? rowOf(store, cur) : -1, a, b);
          const d = dropRecord(store, i);
          view.set({ chosenDrop: d });
          return dropWords(d, i - a + 1, b - a);
        },
        open() {
          const d = view.get().chosenDrop;
          if (d) view.set({ inspected: d });
        },
      },
    }),
    [store, view],
  );
  return <TimeView {...props} spec={spec} kind="loss" label={LABEL} />;
}
