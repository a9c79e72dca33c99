/**
 * Named reasons for a cell drop. Index 0 means "accepted".
 * The order is part of the probe format (loss events carry the index).
 */
export const DROP_REASONS = [
  'none',
  'overflow',
  'ppd',
  'epd',
  'selective',
  'fba',
  'clp1-threshold',
  'high-threshold',
  'per-vc-threshold',
  'fifo-threshold',
  'dfba',
  'eubr',
  'gfr-nonconforming',
  'mfs',
] as const;

export type DropReasonName = (typeof DROP_REASONS)[number];

export const Drop = {
  NONE: 0,
  OVERFLOW: 1,
  PPD: 2,
  EPD: 3,
  SELECTIVE: 4,
  FBA: 5,
  CLP1_THRESHOLD: 6,
  HIGH_THRESHOLD: 7,
  PER_VC_THRESHOLD: 8,
  FIFO_THRESHOLD: 9,
  DFBA: 10,
  EUBR: 11,
  GFR_NONCONFORMING: 12,
  MFS: 13,
} as const;

/**
 * Inputs of the rule that fired, written by a policy into a Float64Array scratch of this
 * layout so the UI can answer "why was this dropped?".
 */
export const RuleInput = { X: 0, XI: 1, NA: 2, THRESHOLD: 3, EXTRA: 4 } as const;
export const RULE_INPUTS = 5;
