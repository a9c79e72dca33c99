import type { Random } from '../core/random';
import type { Time } from '../core/time';

/**
 * Random order of simultaneous cells (scenario key arrivalOrder = 'random'; S1's setup).
 *
 * S1 ran with every link at 155 Mbit/s and "all processing delay, delay variation = 0", so
 * cells from different sources reach the switch at the same instants and the order in which
 * they enter the output buffer is the simulator's tie-break, which S1 does not state. That
 * order decides who gets the places a full buffer frees, one per slot. In order of arrival
 * instant (the default), the VC whose burst started earliest in the slot wins every place
 * for the whole burst; here each place goes to a VC drawn at random among those with a cell
 * due, so every VC sending into a full buffer loses cells.
 *
 * Picks, among the streams whose next cell is due by `tn` (key ≤ tn), one uniformly at random,
 * and returns it, or −1 when none is due. `cand` is scratch space of at least key.length.
 * A stream's later cells become due only after its earlier one entered, so each VC's cells
 * keep their order.
 */
export function pickDueStream(key: Float64Array, tn: Time, cand: Int32Array, rng: Random): number {
  let n = 0;
  for (let s = 0; s < key.length; s++) if (key[s] <= tn) cand[n++] = s;
  if (n <= 1) return n === 1 ? cand[0] : -1;
  return cand[Math.floor(rng.next() * n)];
}
