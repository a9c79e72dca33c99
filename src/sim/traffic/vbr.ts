import type { Random } from '../core/random';
import type { Time } from '../core/time';
import { PS_PER_SECOND } from '../core/time';
import type { BackgroundSource } from './background';

/** On/off VBR background: exponential on and off periods; during an on period
 * cells arrive at the peak rate. Served with strict priority over UBR. */
export class VbrSource implements BackgroundSource {
  readonly name = 'vbr';
  readonly meanCellRate: number;
  private readonly period: number;
  private onStart: Time;
  private onEnd: Time;
  private k = 0;

  constructor(
    readonly peakCellRate: number,
    private readonly meanOn: Time,
    private readonly meanOff: Time,
    private readonly rng: Random,
  ) {
    this.period = PS_PER_SECOND / peakCellRate;
    this.meanCellRate = (peakCellRate * meanOn) / (meanOn + meanOff);
    this.onStart = Math.round(this.exp(meanOff));
    this.onEnd = this.onStart + Math.round(this.exp(meanOn));
  }

  private exp(mean: number): number {
    return -mean * Math.log(1 - this.rng.next());
  }

  next(): Time {
    for (;;) {
      const t = Math.round(this.onStart + this.k * this.period);
      if (t < this.onEnd) {
        this.k++;
        return t;
      }
      this.onStart = this.onEnd + Math.round(this.exp(this.meanOff));
      this.onEnd = this.onStart + Math.max(1, Math.round(this.exp(this.meanOn)));
      this.k = 0;
    }
  }
}
