/**
 * When the page acknowledges a drawn batch at Max speed (the worker keeps one batch in flight
 * and waits for the acknowledgement: src/worker/pacing.ts), so that Max speed is as fast as the
 * device can show smoothly rather than as fast as it can take batches. The acknowledgement goes
 * in the frame the views draw the batch, as long as the frame before it was quick; after a slow
 * frame (a slow phone: the batch, its text and its layout took more than a display frame) it
 * waits for a quick one, at most MAX_ACK_WAIT frames, so the next batch never lands on a page
 * still catching up. A computer whose frames keep to the display's rate acknowledges as soon as
 * before and runs as fast; a slow one leaves itself frames to breathe and runs slower. Only when
 * batches are cut changes, never what the model computes. Pure arithmetic: the caller passes
 * the animation frames' times in.
 */
/** A frame longer than this (ms) is slow: past one 60 Hz frame, with slack. */
export const CALM_FRAME_MS = 20;
/** At most this many frames are waited for a quick one (the run never stalls). */
export const MAX_ACK_WAIT = 4;

export class AckPacer {
  /** Start of the last animation frame seen (ms), or NaN. */
  private last = NaN;
  private waited = 0;

  /** An animation frame started at `now` (the one that took the batch in). */
  seen(now: number): void {
    this.last = now;
  }

  /** In an animation frame started at `now`: whether to acknowledge in it (else ask again in
   * the next frame). */
  frame(now: number): boolean {
    const took = now - this.last;
    this.last = now;
    if (!(took > CALM_FRAME_MS) || this.waited >= MAX_ACK_WAIT) {
      this.waited = 0;
      return true;
    }
    this.waited++;
    return false;
  }
}
