/**
 * The choice of a port's fused slot kernel, once when the port is built: the kernel of its
 * configuration, or none (the composed slot loop of port.ts runs). advance() runs the kernel
 * while the flags it assumes hold (no background, no route beyond the port, no policy that
 * watches departures).
 */
import { FifoStore } from '../fifoStore';
import type { PortConfig } from '../portTypes';
import type { PortParts, PortWindows } from '../windows/scan';
import type { CellStore } from '../cellStore';
import { ListStore } from '../cellStore';
import { RoundRobinScheduler } from '../schedulers/roundRobin';
import { ArrivalFifoKernel } from './arrivalFifo';
import { RandomFifoKernel } from './randomFifo';
import { RoundRobinListsKernel } from './roundRobinLists';
import type { KernelHost, SlotKernel } from './types';

/** The kernel of a port of `cfg` over `store` and its windows, or null when none fits or
 * windows are off (SimOptions.slotBySlot: the composed loop, which the tests compare kernels
 * with). */
export function slotKernels(
  cfg: PortConfig,
  host: KernelHost,
  p: PortParts,
  store: CellStore,
  windows: PortWindows,
): SlotKernel | null {
  if (cfg.windows === false) return null;
  if (cfg.tieRng !== undefined && store instanceof FifoStore) {
    const cand = new Int32Array(cfg.nVc + cfg.background.length);
    return new RandomFifoKernel(
      host,
      cfg.slot,
      cfg.K,
      p.c,
      p.frames,
      store,
      p.arrivals,
      p.admission,
      p.forwarding,
      cand,
    );
  }
  if (cfg.tieRng === undefined && store instanceof FifoStore) {
    return new ArrivalFifoKernel(
      host,
      cfg.slot,
      cfg.K,
      p.c,
      p.frames,
      store,
      p.arrivals,
      p.admission,
      p.forwarding,
      windows,
    );
  }
  if (
    cfg.tieRng === undefined &&
    store instanceof ListStore &&
    store.sched instanceof RoundRobinScheduler
  ) {
    return new RoundRobinListsKernel(host, p, store, store.sched, windows);
  }
  return null;
}
