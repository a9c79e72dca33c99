/**
 * Runs callbacks in a task of their own, right after the current one (a zero-delay timer: one
 * for every callback queued before it fires). React's renders of the page's text then run apart
 * from the animation frame that draws the views, so that neither makes one long task of both on
 * a slow device, and every readout queued by one frame renders in one pass.
 */
const queue: (() => void)[] = [];

function flush(): void {
  for (const f of queue.splice(0)) {
    try {
      f();
    } catch (e) {
      // One callback's failure must not stop the others; report it as an uncaught error.
      setTimeout(() => {
        throw e;
      });
    }
  }
}

/** Calls `f` in the next task (callbacks queued before it runs share it, in order). */
export function nextTask(f: () => void): void {
  queue.push(f);
  if (queue.length === 1) setTimeout(flush, 0);
}
