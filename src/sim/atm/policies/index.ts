import type { Policy } from '../../scenario/schema';
import { EarlyPacketDiscard } from './epd';
import { PartialPacketDiscard } from './ppd';
import { TailDrop } from './tailDrop';
import type { BufferPolicy } from './types';

export interface PolicyContext {
  K: number;
  /** EPD threshold R in cells (already derived from epdThreshold or epdB). */
  epdThreshold: number;
}

/** The registry of buffer policies: scenario `policy` key → implementation. */
export const POLICY_FACTORIES: Record<Policy, (ctx: PolicyContext) => BufferPolicy> = {
  'tail-drop': () => new TailDrop(),
  ppd: () => new PartialPacketDiscard(),
  epd: (ctx) => new EarlyPacketDiscard(ctx.epdThreshold),
};

export function createPolicy(name: Policy, ctx: PolicyContext): BufferPolicy {
  return POLICY_FACTORIES[name](ctx);
}
