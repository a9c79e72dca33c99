import type { BufferPolicy, ThresholdLine } from './types';
import { definePolicy } from './types';

/** Partial Packet Discard (Armitage & Adams): tail drop, and after the first
 * lost cell of a frame the rest of the frame is discarded too (except the EOM with keepEom). */
export class PartialPacketDiscard implements BufferPolicy {
  readonly partialDiscard = true;
  decide(): number {
    return 0;
  }
  thresholds(): ThresholdLine[] {
    return [];
  }
}

export const ppd = definePolicy({
  id: 'ppd',
  label: 'Partial Packet Discard (PPD)',
  help: 'Partial Packet Discard: after one lost cell, discard the rest of that frame.',
  keys: {},
  explain: {},
  overflow: () =>
    'Partial Packet Discard (S0 §3.1): the buffer was full (X = K) when this cell arrived, so it is lost, and ',
  create: () => new PartialPacketDiscard(),
});
