/** A worker thread of `npm run sweep`: runs the points the main thread sends, one at a time,
 * with the same sweep core as the in-process path and the browser's Web Workers. */
import { parentPort, workerData } from 'node:worker_threads';
import type { SweepPoint, SweepSpec } from '../sweep';
import { runPointMetrics } from '../sweep';
import { serve } from './threads';

const spec = (workerData as { spec: SweepSpec }).spec;
serve(parentPort!, (p: SweepPoint) => runPointMetrics(spec, p) as Record<string, number>);
