/**
 * The legend and caption an exported image of a view carries (the views draw their series in
 * the palette's colours; the legend names them), from the run store. No DOM.
 */
import { tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import { BACKGROUND_COLOR, markColors, reasonStyle, seriesColor } from '../views/palette';
import type { ExportView } from './build';
import { exportsOf } from '../views/registry';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../../version';
import type { ExportMeta } from './meta';
import { runStatus } from './meta';
import type { LegendItem } from './frame';

/** At most this many VCs or connections are named one by one. */
const MAX_NAMED = 12;

/** The series a view draws, each with its colour, as its registry entry's `imageLegend` says. */
export function viewLegend(store: RunStore, view: ExportView, dark = false): LegendItem[] {
  const info = store.info;
  if (!info) return [];
  const vcs = (): LegendItem[] => {
    const out: LegendItem[] = [];
    for (let i = 0; i < Math.min(info.nVc, MAX_NAMED); i++)
      out.push({ label: `VC ${i}`, color: seriesColor(i, dark) });
    if (info.nVc > MAX_NAMED)
      out.push({ label: `… ${info.nVc - MAX_NAMED} more VCs`, color: '#999999' });
    return out;
  };
  const conns = (): LegendItem[] => {
    const out: LegendItem[] = [];
    for (let i = 0; i < Math.min(info.nConn, MAX_NAMED); i++)
      out.push({ label: `TCP ${i + 1}`, color: seriesColor(i, dark) });
    if (info.nConn > MAX_NAMED)
      out.push({ label: `… ${info.nConn - MAX_NAMED} more connections`, color: '#999999' });
    return out;
  };
  // Background (CBR) cells share the buffer only in scenarios with a CBR stream that does.
  const sc = info.scenario;
  const background =
    sc.cbrMbps > 0 && sc.cbrSharesBuffer
      ? [{ label: 'background (CBR) cells', color: BACKGROUND_COLOR }]
      : [];
  switch (exportsOf(view).imageLegend) {
    case 'vcs':
      return [...vcs(), ...background];
    case 'connections':
      return conns();
    case 'connection-marks':
      return [
        ...conns(),
        { label: 'retransmission', color: markColors(dark).retx },
        ...[tcpEventRow('TIMEOUT'), tcpEventRow('FAST_RETRANSMIT')].map((e) => ({
          label: e.words,
          color: markColors(dark)[e.mark],
        })),
        { label: 'stop-and-go stall', color: markColors(dark).stopAndGo },
      ];
    case 'drop-reasons': {
      const reason = store.column('loss', 'reason');
      const seen = new Set<number>();
      for (let i = 0; i < store.tables.loss.rows; i++) seen.add(reason[i]);
      const items = [...seen].sort((a, b) => a - b).map((c) => reasonStyle(c, dark));
      return items.length
        ? items.map((s) => ({ label: s.label, color: s.color }))
        : [{ label: 'no cell dropped yet', color: '#999999' }];
    }
    case undefined:
      return [];
  }
}

/** The caption: the scenario link, its seed, whether the run was complete and the app. */
export function imageCaption(meta: ExportMeta): string {
  const run = meta.simulated ? ` Run ${runStatus(meta.simulated)}.` : '';
  return (
    `Scenario: ${meta.scenarioUrl} (seed ${meta.seed}).${run} ` +
    `${APP_NAME} ${meta.version ?? APP_VERSION}, commit ${meta.commit ?? APP_COMMIT}. ` +
    'Open the link to reproduce the run.'
  );
}
