import type { Time } from '../core/time';
import { PS_PER_SECOND } from '../core/time';
import type { BackgroundSource } from './background';

/** Constant bit rate: one cell every 1/r seconds from a phase. */
export class CbrSource implements BackgroundSource {
  readonly name = 'cbr';
  private k = 0;
  private readonly period: number;

  constructor(
    readonly meanCellRate: number,
    private readonly phase: Time,
  ) {
    this.period = PS_PER_SECOND / meanCellRate;
  }

  next(): Time {
    // Computed from the index, not accumulated, so rounding never drifts.
    return Math.round(this.phase + this.k++ * this.period);
  }
}
