/** The port's cell storage as schedulers see it (struct of arrays over cell slots). */
export interface PortBuffers {
  /** Cells per queue. */
  readonly qlen: Int32Array;
  /** Head slot per queue, -1 when empty. */
  readonly qHead: Int32Array;
  readonly cellNext: Int32Array;
  /** Queue of each slot. */
  readonly cellQueue: Int32Array;
  /** 1 for a purged slot still referenced by a scheduler that holds slots. */
  readonly cellDead: Uint8Array;
  /** Returns a dead slot to the pool once the scheduler has let go of it. */
  releaseDead(slot: number): void;
}

/**
 * A cell scheduler of the output port (domain.md §3). The port owns the per-queue cell lists;
 * the scheduler decides which queue sends next.
 */
export interface Scheduler {
  readonly name: string;
  /** When true the scheduler keeps slot references, and purged slots die lazily (FIFO). */
  readonly holdsSlots: boolean;
  /** A cell (in `slot`) was appended to queue `q`; called before the port counts it. */
  enqueue(q: number, slot: number): void;
  /** The queue to serve in this slot, or -1 when every queue is empty. The port then removes
   * that queue's head cell. */
  dequeue(): number;
  /** Optional: the frame arriving on queue `q` ended at this port (its EOM was buffered, or
   * dropped). Frame-aware schedulers (frameMerge.ts) release its cells only then. */
  frameEnd?(q: number): void;
}
