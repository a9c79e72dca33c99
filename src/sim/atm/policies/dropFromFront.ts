import type { BufferPolicy, ThresholdLine } from './types';
import { baseValues, definePolicy, num } from './types';

/**
 * Drop from front (Lakshman, Neidhardt & Ott, "The Drop from Front Strategy in TCP and in TCP
 * over ATM", INFOCOM '96; S0's ref. [6]), in its frame-aware form for ATM: every frame is
 * accepted, and when a cell of an accepted frame finds the buffer full, the port discards the
 * frame at the head of the buffer instead of the arriving cell: the head frame's cells still
 * queued (its EOM kept with keepEom, to delimit it at the receiver) and, if it is still
 * arriving, the rest of it (partial discard). The arriving cell takes the room. The loss lands
 * on the frame nearest the link, so the receiver sees the gap, and sends its duplicate ACKs, a
 * queueing delay earlier than when the tail of the queue is lost. A cell of the frame at the
 * head itself (the only frame queued) overflows as under PPD.
 */
export class DropFromFront implements BufferPolicy {
  readonly partialDiscard = true;
  /** The reason code of a frame dropped from the front (the port drops it: dropHeadFrame). */
  constructor(readonly dropFront: number) {}

  decide(): number {
    return 0;
  }

  thresholds(): ThresholdLine[] {
    return [];
  }
}

export const dropFromFront = definePolicy({
  id: 'drop-from-front',
  label: 'Drop from front (frame-aware)',
  help: 'Drop from front (Lakshman, Neidhardt & Ott, INFOCOM ’96; S0’s ref. [6]), frame-aware: accept every frame; when a cell finds the buffer full, discard the frame at the head of the buffer (its queued cells and the rest of it) instead of the arriving cell, so the receiver learns of the loss a queueing delay earlier.',
  keys: {},
  reasons: [
    {
      name: 'front',
      label: 'drop from front',
      rule: 'drop from front: the frame at the head of a full buffer, discarded to make room for an arriving cell',
      color: { light: '#00607A', dark: '#4FC3D9' },
    },
  ],
  explain: {
    // The rule's inputs: X (full, K), X_i and N_a before the head frame left, K, and the VC
    // whose cell took the room.
    front: (d) => ({
      rule: 'Drop from front (Lakshman, Neidhardt & Ott): when a cell arrives at a full buffer (X = K), the frame at the head of the buffer is discarded instead, its queued cells and the rest of it, and the arriving cell takes the room.',
      values: [
        ...baseValues(d),
        { name: 'K', value: num(d.threshold), testId: 'threshold' },
        { name: 'VC of the arriving cell', value: num(d.extra), testId: 'extra' },
      ],
      verdict: `The buffer was full (X = ${num(d.X)} of K = ${num(d.threshold)}) when a cell of VC ${num(d.extra)} arrived; this frame of VC ${d.vc} was at the head of the buffer, so it was discarded (${d.cells} cells) and the loss reaches VC ${d.vc}'s receiver a queueing delay sooner than a loss at the tail.`,
    }),
  },
  create: (_v, env) => new DropFromFront(env.reason('front')),
});
