// The views' frame loop (src/ui/data/drawScheduler.ts) on a fake clock and fake animation
// frames: a frame draws the next view only while its usual cost fits in what is left of the
// frame's budget (MAX_BUDGET_MS while frames are quick).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BUDGET_MS } from '../../../../src/ui/data/framePacer';

let now = 0;
let frames: ((t: number) => void)[] = [];

beforeEach(() => {
  now = 0;
  frames = [];
  vi.resetModules();
  vi.stubGlobal('performance', { now: () => now });
  vi.stubGlobal('requestAnimationFrame', (cb: (t: number) => void) => frames.push(cb));
  vi.stubGlobal('window', { devicePixelRatio: 1 });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Runs the pending animation frame, 16 ms after the last one started (a quick frame). */
function frame(): void {
  const cb = frames.shift();
  if (!cb) throw new Error('no frame pending');
  now = Math.ceil((now + 1) / 16) * 16;
  cb(now);
}

/** A view whose draw takes `ms` of the fake clock and logs its name. */
const view = (name: string, ms: number, log: string[]) => () => {
  log.push(name);
  now += ms;
};

describe('drawScheduler: the frame budget', () => {
  it('draws the next view only if its usual cost fits in what is left of the budget', async () => {
    const { requestDraw } = await import('../../../../src/ui/data/drawScheduler');
    const log: string[] = [];
    const cheap = view('cheap', 1, log);
    const slow = view('slow', 5, log);
    const slow2 = view('slow2', 5, log);
    const ask = () => [cheap, slow, slow2].forEach((d) => requestDraw(d));
    // First frame: no cost known yet; each view is drawn while the budget has not passed
    // (after 1 and 6 ms of MAX_BUDGET_MS): all three, 11 ms.
    expect(MAX_BUDGET_MS).toBe(7);
    ask();
    frame();
    expect(log).toEqual(['cheap', 'slow', 'slow2']);
    // Known costs: after 6 ms, the second slow view (5 ms) would end past the budget: it goes
    // first in the next frame instead.
    log.length = 0;
    ask();
    frame();
    expect(log).toEqual(['cheap', 'slow']);
    log.length = 0;
    frame();
    expect(log).toEqual(['slow2']);
  });

  it('always draws one view in a frame, however expensive', async () => {
    const { requestDraw } = await import('../../../../src/ui/data/drawScheduler');
    const log: string[] = [];
    const huge = view('huge', 12, log);
    const small = view('small', 1, log);
    requestDraw(huge);
    requestDraw(small);
    frame();
    expect(log).toEqual(['huge']);
    frame();
    expect(log).toEqual(['huge', 'small']);
  });
});

describe('drawScheduler: canvases at 1× on a slow device, sharp once the run stands still', () => {
  it('keeps 1× in the task that stops the run, then draws sharp from the next frame', async () => {
    vi.stubGlobal('window', { devicePixelRatio: 2 });
    const { canvasScale, requestDraw, sharpening, underLoad } =
      await import('../../../../src/ui/data/drawScheduler');
    // A slow frame (a 30 ms draw): the next frames draw under load.
    const log: string[] = [];
    requestDraw(view('slow', 30, log));
    frame();
    expect(canvasScale(true)).toBe(2);
    requestDraw(view('next', 1, log));
    frame();
    expect(underLoad()).toBe(true);
    // Playing under load: 1×.
    expect(canvasScale(true)).toBe(1);
    // The run stands still: the views in sight draw at once, still at 1×, and ask again.
    expect(sharpening()).toBe(false);
    expect(canvasScale(false)).toBe(1);
    expect(sharpening()).toBe(true);
    // In the next frame, sharp.
    let scale = 0;
    requestDraw(() => {
      scale = canvasScale(false);
    });
    while (frames.length > 0 && scale === 0) frame();
    expect(scale).toBe(2);
    expect(sharpening()).toBe(false);
    expect(canvasScale(false)).toBe(2);
  });
});

describe('drawScheduler: new batches at the start of the frame', () => {
  it('runs the frame-start work before any view draws; what it asks for draws in that frame', async () => {
    const { atFrameStart, requestDraw } = await import('../../../../src/ui/data/drawScheduler');
    const log: string[] = [];
    requestDraw(view('a', 1, log));
    // The run store's bump: a view asks to redraw for the batch.
    atFrameStart(() => {
      log.push('bump');
      requestDraw(view('b', 1, log));
    });
    expect(frames).toHaveLength(1);
    frame();
    expect(log).toEqual(['bump', 'a', 'b']);
    // One next frame asked for (a request made inside the frame must not add a second).
    expect(frames).toHaveLength(1);
  });

  it('a withdrawn frame-start (a disposed run) does not run', async () => {
    const { atFrameStart, cancelFrameStart } =
      await import('../../../../src/ui/data/drawScheduler');
    const log: string[] = [];
    const bump = () => log.push('bump');
    atFrameStart(bump);
    cancelFrameStart(bump);
    frame();
    expect(log).toEqual([]);
  });
});

describe('drawScheduler: a run that stood still', () => {
  it('draws the views asked for first (in sight) before the others', async () => {
    const { requestDraw } = await import('../../../../src/ui/data/drawScheduler');
    const log: string[] = [];
    requestDraw(view('out of sight', 1, log));
    requestDraw(view('in sight', 1, log), false, true);
    frame();
    expect(log).toEqual(['in sight', 'out of sight']);
  });

  it('calls afterViewsDrawn once no view waits, in a task of its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { afterViewsDrawn, requestDraw } =
        await import('../../../../src/ui/data/drawScheduler');
      const log: string[] = [];
      requestDraw(view('a', 4, log));
      requestDraw(view('b', 4, log));
      afterViewsDrawn(() => log.push('text'));
      // Costs unknown yet: a (4 ms), then b, whose cost counts as 0.
      frame();
      vi.advanceTimersByTime(0);
      expect(log).toEqual(['a', 'b', 'text']);
      log.length = 0;
      // Views of known cost (6 ms each): one per frame.
      const c = view('c', 6, log);
      const d = view('d', 6, log);
      requestDraw(c);
      requestDraw(d);
      frame();
      vi.advanceTimersByTime(0);
      log.length = 0;
      requestDraw(c);
      requestDraw(d);
      afterViewsDrawn(() => log.push('text'));
      frame();
      vi.advanceTimersByTime(0);
      expect(log).toEqual(['c']);
      frame();
      vi.advanceTimersByTime(0);
      expect(log).toEqual(['c', 'd', 'text']);
      // Nothing waits: next task.
      afterViewsDrawn(() => log.push('now'));
      expect(log).toHaveLength(3);
      vi.advanceTimersByTime(0);
      expect(log[3]).toBe('now');
    } finally {
      vi.useRealTimers();
    }
  });
});
