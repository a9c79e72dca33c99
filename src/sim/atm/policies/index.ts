import type { Random } from '../../core/random';
import type { Time } from '../../core/time';
import type { Policy } from '../../scenario/schema';
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

/** A policy's parameters in model units: thresholds in cells, times in ps (net/build.ts
 * converts the scenario's fractions of K and milliseconds). */
export interface PolicyContext {
  K: number;
  nVc: number;
  /** EPD threshold R in cells (derived from epdThreshold or epdB). */
  epdThreshold: number;
  /** MFS in cells. */
  mfsCells: number;
  /** Selective Drop and FBA: threshold R (cells) and Z. */
  sdR: number;
  sdZ: number;
  fbaR: number;
  fbaZ: number;
  /** GFR two thresholds LBO and HBO (cells). */
  lbo: number;
  hbo: number;
  /** FIFO thresholds R_i in cells. */
  fifoR: Float64Array;
  /** DFBA thresholds L and H (cells), α, and W_i/W and Z_i per VC. */
  dfbaL: number;
  dfbaH: number;
  dfbaAlpha: number;
  dfbaShare: Float64Array;
  dfbaZ: Float64Array;
  /** EUBR+: R and P (cells), the guard period (ps), the UBR+ test and its Z, and the purge. */
  eubrR: number;
  eubrP: number;
  eubrGuard: Time;
  eubrTest: 'sd' | 'fba';
  eubrZ: number;
  eubrPurge: boolean;
  rng: Random;
}

/** The registry of buffer policies: scenario `policy` key → implementation. */
export const POLICY_FACTORIES: Record<Policy, (ctx: PolicyContext) => BufferPolicy> = {
  'tail-drop': () => new TailDrop(),
  ppd: () => new PartialPacketDiscard(),
  epd: (ctx) => new EarlyPacketDiscard(ctx.epdThreshold),
  sd: (ctx) => new SelectiveDrop(ctx.sdR, ctx.sdZ),
  fba: (ctx) => new FairBufferAllocation(ctx.K, ctx.fbaR, ctx.fbaZ),
  'two-threshold': (ctx) => new TwoThreshold(ctx.lbo, ctx.hbo),
  // S3: T_i = max(2·MFS, K/N)
  'per-vc': (ctx) =>
    new PerVcThreshold(ctx.lbo, ctx.hbo, Math.max(2 * ctx.mfsCells, Math.floor(ctx.K / ctx.nVc))),
  'fifo-thresholds': (ctx) => new FifoThresholds(ctx.fifoR),
  dfba: (ctx) => new Dfba(ctx.dfbaL, ctx.dfbaH, ctx.dfbaAlpha, ctx.dfbaShare, ctx.dfbaZ, ctx.rng),
  eubr: (ctx) =>
    new EnhancedUbrPlus(
      ctx.K,
      ctx.eubrR,
      ctx.eubrP,
      ctx.eubrGuard,
      ctx.eubrTest,
      ctx.eubrZ,
      ctx.eubrPurge,
      ctx.nVc,
    ),
};

export function createPolicy(name: Policy, ctx: PolicyContext): BufferPolicy {
  return POLICY_FACTORIES[name](ctx);
}
