/**
 * The legend and caption an exported image of a view carries (the views draw their series in
 * the palette's colours; the legend names them), from the run store. No DOM.
 */
import { tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import {
  BACKGROUND_COLOR,
  SHAPE_PATHS,
  markColors,
  reasonStyle,
  seriesColor,
} from '../views/palette';
import type { ExportView } from './build';
import { exportsOf } from '../views/registry';
import { APP_COMMIT, APP_NAME, APP_VERSION } from '../../version';
import type { ExportMeta } from './meta';
import { runStatus } from './meta';
import type { LegendItem } from './frame';

/** A hollow upright rectangle (the loss raster's mark of a dead cell), in SHAPE_PATHS' box:
 * the inner outline runs the other way round, a hole under the non-zero fill rule. */
const HOLLOW_PATH = 'M-2.5 -5 H2.5 V5 H-2.5 Z M-1.3 -3.8 V3.8 H1.3 V-3.8 Z';

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
        // The marks' shapes as the time-sequence draws them: × a retransmission, a dotted
        // line a timeout, ▲ a fast retransmit.
        { label: 'retransmission', color: markColors(dark).retx, path: SHAPE_PATHS.cross },
        ...(
          [
            [tcpEventRow('TIMEOUT'), SHAPE_PATHS.bar],
            [tcpEventRow('FAST_RETRANSMIT'), SHAPE_PATHS.triangle],
          ] as const
        ).map(([e, path]) => ({
          label: e.words,
          color: markColors(dark)[e.mark],
          path,
        })),
        { label: 'stop-and-go stall', color: markColors(dark).stopAndGo },
      ];
    case 'drop-reasons': {
      const reason = store.column('loss', 'reason');
      const seen = new Set<number>();
      for (let i = 0; i < store.tables.loss.rows; i++) seen.add(reason[i]);
      const items = [...seen].sort((a, b) => a - b).map((c) => reasonStyle(c, dark));
      // The raster's hollow marks: cells of damaged frames that crossed the link anyway.
      const dead = store.tables.dead.rows;
      const deadItem = dead
        ? [{ label: `dead cells: ${dead}`, color: markColors(dark).dead, path: HOLLOW_PATH }]
        : [];
      return items.length
        ? [
            ...items.map((s) => ({ label: s.label, color: s.color, path: SHAPE_PATHS[s.shape] })),
            ...deadItem,
          ]
        : [{ label: 'no cell dropped yet', color: '#999999' }, ...deadItem];
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
