/** The port's cell storage as schedulers see it (struct of arrays over cell slots). */
export interface PortBuffers {
  /** Cells per queue. */
  readonly qlen: Int32Array;
  /** Head slot per queue, -1 when empty. */
  readonly qHead: Int32Array;
  readonly cellNext: Int32Array;
  /** Queue of each slot. */
  readonly cellQueue: Int32Array;
}

/**
 * A per-VC cell scheduler of the output port. The port owns the per-queue cell
 * lists; the scheduler decides which queue sends next. (The FIFO is not one of these: it is
 * the port's storage itself, fifo.ts.)
 */
export interface Scheduler {
  readonly name: string;
  /** A cell (in `slot`) was appended to queue `q`; called before the port counts it. */
  enqueue(q: number, slot: number): void;
  /** The queue to serve in this slot, or -1 when every queue is empty. The port then removes
   * that queue's head cell. */
  dequeue(): number;
  /** Optional, for the port's windows (port.ts runListWindow): writes the queues in the order
   * the next slots serve them, while none empties and none joins, into `out` and returns how
   * many (each queue once: slot i then serves out[i mod n]). */
  cycle?(out: Int32Array): number;
  /** Optional, with cycle: `slots` cells were sent in that order. */
  skip?(slots: number): void;
  /** Optional: the frame arriving on queue `q` ended at this port (its EOM was buffered, or
   * dropped). Frame-aware schedulers (frameMerge.ts) release its cells only then. */
  frameEnd?(q: number): void;
}
