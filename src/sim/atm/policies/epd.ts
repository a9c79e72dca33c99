import { Drop } from '../dropReasons';
import type { BufferPolicy, PortState, ThresholdLine } from './types';
import { baseValues, definePolicy, num, writeRule } from './types';

/** Early Packet Discard (Romanow & Floyd): a frame whose first cell finds
 * X ≥ R is discarded whole; partial discard stays on for frames already accepted. */
export class EarlyPacketDiscard implements BufferPolicy {
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

export const epd = definePolicy({
  id: 'epd',
  label: 'Early Packet Discard (EPD)',
  help: 'Early Packet Discard: refuse whole new frames once the buffer holds R cells.',
  keys: {
    epdThreshold: {
      kind: 'int',
      default: undefined,
      optional: true,
      min: 0,
      max: 600000,
      step: 1,
      unit: 'cells',
      group: 'switch',
      label: 'EPD threshold R',
      help: 'Occupancy at which EPD refuses new frames. Give this or epdB, not both.',
    },
    epdB: {
      kind: 'number',
      default: undefined,
      optional: true,
      min: 0,
      max: 20,
      step: 0.1,
      unit: 'frames',
      group: 'switch',
      label: 'EPD excess capacity b',
      help: 'S0 §3.2: R = K − b·MTU*, MTU* the largest frame in cells. b = 0 is PPD; b = 1 was best measured, b = 2 best simulated. Used when epdThreshold is not given (default b = 1).',
    },
  },
  explain: {
    epd: (d) => ({
      rule: 'Early Packet Discard (S0 §3.2): a new frame is refused whole when X ≥ R at its first cell.',
      values: [
        ...baseValues(d),
        { name: 'R (EPD threshold)', value: num(d.threshold), testId: 'threshold' },
      ],
      verdict: `X = ${num(d.X)} ≥ R = ${num(d.threshold)} when the frame's first cell arrived, so all ${d.cells} cells of the frame were refused.`,
    }),
  },
  overflow: () =>
    'Early Packet Discard (S0 §3.2) had accepted this frame (X < R at its first cell), but the buffer filled (X = K) before this cell arrived: the cell is lost, and as in PPD ',
  create: (_v, env) => new EarlyPacketDiscard(env.derived.epdThreshold),
});
