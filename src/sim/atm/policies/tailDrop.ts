import type { BufferPolicy, ThresholdLine } from './types';
import { definePolicy, withK, num } from './types';

/** Plain UBR: accept every frame; cells are lost only on overflow and the rest of a damaged
 * frame still crosses the link as dead cells (Romanow & Floyd). */
export class TailDrop implements BufferPolicy {
  readonly partialDiscard = false;
  decide(): number {
    return 0;
  }
  thresholds(): ThresholdLine[] {
    return [];
  }
}

export const tailDrop = definePolicy({
  id: 'tail-drop',
  label: 'Plain UBR (tail drop)',
  help: 'Plain UBR: drop cells only when the buffer is full; the rest of a damaged frame still crosses the link as dead cells.',
  keys: {},
  explain: {
    overflow: (d) => ({
      rule: 'Plain UBR: a cell is lost when the buffer is full (X = K); the switch never refuses a frame on purpose.',
      values: withK(d),
      verdict: `The buffer held ${num(d.X)} of ${num(d.threshold)} cells: no room for this cell. The frame's other cells still cross the link as dead cells: plain UBR has no partial discard.`,
    }),
  },
  create: () => new TailDrop(),
});
