/**
 * A small work pool, shared by the CLI (worker_threads) and the browser panel (Web Workers):
 * `lanes` workers each take the next item as soon as they finish one. Pure TypeScript.
 */

export interface PoolOptions<T, R> {
  /** Number of workers (lanes); at least 1. */
  lanes: number;
  /** Runs one item on lane `lane` (0-based). */
  exec(item: T, lane: number): Promise<R>;
  /** Called after each item completes, with how many are done. */
  onResult?(item: T, result: R, done: number): void;
  /** Stops handing out items; running ones are left to `exec` to abandon. */
  signal?: AbortSignal;
}

/** Runs every item; resolves with the results in item order, or rejects with the first error
 * (no new item starts after an error or an abort). */
export async function runPool<T, R>(items: readonly T[], opts: PoolOptions<T, R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let done = 0;
  let failed = false;
  const lane = async (id: number): Promise<void> => {
    while (!failed && !opts.signal?.aborted && next < items.length) {
      const i = next++;
      try {
        results[i] = await opts.exec(items[i], id);
      } catch (e) {
        failed = true;
        throw e;
      }
      done++;
      opts.onResult?.(items[i], results[i], done);
    }
  };
  const n = Math.max(1, Math.min(opts.lanes, items.length));
  await Promise.all(Array.from({ length: n }, (_, id) => lane(id)));
  if (opts.signal?.aborted) throw new DOMException('sweep cancelled', 'AbortError');
  return results;
}

/** Estimated seconds left after `done` of `total` items in `elapsedMs` (null before the first
 * item completes). */
export function etaSeconds(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0) return null;
  return ((elapsedMs / done) * (total - done)) / 1000;
}

/** "42 s", "3 min 5 s", "1 h 2 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}
