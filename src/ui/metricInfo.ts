import type { MetricDef, Metrics } from '../sim';
import { noiseBetween } from '../sim';

/** Label, format and definition of each metric shown. */
export const METRIC_INFO: {
  key: keyof Omit<Metrics, 'perConnection' | 'perVc'>;
  label: string;
  format: (v: number) => string;
  /** Which way is better (Compare's B − A colours say good or bad with it); null: neither, as
   * for CLR (CLP=1), where GFR (S3) drops tagged cells first on purpose, and fast retransmits,
   * where more can mean more losses or fewer timeouts. */
  better: Better;
  /** A second figure under the value, from the other metrics (e.g. the worst connection's). */
  detail?: (m: Metrics) => string;
  help: string;
}[] = [
  {
    key: 'efficiency',
    better: 'higher',
    label: 'Efficiency',
    format: pct,
    help: 'Aggregate TCP goodput ÷ the goodput ceiling of the capacity left to UBR, G_max = C·8·MSS/cells(MSS+40) (S0, S1).',
  },
  {
    key: 'fairness',
    better: 'higher',
    label: 'Fairness',
    format: (v) => v.toFixed(3),
    help: "Jain's index (Σx)²/(N·Σx²) over per-connection goodput; 1 is perfectly fair.",
  },
  {
    key: 'goodputMbps',
    better: 'higher',
    label: 'Goodput',
    format: (v) => `${v.toFixed(2)} Mbit/s`,
    help: 'Error-free, non-duplicate bytes delivered in order to the receiving applications, per second.',
  },
  {
    key: 'clr',
    better: 'lower',
    label: 'CLR',
    format: pct,
    help: 'Cell loss ratio at the switch: (cells in − cells out) ÷ cells in.',
  },
  {
    key: 'fer',
    better: 'lower',
    label: 'FER',
    format: pct,
    help: 'Frame error ratio: corrupted AAL5 frames ÷ frames received. With keepEom the EOM of a frame EPD discarded arrives as a short errored frame and counts, as at S0’s receivers; without it such frames never arrive.',
  },
  {
    key: 'deadCellRatio',
    better: 'lower',
    label: 'Dead cells',
    format: pct,
    help: 'Cells of corrupted frames that still crossed the link ÷ all cells delivered (S0).',
  },
  {
    key: 'idleCellRatio',
    better: 'lower',
    label: 'Idle cells',
    format: pct,
    help: 'Idle bottleneck slots ÷ all slots: the link had nothing to send (S0).',
  },
  {
    key: 'prr',
    better: 'lower',
    label: 'PRR',
    format: pct,
    help: 'Packet retransmission ratio: TCP segments retransmitted ÷ segments sent (S3).',
  },
  {
    key: 'clrClp0',
    better: 'lower',
    label: 'CLR (CLP=0)',
    format: pct,
    help: 'Cell loss ratio of the untagged, high-priority cell stream at the switch (S3).',
  },
  {
    key: 'clrClp1',
    better: null,
    label: 'CLR (CLP=1)',
    format: pct,
    help: 'Cell loss ratio of the tagged, low-priority cell stream at the switch (S3).',
  },
  {
    key: 'weightedFairness',
    better: 'higher',
    label: 'Weighted fairness',
    format: (v) => v.toFixed(3),
    help: "Jain's index over per-VC goodput ÷ expected share: µ·MCR_i/ΣMCR with MCRs, µ·R_i/ΣR under FIFO thresholds (S1), µ/N otherwise.",
  },
  {
    key: 'deadlockSecondsMean',
    better: 'lower',
    label: 'Deadlock time per conn.',
    format: (v) => `${v.toFixed(2)} s`,
    detail: (m) => `worst ${m.deadlockSecondsWorst.toFixed(2)} s`,
    help: "Mean over the connections of the time each spent in a flagged throughput deadlock, and (below) the worst connection's; neither can exceed the run's length (the sum over connections is deadlockSeconds in the CLI and the exports). A deadlock (Nakanishi et al., S2): a connection has data outstanding and makes no ACK progress while the link capacity left to UBR stands idle, and only a timer rescues it, twice or more in a row. (b) S2's CBR deadlock: cells of one window lost end fast recovery with the window full, no duplicate ACKs come, and only the retransmission timeout recovers: the staircase, shaded red. (a) Moldeklev & Gunningberg's stop-and-go: what the send buffer or the peer's window still allows is shorter than a segment, Nagle or SWS avoidance holds it while one segment waits for the receiver's delayed ACK, and only the 200 ms delayed-ACK timer recovers, shaded purple.",
  },
  {
    key: 'timeouts',
    better: 'lower',
    label: 'Timeouts',
    format: (v) => String(v),
    help: 'Retransmission timer expiries, all connections.',
  },
  {
    key: 'fastRetransmits',
    better: null,
    label: 'Fast retransmits',
    format: (v) => String(v),
    help: 'Fast retransmissions triggered by duplicate ACKs, all connections.',
  },
  {
    key: 'bufferEmptyEpisodes',
    better: 'lower',
    label: 'Buffer emptied',
    format: (v) => String(v),
    help: 'Times the bottleneck buffer fell to zero after holding at least K/10 cells since it last emptied (S4 Fig. 5: EPD often, UBR+ 4 times, EUBR+ once).',
  },
  {
    key: 'receiveGaps',
    better: 'lower',
    label: 'Receive gaps',
    format: (v) => String(v),
    help: 'Silences of 1 s or more in which no error-free data frame reached any receiver, from the first start to the end (S4 Fig. 9: EPD 3, UBR+ 1, EUBR+ none). 1 s is the RTO floor: a shorter silence cannot be a timeout’s.',
  },
  {
    key: 'maxRtoSampledSeconds',
    better: 'lower',
    label: 'Max RTO',
    format: (v) => `${v.toFixed(2)} s`,
    help: 'Largest retransmission timeout any connection armed, backoff included, after its first RTT sample (S4 Fig. 4b: EUBR+ keeps it below 3 s). Start-up RTOs, before any sample, are left out.',
  },
];

function pct(v: number): string {
  return `${(100 * v).toFixed(2)} %`;
}

/** Which way a metric is better: 'higher', 'lower', or null when neither is. */
export type Better = 'higher' | 'lower' | null;

/** B − A judged by the metric's direction: B better, worse, the same, no direction, or
 * (given the metric's run-to-run noise, see METRICS) a difference within that noise. */
export function verdictOf(
  better: Better,
  a: number,
  b: number,
  noise?: MetricDef['noise'],
): 'better' | 'worse' | 'same' | 'noise' | 'neutral' | 'none' {
  if (!Number.isFinite(a) || !Number.isFinite(b)) return 'none';
  if (a === b) return 'same';
  if (better === null) return 'neutral';
  if (noise && Math.abs(b - a) <= noiseBetween(noise, a, b)) return 'noise';
  return b > a === (better === 'higher') ? 'better' : 'worse';
}
