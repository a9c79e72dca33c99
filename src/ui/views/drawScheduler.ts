/**
 * One animation-frame loop for every view's redraw, with a budget: the views that asked to
 * redraw are drawn in the order they asked, until BUDGET_MS of drawing has passed in this
 * frame; the rest go first in the next frame. A frame then holds at most the budget plus one
 * view's draw, however many views stream at once (Compare A/B shows two runs: six time plots
 * redrawn per batch), and each view still redraws at least every few frames. Views that are
 * quick together draw every frame, as before.
 */
const BUDGET_MS = 7;

/** Views waiting to draw, in the order they asked (a Set keeps insertion order). */
const pending = new Set<() => void>();
let frame = 0;

function runFrame(): void {
  frame = 0;
  const t0 = performance.now();
  let drawn = 0;
  for (const draw of pending) {
    if (drawn > 0 && performance.now() - t0 >= BUDGET_MS) break;
    pending.delete(draw);
    drawn++;
    try {
      draw();
    } catch (e) {
      // One view's failure must not stop the others; report it as an uncaught error would be.
      setTimeout(() => {
        throw e;
      });
    }
  }
  if (pending.size > 0) frame = requestAnimationFrame(runFrame);
}

/** Asks for `draw` to run in an animation frame (once, however often asked before it runs). */
export function requestDraw(draw: () => void): void {
  if (pending.has(draw)) return;
  pending.add(draw);
  if (!frame) frame = requestAnimationFrame(runFrame);
}

/** Withdraws a pending request (a view that unmounts). */
export function cancelDraw(draw: () => void): void {
  pending.delete(draw);
}
