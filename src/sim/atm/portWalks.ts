/**
 * A check of a port's counters made by walking its data structures, independently of the
 * counters: for the conservation check (Simulation), never on the cell path.
 */
import type { Arrivals } from './arrivals';
import type { CellStore } from './cellStore';

/** What the walk reads of a port. */
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
