/**
 * Loss events that a batch's end cut in two: cells of an event begun in an earlier batch
 * (LOSS_MORE_SPEC) are added to its row, so that a loss event counts the same cells however
 * the run was cut into batches.
 */
import type { ColumnBatch } from '../../sim';
import type { LOSS_MORE_SPEC } from '../../sim/metrics/probes';
import type { SeriesTable } from './seriesTable';

/** Adds the cells of `more` to their events in the loss table `loss`. The event is the VC's
 * last row; a row thinned away takes nothing. */
export function addLossMore(loss: SeriesTable, more: ColumnBatch<typeof LOSS_MORE_SPEC>): void {
  const { vc: vcs, seq, conn, reason, cells } = loss.cols;
  if (!vcs) return;
  const m = more.columns;
  for (let j = 0; j < more.rows; j++) {
    let i = loss.rows - 1;
    while (i >= 0 && vcs[i] !== m.vc[j]) i--;
    if (i >= 0 && seq[i] === m.seq[j] && conn[i] === m.conn[j] && reason[i] === m.reason[j])
      cells[i] += m.cells[j];
  }
}
