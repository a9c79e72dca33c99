/**
 * Group commit: the writes that arrive in one turn of the event loop (students' answers,
 * attempts, joins) go to SQLite in one transaction, so 300 answers cost one fsync, not 300.
 * Each write's `done` runs only after its transaction committed (that is when an answer is
 * acknowledged and counted); if the transaction fails, each gets the error and nothing of the
 * batch is applied.
 */
import type { ClassDb } from './db';

interface Pending<T> {
  write: () => T;
  done: (err: Error | null, result?: T) => void;
}

export class GroupCommit {
  private queue: Pending<unknown>[] = [];
  private scheduled = false;
  private closed = false;
  /** Transactions committed, writes in them, and the time spent committing (ms: total, max). */
  stats = { batches: 0, writes: 0, commitMs: 0, maxCommitMs: 0 };
  private readonly db: ClassDb;

  constructor(db: ClassDb) {
    this.db = db;
  }

  /** Queues `write` (run inside the next batch's transaction); `done` after the commit. */
  enqueue<T>(write: () => T, done: (err: Error | null, result?: T) => void): void {
    if (this.closed) {
      done(new Error('the server is shutting down'));
      return;
    }
    this.queue.push({ write, done } as Pending<unknown>);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Commits everything queued now (also called before shutdown). */
  flush(): void {
    this.scheduled = false;
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    const results: unknown[] = [];
    let error: Error | null = null;
    const t0 = performance.now();
    try {
      this.db.transaction(() => {
        for (const p of batch) results.push(p.write());
      });
      this.stats.batches++;
      this.stats.writes += batch.length;
      const ms = performance.now() - t0;
      this.stats.commitMs += ms;
      this.stats.maxCommitMs = Math.max(this.stats.maxCommitMs, ms);
    } catch (e) {
      error = e instanceof Error ? e : new Error(String(e));
    }
    for (let i = 0; i < batch.length; i++) {
      try {
        if (error) batch[i].done(error);
        else batch[i].done(null, results[i]);
      } catch (e) {
        // A callback's failure must not lose the other acknowledgements.
        console.error('class server: after commit:', e);
      }
    }
  }

  close(): void {
    this.flush();
    this.closed = true;
  }
}
