/**
 * The switch output port's interfaces, a leaf of the port's module: what it reports to the
 * simulation (PortSink), how it is built (PortConfig), and the narrow faces its mechanisms see
 * of each other, each handed over through a constructor: the buffer operations admission and
 * arrivals call (PortOps), the slot clock the windows read (PortClock), and the next port of a
 * route as forwarding sees it (NextPort). port.ts composes the mechanisms; none of them imports
 * it.
 */
import type { Random } from '../core/random';
import type { Time } from '../core/time';
import type { BackgroundSource } from '../traffic/background';
import type { FifoStore } from './fifoStore';
import type { FramePool } from './frames';
import type { FrameGcra } from './gfr';
import type { BufferPolicy } from './policies/types';
import type { PortBuffers, Scheduler } from './schedulers/types';

/** Standing decisions of a VC on the frame it is receiving (Admission.mode). */
export const ACCEPT = 0;
export const DISCARD = 1;

/** What the port reports to the simulation. */
export interface PortSink {
  /** The EOM cell of frame `f` left the port; the frame is reassembled at `tRx`. */
  frameOut(f: number, tRx: Time): void;
  /** A cell of frame `f` on `vc` was dropped. `first` is true for the first drop of this
   * frame under this reason (a new loss event); `rule` holds the inputs of the rule. */
  cellDropped(
    t: Time,
    vc: number,
    f: number,
    reason: number,
    first: boolean,
    rule: Float64Array,
  ): void;
  /** Periodic probe tick (every `sampleInterval`). */
  sample(t: Time): void;
  /** The EOM of a corrupted frame left: `cells` dead cells (its cells and any orphans before
   * it) crossed the link for nothing. */
  deadFrame?(t: Time, vc: number, cells: number): void;
  /** The buffer emptied at `t`; it held at most `peak` cells since it last emptied. */
  bufferEmptied?(t: Time, peak: number): void;
}

export interface PortConfig {
  K: number;
  nVc: number;
  /** Output slot time (ps) and each VC's propagation delay to its receivers (ps). */
  slot: Time;
  propOut: ArrayLike<Time>;
  keepEom: boolean;
  policy: BufferPolicy;
  /** The port's scheduler over its cell lists, or the FIFO (which is the storage itself). */
  scheduler: (nQueues: number, capacity: number, buffers: PortBuffers) => Scheduler | FifoStore;
  background: BackgroundSource[];
  /** Background cells queue in the UBR buffer (FIFO with UBR) instead of strict priority. */
  backgroundSharesBuffer: boolean;
  /** Fraction g of contended slots UBR gets against strict-priority background (S1). */
  ubrShare: number;
  /** GFR conformance at the input (F-GCRA), or undefined. */
  gcra?: FrameGcra;
  gfrDiscard: boolean;
  /** Maximum frame size in cells; later cells are discarded (GFR). */
  mfs: number;
  sampleInterval: Time;
  /** When set, cells due by the same output slot enter the buffer in a random order drawn
   * from this generator (arrivalOrder 'random'), not in order of their arrival instants. */
  tieRng?: Random;
  /** Whether advance() may run a window of slots in one step (windows/); default true. */
  windows?: boolean;
  /** Frame records shared by every port of a network (net/); a port alone makes its own. */
  frames?: FramePool;
}

/** What admission and arrivals do to the port's buffer (SwitchPort implements it). */
export interface PortOps {
  /** Buffers a cell (word) of frame word >> 1 on VC queue q that arrived at t: accepted. */
  enqueue(q: number, word: number, clp: number, t: Time): void;
  /** Buffers a background cell that shares the buffer. */
  enqueueBackground(t: Time): void;
  /** A cell of frame f on `vc` is dropped for `reason`. */
  drop(t: Time, vc: number, f: number, reason: number, isEom: boolean): void;
  /** EUBR+ purge: removes the cells of frame f, the one VC `vc` is receiving, as drops. */
  purge(vc: number, f: number, t: Time): void;
  /** Drops the frame at the head of the buffer unless it is frame `not`; whether any cell left. */
  dropHeadFrame(t: Time, not: number, reason: number): boolean;
}

/** The port's slot clock, as the windows read it. */
export interface PortClock {
  /** Output slot time (ps). */
  readonly slot: Time;
  /** Earliest event the sink scheduled during advance(); advance stops there. */
  readonly stopAt: Time;
  /** Next queue probe sample (ps), or Infinity. */
  readonly nextSample: Time;
}

/** The next switch of a VC's route, as forwarding sends to it. */
export interface NextPort {
  /** VC `vc` is fed by the previous switch (its cells come on a train, not an access link). */
  feed(vc: number): void;
  /** A cell of frame record `f` arrives at `t` on VC `vc`. */
  receiveCell(vc: number, f: number, eom: number, t: Time): void;
  /** The previous switch lost the EOM of frame record `f` (VC `vc` here). */
  upstreamLostEom(vc: number, f: number): void;
}
