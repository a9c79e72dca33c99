/** The metrics of a run: efficiency, fairness, CLR, FER, dead and idle cells as S0 and S1 define
 * them, and the deadlock measures of S2. */

/** Jain's fairness index (Σx)² / (N·Σx²); 1 when all are equal (and for an all-zero set). */
export function jainIndex(xs: ArrayLike<number>): number {
  const n = xs.length;
  if (n === 0) return 1;
  let s = 0;
  let s2 = 0;
  for (let i = 0; i < n; i++) {
    s += xs[i];
    s2 += xs[i] * xs[i];
  }
  return s2 === 0 ? 1 : (s * s) / (n * s2);
}

export const ratio = (num: number, den: number): number => (den > 0 ? num / den : 0);

export interface ConnectionMetrics {
  goodputMbps: number;
  timeouts: number;
  fastRetransmits: number;
  segmentsSent: number;
  segmentsRetransmitted: number;
  /** Time flagged as throughput deadlock (s): see DeadlockDetector. */
  deadlockSeconds: number;
  /** Largest RTO the retransmission timer was armed with (s, backoff included), over the run
   * and since the connection's first RTT sample (S4 Fig. 4b). */
  maxRtoSeconds: number;
  maxRtoSampledSeconds: number;
}

/** Per-VC results (S1's DFBA and FIFO-threshold tables). Rates in Mbit/s of TCP goodput;
 * the MCR as payload, 1 kcell/s = 0.384 Mbit/s. */
export interface VcMetrics {
  goodputMbps: number;
  mcrMbps: number;
  /** Achieved − MCR. */
  excessMbps: number;
  /** Excess / MCR (0 without an MCR). */
  excessOverMcr: number;
  /** The throughput this VC is expected to get: µ·R_i/ΣR under FIFO thresholds, µ·MCR_i/ΣMCR
   * with MCRs, µ/N otherwise (µ = aggregate goodput). */
  expectedMbps: number;
  /** Observed / expected (S1's "threshold ratio" under FIFO thresholds). */
  ratio: number;
}

export interface Metrics {
  /** Aggregate goodput / G_max of the capacity left to UBR (S1; S0's loss-free goodput). */
  efficiency: number;
  /** Jain index over per-connection goodput. */
  fairness: number;
  /** (cells in − cells out) / cells in at the switch: dropped / arrived. */
  clr: number;
  /** Corrupted frames / frames received at the receivers. */
  fer: number;
  /** Cells of corrupted frames delivered / all cells delivered. */
  deadCellRatio: number;
  /** Idle bottleneck slots / all slots. */
  idleCellRatio: number;
  /** TCP segments retransmitted / sent. */
  prr: number;
  /** Aggregate goodput, Mbit/s. */
  goodputMbps: number;
  /** G_max of the capacity left to UBR, Mbit/s. */
  goodputCeilingMbps: number;
  timeouts: number;
  fastRetransmits: number;
  /** CLR of the CLP=0 and CLP=1 cell streams at the switch (S3), after any tagging. */
  clrClp0: number;
  clrClp1: number;
  /** Jain index over per-VC goodput / expected (equal to fairness over VCs without weights). */
  weightedFairness: number;
  /** Throughput-deadlock stalls flagged (deadlock b of S2) and their total time over all
   * connections (s): no ACK progress with data outstanding, rescued only by a timeout,
   * while the UBR capacity went mostly unused. */
  deadlocks: number;
  deadlockSeconds: number;
  /** The same time per connection: the mean over all connections and the worst one's (s).
   * Unlike the sum, neither can exceed the run's length. */
  deadlockSecondsMean: number;
  deadlockSecondsWorst: number;
  /** Times the bottleneck buffer fell to zero after holding at least K/10 cells (S4 Fig. 5):
   * see EmptyEpisodes. */
  bufferEmptyEpisodes: number;
  /** Silences of at least 1 s in which no data frame reached any receiver, from the first
   * start to the end (S4 Fig. 9), their count and total time (s): see ReceiveGaps. */
  receiveGaps: number;
  receiveGapSeconds: number;
  /** Largest RTO armed by any connection (s, backoff included), over the run and counting
   * only RTOs armed after each connection's first RTT sample (S4 Fig. 4b: "below 3 s"). */
  maxRtoSeconds: number;
  maxRtoSampledSeconds: number;
  perConnection: ConnectionMetrics[];
  perVc: VcMetrics[];
}

export interface CellCounts {
  /** Cells the sources handed to the network. */
  offered: number;
  accepted: number;
  dropped: number;
  /** Cells that left the switch toward the receivers. */
  delivered: number;
  /** Cells on the access links or in the buffer, counted by walking the model's queues. */
  inFlight: number;
  droppedByReason: Record<string, number>;
  background: { arrived: number; dropped: number; departed: number; queued: number };
}
