/**
 * One animation-frame loop for every view's redraw, with a budget: the views that asked to
 * redraw are drawn in the order they asked, while the next one's usual cost (a moving average
 * of its last draws) fits in what is left of the frame's budget of drawing
 * (at most MAX_BUDGET_MS; less, down to one view per frame and frames without drawing, while
 * frames take too long: framePacer.ts); the rest go first in the next frame. A frame then
 * holds about the budget, or one view's draw, however many views stream at once (Compare
 * A/B shows two runs: six time plots redrawn per batch), and each view still redraws at least
 * every few frames. Views that are quick together draw every frame, as before.
 */
import { FramePacer, MAX_BUDGET_MS } from './framePacer';
import { callReporting, nextTask } from './nextTask';

const pacer = new FramePacer();

/** Views waiting to draw, in the order they asked (a Set keeps insertion order). */
const pending = new Set<() => void>();
/** Of those, the ones asked for by a change of what the views show (a zoom, a lesson step, a
 * hover), not by new data: all drawn in the next frame, together, whatever the budget. */
const urgent = new Set<() => void>();
/** Of those, the ones that go first among the non-urgent (views in sight when the run came to
 * a stand-still: requestDraw's `first`). */
const first = new Set<() => void>();
let frame = 0;

/** What each view's draw took lately (ms, a moving average), to tell whether it fits in what
 * is left of a frame's budget. */
const cost = new WeakMap<() => void, number>();

function run(draw: () => void): void {
  pending.delete(draw);
  urgent.delete(draw);
  first.delete(draw);
  const t0 = performance.now();
  callReporting(draw);
  const took = performance.now() - t0;
  const before = cost.get(draw);
  cost.set(draw, before === undefined ? took : before + (took - before) / 4);
}

/** Work for the start of the next frame, before any view draws (atFrameStart). */
const starts: ((now: number) => void)[] = [];

function runFrame(now: number): void {
  frame = 0;
  // The run stood still with its canvases at 1×: from this frame on they are drawn sharp.
  if (sharpen) {
    sharpen = false;
    lowRes = false;
  }
  const t0 = performance.now();
  // New batches first (the run store's bump): the views they ask to redraw draw in this same
  // frame, and a run that stood still draws its views now, once, instead of after drawing
  // them for the batch before (outside `inFrame`: a slow phone's canvases stay 1× in this
  // task, canvasScale).
  inStart = true;
  for (const f of starts.splice(0)) callReporting(() => f(now));
  inStart = false;
  inFrame = true;
  let drawn = 0;
  // A snapshot: a draw that asks again (it changed the view state) waits for the next frame.
  for (const draw of [...urgent]) {
    run(draw);
    drawn++;
  }
  const budget = pacer.frame(now);
  const order = first.size > 0 ? new Set([...first, ...pending]) : pending;
  for (const draw of budget < 0 ? [] : order) {
    // After the first view, the next one only if its usual cost fits in what is left.
    if (drawn > 0 && performance.now() - t0 + (cost.get(draw) ?? 0) > budget) break;
    run(draw);
    drawn++;
  }
  inFrame = false;
  if (drawn > 0) pacer.drew(now);
  if (pending.size === 0 && settled.length > 0) for (const f of settled.splice(0)) nextTask(f);
  // After a drawing frame, the next frame comes anyway: its start tells how long this one took.
  // (Once: a draw or a start that asked again during this frame already asked for the next.)
  if (!frame && (pending.size > 0 || drawn > 0 || starts.length > 0))
    frame = requestAnimationFrame(runFrame);
}

/** Whether recent frames were too slow for the full budget (a slow phone): views out of
 * sight then wait (useRedraw). */
export function underLoad(): boolean {
  return pacer.budgetMs < MAX_BUDGET_MS;
}

/** The most device pixels a canvas gets per CSS px (a DPR 3 phone draws at 2×). */
export const MAX_CANVAS_SCALE = 2;
/** Frames were too slow while this run played: its canvases stay at 1× until it stands still
 * (switching back and forth would reallocate every canvas each time). */
let lowRes = false;
/** The run stood still while its canvases were at 1×: they become sharp in the next frame. */
let sharpen = false;
/** Inside runFrame. */
let inFrame = false;

/**
 * Device pixels per CSS px for a canvas drawn now: the device pixel ratio (at most
 * MAX_CANVAS_SCALE), but 1 once frames were too slow (underLoad) while the run plays, until it
 * stands still: a 2× canvas has four times the pixels to clear, fill and copy to the
 * compositor in every frame. A run that stands still (paused, stepped, ended) is drawn sharp:
 * at once if it played sharp; else first at 1× in the task that stopped it (the views in sight
 * show that instant with the clock, without reallocating every canvas in that task), then
 * sharp from the next frame on, paced (sharpening: the views ask to draw again).
 */
export function canvasScale(playing: boolean): number {
  const full = Math.max(1, Math.min(MAX_CANVAS_SCALE, window.devicePixelRatio || 1));
  if (!playing) {
    if (lowRes && !inFrame) {
      sharpen = true;
      return 1;
    }
    lowRes = false;
    return full;
  }
  if (underLoad()) lowRes = true;
  return lowRes ? 1 : full;
}

/** Whether the canvases are drawn at 1× because frames were slow (canvasScale): a slow device
 * streams, and its views draw thin strokes (prepareCanvas). */
export function drawingLowRes(): boolean {
  return lowRes;
}

/** Whether canvases drawn now at 1× become sharp in the next frame (canvasScale): a view just
 * drawn outside a frame then asks to draw again. */
export function sharpening(): boolean {
  return sharpen;
}

/** Asks for `draw` to run in an animation frame (once, however often asked before it runs);
 * `urgent`: in the next frame, with every other urgent one (see `urgent`); `first`: before the
 * other non-urgent ones, within the frame's budget all the same. */
export function requestDraw(draw: () => void, isUrgent = false, isFirst = false): void {
  if (isUrgent) urgent.add(draw);
  if (isFirst) first.add(draw);
  if (pending.has(draw)) return;
  pending.add(draw);
  if (!frame) frame = requestAnimationFrame(runFrame);
}

/** Runs `f` at the start of the next animation frame, before the views draw in it (the run
 * store's bump of new batches): the views then show a batch in the frame that brought it. */
export function atFrameStart(f: (now: number) => void): void {
  starts.push(f);
  if (!frame) frame = requestAnimationFrame(runFrame);
}

/** Withdraws work asked for at the next frame's start (a run that is disposed). */
export function cancelFrameStart(f: (now: number) => void): void {
  const i = starts.indexOf(f);
  if (i >= 0) starts.splice(i, 1);
}

/** Waiting for every asked-for draw to be done (afterViewsDrawn). */
const settled: (() => void)[] = [];

/** Calls `f` in a task of its own once no view waits to draw (at once if none does): the text
 * of a run that stood still then shows its instant once the views show it. */
export function afterViewsDrawn(f: () => void): void {
  if (pending.size === 0 && !inStart) nextTask(f);
  else settled.push(f);
}

/** Inside the work at a frame's start (atFrameStart): a draw asked for now is drawn in this
 * very frame, within its budget. */
let inStart = false;
export function inFrameStart(): boolean {
  return inStart;
}

/** Withdraws a pending request (a view that unmounts). */
export function cancelDraw(draw: () => void): void {
  pending.delete(draw);
  urgent.delete(draw);
  first.delete(draw);
}
