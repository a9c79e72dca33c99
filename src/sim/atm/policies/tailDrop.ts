import type { BufferPolicy, ThresholdLine } from './types';

/** Plain UBR: accept every frame; cells are lost only on overflow and the rest of a damaged
 * frame still crosses the link as dead cells (Romanow & Floyd). */
export class TailDrop implements BufferPolicy {
  readonly name = 'tail-drop';
  readonly partialDiscard = false;
  decide(): number {
    return 0;
  }
  thresholds(): ThresholdLine[] {
    return [];
  }
}
