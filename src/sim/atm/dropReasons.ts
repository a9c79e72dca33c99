/**
 * Named reasons for a cell drop: one table, by code. Code 0 means "accepted".
 * The order is part of the probe format (loss events carry the code). `label` is the words
 * the views use; `rule` says in one line which rule drops the cell.
 */
export const DROP_REASON_TABLE = [
  { name: 'none', label: 'none', rule: 'not dropped' },
  {
    name: 'overflow',
    label: 'buffer overflow',
    rule: 'the buffer is full (X = K): the cell finds no place',
  },
  {
    name: 'ppd',
    label: 'PPD (rest of frame)',
    rule: 'partial packet discard: the rest of a frame that already lost a cell',
  },
  {
    name: 'epd',
    label: 'EPD (R exceeded)',
    rule: "early packet discard: a new frame's first cell finds X ≥ R",
  },
  {
    name: 'selective',
    label: 'Selective Drop',
    rule: 'Selective Drop (S1): above R, a new frame of a VC whose load X_i·N_a/X exceeds Z',
  },
  {
    name: 'fba',
    label: 'FBA',
    rule: 'Fair Buffer Allocation (S1): above R, X_i·N_a/X > Z·(K − R)/(X − R)',
  },
  {
    name: 'clp1-threshold',
    label: 'CLP1 threshold (LBO)',
    rule: 'GFR (S3): a CLP=1 frame above the low threshold LBO',
  },
  {
    name: 'high-threshold',
    label: 'high threshold (HBO)',
    rule: 'GFR (S3): any new frame above the high threshold HBO',
  },
  {
    name: 'per-vc-threshold',
    label: 'per-VC threshold',
    rule: 'GFR per-VC (S3): above LBO, a VC holding at least T_i cells',
  },
  {
    name: 'fifo-threshold',
    label: 'FIFO threshold R_i',
    rule: 'per-VC thresholds in a FIFO (S1): one frame when X_i first exceeds R_i',
  },
  {
    name: 'dfba',
    label: 'DFBA',
    rule: 'Differential Fair Buffer Allocation (S1): between L and H, CLP=1 frames and frames of VCs above their share, with a probability; above H every new frame',
  },
  {
    name: 'eubr',
    label: 'EUBR+ purge/test',
    rule: 'EUBR+ (S4): the UBR+ test outside the recovery zone, or the purge of a damaged frame',
  },
  {
    name: 'gfr-nonconforming',
    label: 'GFR non-conforming',
    rule: 'F-GCRA (S3): a frame outside the VC contract, discarded instead of tagged',
  },
  { name: 'mfs', label: 'beyond MFS', rule: "GFR: a frame's cells beyond the maximum frame size" },
] as const;

export type DropReasonName = (typeof DROP_REASON_TABLE)[number]['name'];

/** Reason names by code (the table's order). */
export const DROP_REASONS: readonly DropReasonName[] = DROP_REASON_TABLE.map((r) => r.name);

/** Reason codes, in the table's order (tests/unit/port.test.ts checks them against it). */
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
