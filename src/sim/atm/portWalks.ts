/**
 * Checks of a port's counters made by walking its data structures, independently of the
 * counters: for the conservation check and the tests' invariants, never on the cell path.
 */
import type { Arrivals } from './arrivals';
import type { CellStore } from './cellStore';

/** What the walks read of a port. */
export interface Walkable {
  readonly nVc: number;
  readonly store: CellStore;
  readonly arrivals: Arrivals;
}

/** Cells in a port's access links and in its buffer, counted by walking the data structures. */
export function inFlightByWalking(port: Walkable): {
  access: number;
  link: number;
  buffer: number;
  background: number;
} {
  let buffer = 0;
  let background = 0;
  port.store.forEach((q) => {
    if (q < port.nVc) buffer++;
    else background++;
  });
  return {
    access: port.arrivals.inAccess(),
    link: port.arrivals.onLinks(),
    buffer,
    background: background + port.arrivals.bgPending,
  };
}

/** Cells in each queue (VCs, then background), counted by walking the storage: a check of
 * the counters xi, independent of them. */
export function walkQueues(port: Walkable): Int32Array {
  const n = new Int32Array(port.nVc + 1);
  port.store.forEach((q) => n[q]++);
  return n;
}
