/**
 * A cell scheduler of the output port (domain.md §3). The port owns the per-queue cell
 * lists and their lengths (`qlen`); the scheduler only decides which queue sends next.
 */
export interface Scheduler {
  readonly name: string;
  /** A cell was appended to queue `q`. */
  enqueue(q: number): void;
  /** The queue to serve in this slot, or -1 when every queue is empty. The port then removes
   * one cell from that queue (after this call returns). */
  dequeue(): number;
}
