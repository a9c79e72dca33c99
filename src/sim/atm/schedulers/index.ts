import { FifoStore } from '../fifoStore';
import { RoundRobinScheduler } from './roundRobin';
import type { PortBuffers, Scheduler } from './types';
import { WfqScheduler } from './wfq';

export interface SchedulerContext {
  nQueues: number;
  /** Cell slots in the port's pool. */
  capacity: number;
  buffers: PortBuffers;
  /** WFQ weight per queue (including the background queue, last). */
  weights: Float64Array;
}

/** The `scheduler` key's values (the schema's options). */
export const SCHEDULERS = ['fifo', 'rr', 'wfq'] as const;
export type SchedulerName = (typeof SCHEDULERS)[number];

/** Scheduler registry: scenario `scheduler` key → factory ('fifo' gives the FIFO storage,
 * which needs no scheduler: fifoStore.ts). */
export const SCHEDULER_FACTORIES: Record<
  SchedulerName,
  (ctx: SchedulerContext) => Scheduler | FifoStore
> = {
  fifo: (c) => new FifoStore(c.capacity),
  rr: (c) => new RoundRobinScheduler(c.nQueues, c.buffers),
  wfq: (c) => new WfqScheduler(c.weights, c.capacity, c.buffers),
};
