/**
 * Runs callbacks in a task of their own, right after the current one (a zero-delay timer: one
 * for every callback queued before it fires). React's renders of the page's text then run apart
 * from the animation frame that draws the views, so that neither makes one long task of both on
 * a slow device, and every readout queued by one frame renders in one pass.
 */
const queue: (() => void)[] = [];

/** Calls `f`; if it throws, the error is reported as an uncaught one would be, in a task of
 * its own, so that one view's or listener's failure does not stop the others. */
export function callReporting(f: () => void): void {
  try {
    f();
  } catch (e) {
    setTimeout(() => {
      throw e;
    });
  }
}

function flush(): void {
  for (const f of queue.splice(0)) callReporting(f);
}

/** Calls `f` in the next task (callbacks queued before it runs share it, in order). */
export function nextTask(f: () => void): void {
  queue.push(f);
  if (queue.length === 1) setTimeout(flush, 0);
}
