/**
 * Simulated time. The unit is the **picosecond**, held as an integer-valued float64.
 * 2^53 ps ≈ 9007 s, far beyond any run here, so sums of integer durations stay exact and
 * the same scenario gives bit-identical results in every JavaScript engine.
 * Link slot times are rounded to whole picoseconds (relative rate error < 1e-6 at OC-3).
 */
export type Time = number;

export const PS_PER_SECOND = 1e12;
export const PS_PER_MS = 1e9;
export const seconds = (s: number): Time => Math.round(s * PS_PER_SECOND);
export const millis = (ms: number): Time => Math.round(ms * PS_PER_MS);
export const toSeconds = (t: Time): number => t / PS_PER_SECOND;

/** Bits on the wire per ATM cell (53 bytes). */
export const CELL_BITS = 53 * 8;

/** Cell rate (cells/s) of a link whose cell stream runs at `mbps` Mbit/s (53-byte cells). */
export const cellRate = (mbps: number): number => (mbps * 1e6) / CELL_BITS;

/** One cell slot in ps for a link of `mbps` Mbit/s, rounded to a whole picosecond. */
export const slotTime = (mbps: number): Time => Math.round(PS_PER_SECOND / cellRate(mbps));

/**
 * Next boundary strictly after `t` of a free-running clock with period `period` and phase
 * `phase` (0 <= phase < period): BSD-style timers fire on such ticks.
 */
export function nextTick(t: Time, period: Time, phase: Time): Time {
  if (period <= 0) return t;
  const k = Math.floor((t - phase) / period) + 1;
  return phase + k * period;
}
