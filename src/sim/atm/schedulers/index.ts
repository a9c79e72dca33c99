import type { SchedulerName } from '../../scenario/schema';
import { FifoScheduler } from './fifo';
import { RoundRobinScheduler } from './roundRobin';
import type { Scheduler } from './types';

/** Scheduler registry: scenario `scheduler` key → factory(nQueues, qlen, bufferCells). */
export const SCHEDULER_FACTORIES: Record<
  SchedulerName,
  (nQueues: number, qlen: Int32Array, K: number) => Scheduler
> = {
  fifo: (_n, _q, K) => new FifoScheduler(K),
  rr: (n, qlen) => new RoundRobinScheduler(n, qlen),
};
