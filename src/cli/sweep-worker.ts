/** A worker thread of `npm run sweep`: runs the points the main thread sends, one at a time,
 * with the same sweep core as the in-process path and the browser's Web Workers. */
import { parentPort, workerData } from 'node:worker_threads';
import type { SweepPoint, SweepSpec } from '../sweep';
import { runPointMetrics } from '../sweep';

export type ToSweepWorker = SweepPoint;
export type FromSweepWorker =
  { index: number; metrics: Record<string, number> } | { index: number; error: string };

const spec = (workerData as { spec: SweepSpec }).spec;
const port = parentPort!;
port.on('message', (p: ToSweepWorker) => {
  try {
    port.postMessage({ index: p.index, metrics: runPointMetrics(spec, p) });
  } catch (e) {
    port.postMessage({ index: p.index, error: e instanceof Error ? e.message : String(e) });
  }
});
