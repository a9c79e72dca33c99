import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { writeRule } from './types';

/** Early Packet Discard (Romanow & Floyd): a frame whose first cell finds
 * X ≥ R is discarded whole; partial discard stays on for frames already accepted. */
export class EarlyPacketDiscard implements BufferPolicy {
  readonly name = 'epd';
  readonly partialDiscard = true;
  readonly threshold: number;
  /** @param R threshold in cells; at least 1, so that an empty buffer always takes a frame. */
  constructor(R: number) {
    this.threshold = Math.max(1, R);
  }

  decide(port: PortState, vc: number, _clp: number, _now: number, rule: Float64Array): number {
    if (port.X < this.threshold) return 0;
    writeRule(rule, port, vc, this.threshold, 0);
    return Drop.EPD;
  }

  thresholds(): ThresholdLine[] {
    return [{ label: 'EPD threshold R', cells: this.threshold }];
  }
}

/** S0 §3.2: R = K − b·MTU*, MTU* the largest frame in cells; never below 0. */
export function epdThresholdFromB(K: number, b: number, mtuCells: number): number {
  return Math.max(0, Math.round(K - b * mtuCells));
}
