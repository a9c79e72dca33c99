/// <reference lib="webworker" />
/** A Web Worker of the sweep panel and the Reproduce page: runs one sweep point, or one
 * scenario of the reproduction scorecard, per message with the same core as the CLI, and
 * answers with its figures. */
import { summarise } from '../../reproduce/summary';
import { runPointMetrics } from '../../sweep';
import type { FromSweepWorker, ToSweepWorker } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener('message', (ev: MessageEvent<ToSweepWorker>) => {
  const m = ev.data;
  let msg: FromSweepWorker;
  try {
    msg =
      'claimRun' in m
        ? { id: m.id, summary: summarise(m.claimRun) }
        : { id: m.id, metrics: runPointMetrics(m.spec, m.point) };
  } catch (e) {
    msg = { id: m.id, error: e instanceof Error ? e.message : String(e) };
  }
  scope.postMessage(msg);
});
