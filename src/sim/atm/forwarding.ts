import type { Time } from '../core/time';
import type { FramePool } from './frames';
import { FrameFlag } from './frames';
import type { PortCounts } from './portCounts';
import type { NextPort, PortConfig, PortSink } from './portTypes';

/**
 * Where a switch output port's cells go once they leave: on a VC's last hop, to its receivers,
 * which reassemble frames (an EOM ends a frame; a frame that lost cells, here or upstream, or
 * that follows orphaned cells fails its CRC: dead cells); otherwise to the next switch of the
 * VC's route (net/), dead cells included, with the frame's record for that switch.
 */
export class Forwarding {
  /** Per VC: the next port of its route (null when this port is its last hop) and its index
   * there. */
  readonly nextPort: (NextPort | null)[];
  readonly nextVc: Int32Array;
  /** Whether any VC is forwarded to another switch (false alone: the fast path). */
  anyNext = false;
  /** Per VC: cells that got through of frames whose EOM was lost (they corrupt the next). */
  private readonly orphan: Int32Array;
  /** Per VC: propagation delay to its receivers, or to the next switch (ps). */
  private readonly propOut: Float64Array;

  constructor(
    cfg: PortConfig,
    private readonly c: PortCounts,
    private readonly frames: FramePool,
    private readonly sink: PortSink,
    /** The output slot (ps): a cell leaves the port one slot after its slot starts. */
    private readonly slot: Time,
  ) {
    this.nextPort = Array.from({ length: cfg.nVc }, () => null);
    this.nextVc = new Int32Array(cfg.nVc);
    this.orphan = new Int32Array(cfg.nVc);
    this.propOut = Float64Array.from(cfg.propOut);
  }

  /** Routes VC `vc` on to VC `nextVc` of port `next` (net/route.ts). */
  connect(vc: number, next: NextPort, nextVc: number): void {
    this.nextPort[vc] = next;
    this.nextVc[vc] = nextVc;
    this.anyNext = true;
    next.feed(nextVc);
  }

  /** A cell (word) of VC queue q left in the slot starting at `tn`. */
  sent(q: number, word: number, tn: Time): void {
    const frames = this.frames;
    const f = word >> 1;
    if (this.anyNext && this.nextPort[q] !== null) {
      this.forward(q, f, word & 1, tn);
      return;
    }
    if (word & 1) {
      // The EOM left: the receiver reassembles the frame (with any orphaned cells before it).
      const orphans = this.orphan[q];
      if (frames.dropped[f] > 0 || orphans > 0 || frames.flags[f] & FrameFlag.DAMAGED) {
        frames.flags[f] |= FrameFlag.CORRUPTED;
        this.c.deadCells += frames.departed[f] + orphans;
        this.sink.deadFrame?.(tn, q, frames.departed[f] + orphans);
      }
      this.orphan[q] = 0;
      const tRx = tn + this.slot + this.propOut[q];
      this.sink.frameOut(f, tRx);
    } else if (
      frames.flags[f] & FrameFlag.EOM_DROPPED &&
      frames.queued[f] === 0 &&
      frames.pending[f] === 0
    ) {
      this.resolveHeadless(q, f);
    }
  }

  /**
   * A cell of frame f left toward the next switch of VC q's route: it arrives there after this
   * slot and the link's propagation (store-and-forward). The next switch gets its own record
   * of the frame with its first cell, marked damaged if the frame lost cells here or before.
   */
  private forward(q: number, f: number, eom: number, tn: Time): void {
    const frames = this.frames;
    this.c.forwarded++;
    let g = frames.down[f];
    if (g < 0) {
      const flags = frames.flags[f] & (FrameFlag.RETRANSMISSION | FrameFlag.DAMAGED);
      g = frames.alloc(
        this.nextVc[q],
        frames.conn[f],
        frames.seq[f],
        frames.len[f],
        frames.cells[f],
        frames.clp[f],
        flags,
        0,
        0,
      );
      frames.down[f] = g;
    }
    if (frames.dropped[f] > 0) frames.flags[g] |= FrameFlag.DAMAGED;
    frames.pending[g]++;
    this.nextPort[q]!.receiveCell(this.nextVc[q], g, eom, tn + this.slot + this.propOut[q]);
    if (eom === 1) frames.release(f);
    else if (
      frames.flags[f] & FrameFlag.EOM_DROPPED &&
      frames.queued[f] === 0 &&
      frames.pending[f] === 0
    )
      this.resolveHeadless(q, f);
  }

  /** A frame whose EOM was lost has no cell left in the buffer: the cells of it that got
   * through wait in the receiver's reassembly buffer and corrupt the next frame. */
  resolveHeadless(vc: number, f: number): void {
    const frames = this.frames;
    const next = this.nextPort[vc];
    if (next === null) {
      this.orphan[vc] += frames.departed[f];
      frames.release(f);
      return;
    }
    // On a route of several switches the orphans travel on: the next switch's record of the
    // frame learns that its EOM will never come.
    const g = frames.down[f];
    frames.release(f);
    if (g >= 0) next.upstreamLostEom(this.nextVc[vc], g);
  }

  /** The previous switch lost the EOM of frame record `f` (VC `vc` here): the frame has no
   * end, and its cells that get through merge with the next frame at the receiver. */
  upstreamLostEom(vc: number, f: number): void {
    const frames = this.frames;
    frames.flags[f] |= FrameFlag.EOM_DROPPED | FrameFlag.DAMAGED;
    if (frames.pending[f] === 0 && frames.queued[f] === 0) this.resolveHeadless(vc, f);
  }
}
