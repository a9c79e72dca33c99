import type { MetricKey, PointResult, SweepPoint, SweepSpec } from '../../sweep';

/** Main thread → sweep worker: run one point. */
export interface ToSweepWorker {
  id: number;
  spec: Pick<SweepSpec, 'base' | 'param' | 'series' | 'metrics'>;
  point: SweepPoint;
}

/** Sweep worker → main thread. */
export type FromSweepWorker =
  { id: number; metrics: Partial<Record<MetricKey, number>> } | { id: number; error: string };

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

  /** Runs `point` on worker `lane`. */
  exec(spec: ToSweepWorker['spec'], point: SweepPoint, lane: number): Promise<PointResult> {
    if (this.closed) return Promise.reject(new DOMException('sweep cancelled', 'AbortError'));
    const id = ++this.nextId;
    return new Promise<FromSweepWorker>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const msg: ToSweepWorker = { id, spec, point };
      this.workers[lane % this.workers.length].postMessage(msg);
    }).then((m) => {
      if ('error' in m) throw new Error(`point ${point.index}: ${m.error}`);
      return { ...point, metrics: m.metrics };
    });
  }

  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of this.workers) w.terminate();
    this.failAll(new DOMException('sweep cancelled', 'AbortError'));
  }
}
