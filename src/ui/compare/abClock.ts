/**
 * The A/B runs on show, for the sticky bar's clock: while Compare is open it registers its two
 * stores here, and the clock shows their time (the time its views show) instead of the single
 * run's, which stands hidden and paused behind the split screen.
 */
import type { RunStore } from '../data/runStore';

export interface AbRuns {
  a: RunStore;
  b: RunStore;
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
