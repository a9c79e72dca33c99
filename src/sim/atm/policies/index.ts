import type { Random } from '../../core/random';
import type { Time } from '../../core/time';
import type { Policy, Scenario } from '../../scenario/schema';
import { Dfba } from './dfba';
import { EarlyPacketDiscard } from './epd';
import { EnhancedUbrPlus } from './eubr';
import { FairBufferAllocation } from './fairBufferAllocation';
import { FifoThresholds } from './fifoThresholds';
import { PartialPacketDiscard } from './ppd';
import { SelectiveDrop } from './selectiveDrop';
import { TailDrop } from './tailDrop';
import { PerVcThreshold, TwoThreshold } from './twoThreshold';
import type { BufferPolicy } from './types';

export interface PolicyContext {
  scenario: Scenario;
  K: number;
  nVc: number;
  /** EPD threshold R in cells (derived from epdThreshold or epdB). */
  epdThreshold: number;
  /** MFS in cells. */
  mfsCells: number;
  /** FIFO thresholds R_i in cells. */
  fifoR: Float64Array;
  /** DFBA W_i/W and Z_i per VC. */
  dfbaShare: Float64Array;
  dfbaZ: Float64Array;
  eubrGuard: Time;
  rng: Random;
}

const frac = (ctx: PolicyContext, f: number) => Math.round(f * ctx.K);

/** The registry of buffer policies: scenario `policy` key → implementation. */
export const POLICY_FACTORIES: Record<Policy, (ctx: PolicyContext) => BufferPolicy> = {
  'tail-drop': () => new TailDrop(),
  ppd: () => new PartialPacketDiscard(),
  epd: (ctx) => new EarlyPacketDiscard(ctx.epdThreshold),
  sd: (ctx) => new SelectiveDrop(frac(ctx, ctx.scenario.sdR), ctx.scenario.sdZ),
  fba: (ctx) => new FairBufferAllocation(ctx.K, frac(ctx, ctx.scenario.fbaR), ctx.scenario.fbaZ),
  'two-threshold': (ctx) =>
    new TwoThreshold(frac(ctx, ctx.scenario.lbo), frac(ctx, ctx.scenario.hbo)),
  // S3: T_i = max(2·MFS, K/N)
  'per-vc': (ctx) =>
    new PerVcThreshold(
      frac(ctx, ctx.scenario.lbo),
      frac(ctx, ctx.scenario.hbo),
      Math.max(2 * ctx.mfsCells, Math.floor(ctx.K / ctx.nVc)),
    ),
  'fifo-thresholds': (ctx) => new FifoThresholds(ctx.fifoR),
  dfba: (ctx) =>
    new Dfba(
      frac(ctx, ctx.scenario.dfbaL),
      frac(ctx, ctx.scenario.dfbaH),
      ctx.scenario.dfbaAlpha,
      ctx.dfbaShare,
      ctx.dfbaZ,
      ctx.rng,
    ),
  eubr: (ctx) =>
    new EnhancedUbrPlus(
      ctx.K,
      frac(ctx, ctx.scenario.eubrR),
      frac(ctx, ctx.scenario.eubrP),
      ctx.eubrGuard,
      ctx.scenario.eubrTest,
      ctx.scenario.eubrTest === 'sd' ? ctx.scenario.sdZ : ctx.scenario.fbaZ,
      ctx.scenario.eubrPurge,
      ctx.nVc,
    ),
};

export function createPolicy(name: Policy, ctx: PolicyContext): BufferPolicy {
  return POLICY_FACTORIES[name](ctx);
}
