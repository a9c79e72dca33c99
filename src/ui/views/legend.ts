/**
 * The legend of a view for a run, from the view's entry in the registry: its items (the marks
 * it draws, in the theme's colours) and what they read from the run so far.
 */
import type { RunInfo } from '../../worker/protocol';
import type { RunStore } from '../data/runStore';
import type { LegendContext, LegendItem } from './legendItems';
import type { LegendViewId } from './registry';
import { legendOf } from './registry';

export type { LegendContext, LegendItem, LegendMark } from './legendItems';
/** A view that has a legend. */
export type LegendView = LegendViewId;

/** The legend of `view` for run `info` (empty before a run has started). */
export function legendItems(
  view: LegendView,
  info: RunInfo | null,
  ctx: LegendContext,
): LegendItem[] {
  if (!info) return [];
  const def = legendOf(view);
  const items = def.items(info, ctx);
  if (def.timePlot && ctx.cursor)
    items.push({ mark: 'dashed', color: ctx.dark ? '#eceef2' : '#1b1f24', label: 'time shown' });
  return items;
}

/** The legend context of a run so far for `view`: the stall kinds flagged (time-sequence), the
 * drop reasons seen in the recent rows (losses), whether per-VC limits are drawn (per-VC). */
export function runLegendContext(
  store: RunStore,
  view: LegendView,
  dark: boolean,
  selectedConn = -1,
): LegendContext {
  return { dark, selectedConn, ...legendOf(view).read?.(store) };
}
