/**
 * The A/B runs on show, for the sticky bar: while Compare is open it registers its two stores
 * and their controls here, and the bar's clock shows their time (the time its views show) and
 * its Play and Restart drive both sides, instead of the single run, which stands hidden and
 * paused behind the split screen.
 */
import type { RunStore } from '../data/runStore';

export interface AbRuns {
  a: RunStore;
  b: RunStore;
  /** Play both sides (at the page's speed), or pause both. */
  toggle(): void;
  restart(): void;
}

let runs: AbRuns | null = null;
const listeners = new Set<() => void>();

export const abClock = {
  get: (): AbRuns | null => runs,
  set(next: AbRuns | null): void {
    if (next === runs) return;
    runs = next;
    for (const l of listeners) l();
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
