import type { Time } from '../core/time';

/**
 * A higher-priority background cell source (CBR, VBR): a deterministic sequence of cell
 * arrival times at the switch port. It has no frames and no TCP.
 */
export interface BackgroundSource {
  readonly name: string;
  /** Arrival time of the next cell (advances the source), or +Infinity when it has ended. */
  next(): Time;
  /** Mean rate in cells/s, used for the capacity left to UBR. */
  readonly meanCellRate: number;
}
