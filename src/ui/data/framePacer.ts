/**
 * How much view drawing a frame may hold, from how long the frames before it took. A frame
 * that draws starts the clock; the next animation frame tells how long that frame really took
 * (drawing, then style, layout, paint and the compositor's commit of the redrawn canvases,
 * which a slow phone pays many times over). While frames keep to about one display frame, each
 * may draw for MAX_BUDGET_MS (a desktop never notices the pacer). After a slow one, the next
 * frames draw one view each, with a frame or more left without drawing after each slow one so
 * that the page's other work (batches from the worker, input) fits between; the budget comes
 * back a millisecond per quick frame. Pure arithmetic, no clock: the scheduler passes times in.
 */
export const MAX_BUDGET_MS = 7;
/** A drawing frame longer than this (ms) counts as slow: past one 60 Hz frame and a half. */
export const SLOW_FRAME_MS = 25;
/** A drawing frame shorter than this (ms) counts as quick: one 60 Hz frame with some slack. */
export const QUICK_FRAME_MS = 20;
/** At most this many frames are left without drawing after a slow one. */
export const MAX_SKIP = 3;

export class FramePacer {
  /** Milliseconds of drawing allowed in a frame (0: one view only). */
  budgetMs = MAX_BUDGET_MS;
  /** Frames still to leave without drawing. */
  private skip = 0;
  /** Start of the last frame that drew, or NaN. */
  private drewAt = NaN;

  /**
   * At the start of a frame (`now`, ms): the drawing budget of this frame, or -1 to draw
   * nothing in it. One view is always drawn in a frame whose budget is ≥ 0.
   */
  frame(now: number): number {
    if (Number.isFinite(this.drewAt)) {
      const took = now - this.drewAt;
      this.drewAt = NaN;
      if (took > SLOW_FRAME_MS) {
        this.budgetMs = 0;
        this.skip = Math.min(MAX_SKIP, Math.floor(took / SLOW_FRAME_MS));
      } else if (took < QUICK_FRAME_MS) {
        this.budgetMs = Math.min(MAX_BUDGET_MS, this.budgetMs + 1);
      }
    }
    if (this.skip > 0) {
      this.skip--;
      return -1;
    }
    return this.budgetMs;
  }

  /** The frame that started at `now` drew at least one view. */
  drew(now: number): void {
    this.drewAt = now;
  }
}
