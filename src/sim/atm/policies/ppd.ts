import type { BufferPolicy, ThresholdLine } from './types';

/** Partial Packet Discard (Armitage & Adams): tail drop, and after the first
 * lost cell of a frame the rest of the frame is discarded too (except the EOM with keepEom). */
export class PartialPacketDiscard implements BufferPolicy {
  readonly name = 'ppd';
  readonly partialDiscard = true;
  decide(): number {
    return 0;
  }
  thresholds(): ThresholdLine[] {
    return [];
  }
}
