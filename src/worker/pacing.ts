/**
 * Back-pressure between the worker and the page at Max speed: the worker never has more than
 * one batch in flight. The page acknowledges a batch once it has drawn it; until then the
 * worker may simulate one more slice of its frame budget ahead (held, not posted) and then
 * waits. A page that draws slowly (a phone) so slows the run to what it can show; a fast one
 * never waits, since the slice ahead is ready when the acknowledgement comes. Only how often
 * the model runs and batches are cut changes, never what the model computes.
 *
 * At a set speed (1×, 2×, …) the run keeps to the wall clock as before and every tick posts;
 * so does a client that never acknowledges (e.g. the protocol tests).
 */
export class BatchPacer {
  /** Batches posted and not yet acknowledged. */
  private inFlight = 0;
  /** A tick's model work done since the last post, waiting for the acknowledgement. */
  private held = false;
  /** The run plays at Max speed (set by the host on start and on each play). */
  maxSpeed = false;

  /** `acks`: the page acknowledges each batch it draws. */
  constructor(readonly acks: boolean) {}

  private get gating(): boolean {
    return this.acks && this.maxSpeed;
  }

  /** Whether the next tick may run the model: unless a slice is already held behind a batch
   * in flight. */
  mayRun(): boolean {
    return !this.gating || this.inFlight === 0 || !this.held;
  }

  /** After a tick ran the model: whether to post its batch now (else it is held). `must`: the
   * tick ended the play (the end of the run, or its `until`), which is always posted. */
  tickDone(must: boolean): boolean {
    if (!this.gating || this.inFlight === 0 || must) return true;
    this.held = true;
    return false;
  }

  /** Any batch was posted (a tick's, or an answer to pause, seek, step…): it carries whatever
   * was held. */
  posted(): void {
    if (this.acks) this.inFlight++;
    this.held = false;
  }

  /** The page drew `n` batches. Returns whether a held slice should now be posted. */
  acked(n = 1): boolean {
    this.inFlight = Math.max(0, this.inFlight - Math.max(0, Math.floor(n) || 0));
    return this.acks && this.inFlight === 0 && this.held;
  }
}
