/**
 * The fused slot kernels of a switch output port (kernels/): each runs the port's slots for one
 * common configuration in one loop, with the per-cell work inline and the per-frame work (a
 * policy's decision, a refusal, a frame's end, a sample) left in the calls of the composed
 * mechanisms. A kernel has exactly the results of the composed slot loop (port.ts advance());
 * tests/unit/sim/atm/windows/windows.test.ts compares the two, probes and all.
 */
import type { Time } from '../../core/time';

/** What a kernel reads and calls of the port that runs it (SwitchPort implements it). */
export interface KernelHost {
  /** Earliest event the sink scheduled during advance(); the slots stop there. */
  readonly stopAt: Time;
  /** Next queue probe sample (ps), or Infinity. */
  readonly nextSample: Time;
  idleSlots: number;
  /** Slots run in windows (windows/): a figure of the engine. */
  windowSlots: number;
  /** The probe sample due at the start `tn` of a slot. */
  sampleSlot(tn: Time): void;
  /** The head cell of queue q leaves in the slot starting at `tn` (the composed path). */
  depart(q: number, tn: Time): void;
  /** The buffer emptied at `t` (the sink hears of it with the peak since it last emptied). */
  emptied(t: Time): void;
  /** The link idles from slot `from` to slot `to` (samples due in them are taken). */
  skipSlots(from: number, to: number): void;
}

/** A fused loop over a port's slots. */
export interface SlotKernel {
  /** Its name, as the benchmark prints it. */
  readonly name: string;
  /** Runs every slot from slot n that starts before the host's stopAt; returns the next slot. */
  run(n: number): number;
}

/** The slot an idle link jumps to: that of the next arrival, at `ta`, but none past the first
 * slot at or after the advance's limit `stopAt` (S: the slot time). */
export function idleJump(ta: Time, S: Time, stopAt: Time): number {
  const m = ta === Infinity ? Infinity : Math.ceil(ta / S);
  const mLimit = Math.ceil(stopAt / S);
  return m > mLimit ? mLimit : m;
}
