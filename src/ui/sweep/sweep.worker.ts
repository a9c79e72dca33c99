/// <reference lib="webworker" />
/** A Web Worker of the sweep panel: runs one sweep point per message with the sweep core (the
 * same code as the CLI), and answers with its metric values. */
import { runPointMetrics } from '../../sweep';
import type { FromSweepWorker, ToSweepWorker } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener('message', (ev: MessageEvent<ToSweepWorker>) => {
  const { id, spec, point } = ev.data;
  let msg: FromSweepWorker;
  try {
    msg = { id, metrics: runPointMetrics(spec, point) };
  } catch (e) {
    msg = { id, error: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(msg);
});
