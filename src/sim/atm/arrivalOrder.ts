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
 * The port draws, one cell at a time, a stream uniformly at random among those whose next
 * cell is due by the slot's start (key ≤ tn), listed in stream order; a draw is made only when
 * two or more are due. A stream's later cells become due only after its earlier one entered,
 * so each VC's cells keep their order. Only the stream that just sent changes its key, so the
 * list is made once per slot (dueStreams) and the sender leaves it when it has no more cell
 * due (dropDue).
 */

/** Writes the streams with key ≤ tn into `cand` in stream order, from the `nLive` streams
 * that have a next cell (`live`, in stream order); returns how many. */
export function dueStreams(
  key: Float64Array,
  live: Int32Array,
  nLive: number,
  tn: Time,
  cand: Int32Array,
): number {
  let n = 0;
  for (let i = 0; i < nLive; i++) {
    const s = live[i];
    if (key[s] <= tn) cand[n++] = s;
  }
  return n;
}

/** Index in the due list of the next stream to send: a uniform draw when n ≥ 2. */
export function pickDue(n: number, rng: Random): number {
  return n === 1 ? 0 : Math.floor(rng.next() * n);
}

/** Removes entry i of the due list of length n, keeping stream order; returns the new length. */
export function dropDue(cand: Int32Array, n: number, i: number): number {
  for (let j = i + 1; j < n; j++) cand[j - 1] = cand[j];
  return n - 1;
}
