import { DROP_REASONS } from './policies';
import type { FramePool } from './frames';
import type { PortState } from './policies/types';

/**
 * The counts of a switch output port (the papers' notation: K, X, X_i, N_a), what its buffer
 * policy reads, and its counters over the run. Every path that moves cells into or out of the
 * buffer (a cell at a time, a run of cells, or a window of slots) counts them through the one
 * routine `move`, so a new count is one edit here.
 */
export class PortCounts implements PortState {
  X = 0;
  na = 0;
  /** Per-queue occupancy; queue nVc holds background cells that share the buffer. */
  readonly xi: Int32Array;
  /** CLP=1 cells in the buffer. */
  x1 = 0;
  /** Highest occupancy X of the run, and since the buffer last emptied. */
  maxX = 0;
  peakSinceEmpty = 0;

  // Counters (cells unless stated). UBR/GFR data cells only; background is counted apart.
  offered = 0;
  accepted = 0;
  dropped = 0;
  departed = 0;
  /** Departed cells handed to the next switch of their route (the rest reached receivers). */
  forwarded = 0;
  /** Arrived cells that came from a previous switch (the rest came from access links). */
  fedArrived = 0;
  readonly fedArrivedByClp = new Float64Array(2);
  deadCells = 0;
  bgArrived = 0;
  bgDropped = 0;
  bgDeparted = 0;
  readonly droppedByReason = new Float64Array(DROP_REASONS.length);
  /** Cells arriving at the switch and dropped there, by CLP after any tagging (S3's CLR). */
  readonly arrivedByClp = new Float64Array(2);
  readonly droppedByClp = new Float64Array(2);
  /** Frames tagged CLP=1 by F-GCRA. */
  framesTagged = 0;

  constructor(
    readonly K: number,
    readonly nVc: number,
    private readonly frames: FramePool,
  ) {
    this.xi = new Int32Array(nVc + 1);
  }

  /** UBR/GFR cells that reached the switch. */
  get arrived(): number {
    return this.arrivedByClp[0] + this.arrivedByClp[1];
  }

  /**
   * The accounting routine: `n` cells of frame record `f` (CLP `clp`) of VC queue `q` enter the
   * buffer (n > 0, accepted), or leave it (n < 0): sent on the link when `sent`, else purged.
   * X, X_i, N_a, the CLP=1 count, the frame's queued and departed cells, and the port's
   * accepted and departed counters move together. (The peak occupancy is noted apart, with
   * notePeak: inside a window X runs ahead of the slot's true occupancy.)
   */
  move(q: number, f: number, clp: number, n: number, sent: boolean): void {
    const x = this.xi[q];
    const y = x + n;
    this.xi[q] = y;
    if (x === 0) {
      if (y !== 0) this.na++;
    } else if (y === 0) this.na--;
    this.X += n;
    if (clp) this.x1 += n;
    const frames = this.frames;
    frames.queued[f] += n;
    if (sent) {
      frames.departed[f] -= n;
      this.departed -= n;
    } else this.accepted += n;
  }

  /** A background cell enters (n = 1) or leaves (n = −1) the shared buffer (queue nVc). */
  moveBackground(n: number): void {
    this.xi[this.nVc] += n;
    this.X += n;
    if (n < 0) this.bgDeparted++;
  }

  /** The occupancy reached `x` (at most the buffer's true occupancy at some instant). */
  notePeak(x: number): void {
    if (x > this.peakSinceEmpty) {
      this.peakSinceEmpty = x;
      if (x > this.maxX) this.maxX = x;
    }
  }

  /** `n` UBR/GFR cells of CLP `clp` reached the port (accepted or not). */
  arrive(clp: number, n: number): void {
    this.arrivedByClp[clp] += n;
  }

  /** A cell of frame record `f` is dropped for `reason`. */
  drop(f: number, reason: number): void {
    const frames = this.frames;
    frames.dropped[f]++;
    this.dropped++;
    this.droppedByReason[reason]++;
    this.droppedByClp[frames.clp[f]]++;
  }
}
