import type { Time } from '../core/time';
import { Drop, RULE_INPUTS } from './dropReasons';
import type { FrameGcra } from './gfr';
import type { FramePool } from './frames';
import type { BufferPolicy } from './policies/types';
import { writeRule } from './policies/types';
import type { PortCounts } from './portCounts';
import type { PortConfig, PortOps } from './portTypes';
import { ACCEPT, DISCARD } from './portTypes';

/**
 * Buffer admission at a switch output port: on each frame's first cell, GFR
 * conformance (F-GCRA: tag or discard) and then the buffer policy decide whether the VC
 * accepts or discards the frame; the decision stands for the frame's later cells, which can
 * still be refused (beyond MFS, buffer full: with partial discard the rest of the frame goes).
 */
export class Admission {
  policy: BufferPolicy;
  partialDiscard: boolean;
  /** Per VC: the standing decision (ACCEPT, DISCARD) and, when discarding, its reason. */
  readonly mode: Uint8Array;
  readonly modeReason: Uint8Array;
  /** GFR conformance at the input (F-GCRA), or undefined. */
  readonly gcra: FrameGcra | undefined;
  /** Maximum frame size in cells; later cells are discarded (GFR). */
  readonly mfs: number;
  readonly keepEom: boolean;
  private readonly gfrDiscard: boolean;
  /** The inputs of the last rule that dropped a cell (RuleInput layout). */
  readonly rule = new Float64Array(RULE_INPUTS);

  private readonly K: number;

  constructor(
    cfg: PortConfig,
    private readonly c: PortCounts,
    private readonly frames: FramePool,
    private readonly p: PortOps,
  ) {
    this.K = cfg.K;
    this.policy = cfg.policy;
    this.partialDiscard = cfg.policy.partialDiscard;
    this.mode = new Uint8Array(cfg.nVc);
    this.modeReason = new Uint8Array(cfg.nVc);
    this.gcra = cfg.gcra;
    this.mfs = cfg.mfs;
    this.keepEom = cfg.keepEom;
    this.gfrDiscard = cfg.gfrDiscard;
  }

  setPolicy(policy: BufferPolicy): void {
    this.policy = policy;
    this.partialDiscard = policy.partialDiscard;
  }

  /** First cell of frame f on VC `vc` at `t`: GFR conformance (only at the VC's first switch,
   * not `fed` by a previous one), then the policy. */
  decideFrame(vc: number, f: number, t: Time, fed: boolean): void {
    const frames = this.frames;
    let reason = 0;
    if (this.gcra !== undefined && !fed && !this.gcra.firstCell(vc, t, frames.clp[f])) {
      // F-GCRA: the frame is not eligible for the MCR guarantee. Tag it whole, or discard it.
      if (this.gfrDiscard && frames.clp[f] === 0) {
        this.fillRule(vc, 0);
        reason = Drop.GFR_NONCONFORMING;
      } else if (frames.clp[f] === 0) {
        frames.clp[f] = 1;
        this.c.framesTagged++;
      }
    }
    if (reason === 0) reason = this.policy.decide(this.c, vc, frames.clp[f], t, this.rule);
    if (reason === 0) {
      this.mode[vc] = ACCEPT;
    } else {
      this.mode[vc] = DISCARD;
      this.modeReason[vc] = reason;
    }
  }

  /** A cell that the fast path did not enqueue: beyond MFS, overflow, or a discarded frame. */
  refuseCell(vc: number, f: number, k: number, t: Time, isEom: boolean, clp: number): void {
    const p = this.p;
    if (k >= this.mfs) {
      this.fillRule(vc, this.mfs);
      p.drop(t, vc, f, Drop.MFS, isEom); // cells beyond MFS (GFR conformance)
    } else if (this.mode[vc] === ACCEPT) {
      // The buffer is full. Under drop from front the frame at its head goes instead.
      const front = this.policy.dropFront;
      if (front !== undefined && p.dropHeadFrame(t, f, front) && this.c.X < this.K) {
        p.enqueue(vc, (f << 1) | (isEom ? 1 : 0), clp, t);
        return;
      }
      this.fillRule(vc, this.K);
      if (this.policy.purgePartial) p.purge(vc, f, t);
      p.drop(t, vc, f, Drop.OVERFLOW, isEom);
      if (this.partialDiscard) {
        this.mode[vc] = DISCARD;
        this.modeReason[vc] = Drop.PPD;
      }
    } else if (isEom && this.keepEom && this.c.X < this.K) {
      // keepEom: the EOM of a discarded frame is forwarded so the receiver can delimit frames.
      p.enqueue(vc, (f << 1) | 1, clp, t);
    } else {
      const reason = this.modeReason[vc];
      if (reason === Drop.PPD) this.fillRule(vc, this.K);
      p.drop(t, vc, f, reason, isEom);
    }
  }

  fillRule(vc: number, threshold: number): void {
    writeRule(this.rule, this.c, vc, threshold, 0);
  }
}
