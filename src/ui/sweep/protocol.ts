import type { RunRequest, RunSummary } from '../../reproduce/summary';
import type { MetricKey, PointResult, SweepPoint, SweepSpec } from '../../sweep';

/** Main thread → sweep worker: run one sweep point, or one scenario of the reproduction
 * scorecard (a claim's run). */
export type ToSweepWorker =
  | {
      id: number;
      spec: Pick<SweepSpec, 'base' | 'param' | 'series' | 'metrics'>;
      point: SweepPoint;
    }
  | { id: number; claimRun: RunRequest };

/** Sweep worker → main thread. */
export type FromSweepWorker =
  | { id: number; metrics: Partial<Record<MetricKey, number>> }
  | { id: number; summary: RunSummary }
  | { id: number; error: string };

/**
 * A fixed set of Web Workers, one request in flight per worker (lane), for `runPool`.
 * `terminate()` stops every worker at once (cancel): pending requests reject with an
 * AbortError.
 */
export class SweepWorkerPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<
    number,
    { resolve(m: FromSweepWorker): void; reject(e: Error): void }
  >();
  private nextId = 0;
  private closed = false;

  constructor(
    readonly size: number,
    factory: () => Worker = () =>
      new Worker(new URL('./sweep.worker.ts', import.meta.url), { type: 'module' }),
  ) {
    for (let i = 0; i < size; i++) {
      const w = factory();
      w.addEventListener('message', (ev: MessageEvent<FromSweepWorker>) => {
        const p = this.pending.get(ev.data.id);
        this.pending.delete(ev.data.id);
        p?.resolve(ev.data);
      });
      w.addEventListener('error', (ev) => {
        ev.preventDefault();
        this.failAll(new Error(ev.message || 'a sweep worker stopped unexpectedly'));
      });
      this.workers.push(w);
    }
  }

  private failAll(e: Error): void {
    const all = [...this.pending.values()];
    this.pending.clear();
    for (const p of all) p.reject(e);
  }

  private request(
    lane: number,
    msg: (id: number) => ToSweepWorker,
  ): Promise<Exclude<FromSweepWorker, { error: string }>> {
    if (this.closed) return Promise.reject(new DOMException('sweep cancelled', 'AbortError'));
    const id = ++this.nextId;
    return new Promise<FromSweepWorker>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.workers[lane % this.workers.length].postMessage(msg(id));
    }).then((m) => {
      if ('error' in m) throw new Error(m.error);
      return m;
    });
  }

  /** Runs `point` on worker `lane`. */
  exec(
    spec: Extract<ToSweepWorker, { spec: unknown }>['spec'],
    point: SweepPoint,
    lane: number,
  ): Promise<PointResult> {
    return this.request(lane, (id) => ({ id, spec, point })).then(
      (m) => ({ ...point, metrics: 'metrics' in m ? m.metrics : {} }),
      (e: Error) => {
        throw e.name === 'AbortError' ? e : new Error(`point ${point.index}: ${e.message}`);
      },
    );
  }

  /** Runs one scenario of the reproduction scorecard on worker `lane`. */
  execClaimRun(req: RunRequest, lane: number): Promise<RunSummary> {
    return this.request(lane, (id) => ({ id, claimRun: req })).then((m) => {
      if (!('summary' in m)) throw new Error(`${req.query}: the worker sent no summary`);
      return m.summary;
    });
  }

  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.workers) w.terminate();
    this.failAll(new DOMException('sweep cancelled', 'AbortError'));
  }
}
