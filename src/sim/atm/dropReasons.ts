import type { DropReasonDef } from './policies/types';

/**
 * Named reasons for a cell drop, by code: the port's own (overflow, partial discard, GFR
 * conformance, MFS) and those of the first policies, whose codes are fixed. Code 0 means
 * "accepted". A policy added later declares its reasons in its file and the registry
 * (policies/index.ts, DROP_REASON_TABLE) gives them the next codes. The order is part of the
 * probe format (loss events carry the code). `label` is the words the views use; `rule` says in
 * one line which rule drops the cell; `color` is the views' colour in each theme.
 */
export const FIXED_DROP_REASONS = [
  {
    name: 'none',
    label: 'none',
    rule: 'not dropped',
    color: { light: '#777777', dark: '#999999' },
  },
  {
    name: 'overflow',
    label: 'buffer overflow',
    rule: 'the buffer is full (X = K): the cell finds no place',
    color: { light: '#D55E00', dark: '#FF7A3D' },
  },
  {
    name: 'ppd',
    label: 'PPD (rest of frame)',
    rule: 'partial packet discard: the rest of a frame that already lost a cell',
    color: { light: '#B86E00', dark: '#E69F00' },
  },
  {
    name: 'epd',
    label: 'EPD (R exceeded)',
    rule: "early packet discard: a new frame's first cell finds X ≥ R",
    color: { light: '#0072B2', dark: '#3A8FC7' },
  },
  {
    name: 'selective',
    label: 'Selective Drop',
    rule: 'Selective Drop (S1): above R, a new frame of a VC whose load X_i·N_a/X exceeds Z',
    color: { light: '#009E73', dark: '#009E73' },
  },
  {
    name: 'fba',
    label: 'FBA',
    rule: 'Fair Buffer Allocation (S1): above R, X_i·N_a/X > Z·(K − R)/(X − R)',
    color: { light: '#3A8FC7', dark: '#8fd3ff' },
  },
  {
    name: 'clp1-threshold',
    label: 'CLP1 threshold (LBO)',
    rule: 'GFR (S3): a CLP=1 frame above the low threshold LBO',
    color: { light: '#C0609A', dark: '#CC79A7' },
  },
  {
    name: 'high-threshold',
    label: 'high threshold (HBO)',
    rule: 'GFR (S3): any new frame above the high threshold HBO',
    color: { light: '#882255', dark: '#e0609a' },
  },
  {
    name: 'per-vc-threshold',
    label: 'per-VC threshold',
    rule: 'GFR per-VC (S3): above LBO, a VC holding at least T_i cells',
    color: { light: '#2E8B7D', dark: '#44AA99' },
  },
  {
    name: 'fifo-threshold',
    label: 'FIFO threshold R_i',
    rule: 'per-VC thresholds in a FIFO (S1): one frame when X_i first exceeds R_i',
    color: { light: '#117733', dark: '#3cb371' },
  },
  {
    name: 'dfba',
    label: 'DFBA',
    rule: 'Differential Fair Buffer Allocation (S1): between L and H, CLP=1 frames and frames of VCs above their share, with a probability; above H every new frame',
    color: { light: '#AA4499', dark: '#d070c0' },
  },
  {
    name: 'eubr',
    label: 'EUBR+ purge/test',
    rule: 'EUBR+ (S4): the UBR+ test outside the recovery zone, or the purge of a damaged frame',
    color: { light: '#332288', dark: '#8877dd' },
  },
  {
    name: 'gfr-nonconforming',
    label: 'GFR non-conforming',
    rule: 'F-GCRA (S3): a frame outside the VC contract, discarded instead of tagged',
    color: { light: '#9A8700', dark: '#DDCC77' },
  },
  {
    name: 'mfs',
    label: 'beyond MFS',
    rule: "GFR: a frame's cells beyond the maximum frame size",
    color: { light: '#888888', dark: '#888888' },
  },
] as const satisfies readonly DropReasonDef[];

/** Reason codes, in the table's order (tests/unit/sim/atm/tables.test.ts checks them against it). */
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
