/**
 * A port's cell storage, chosen once when the port is built: a FIFO ring when the scheduler
 * is FIFO, else cell lists served by the per-VC scheduler; with the windows of slots that
 * run on that storage.
 */
import type { CellStore } from './cellStore';
import { ListStore } from './cellStore';
import { FifoStore } from './fifoStore';
import type { PortConfig } from './portTypes';
import type { Scheduler } from './schedulers/types';
import { FifoWindows } from './windows/fifo';
import { ListWindows } from './windows/lists';
import type { PortParts, PortWindows } from './windows/scan';

export interface PortStorage {
  store: CellStore;
  /** The per-VC scheduler over the cell lists, or null under a FIFO. */
  sched: Scheduler | null;
  windows: PortWindows;
}

/** The storage of a port of `cfg` whose counts are `xi`, run by windows over `parts`. */
export function portStorage(cfg: PortConfig, xi: Int32Array, parts: PortParts): PortStorage {
  const nQ = cfg.nVc + 1;
  const cap = Math.max(1, cfg.K);
  const lists = new ListStore(cap, nQ, xi, cfg.tieRng !== undefined);
  const sched = cfg.scheduler(nQ, cap, lists);
  if (sched instanceof FifoStore)
    return { store: sched, sched: null, windows: new FifoWindows(parts, sched) };
  lists.sched = sched;
  return { store: lists, sched, windows: new ListWindows(parts, lists) };
}
