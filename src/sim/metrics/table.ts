import type { Metrics } from './metrics';

/** The run-wide numeric metrics (Metrics without its per-connection and per-VC lists). */
export type MetricKey = keyof Omit<Metrics, 'perConnection' | 'perVc'>;

export interface MetricDef {
  /** Short name for a table or an axis. */
  label: string;
  /** 'ratio' (0–1), 'Mbit/s', 's' or 'count'. */
  unit: 'ratio' | 'Mbit/s' | 's' | 'count';
  /** What it measures, and from which source (S0–S4). */
  definition: string;
}

/**
 * The one table of the run-wide metrics: key, label, unit and definition, in
 * the order of Metrics. The formulas are beside it, in metrics.ts. Every key of Metrics must
 * be here (the type says so).
 */
export const METRICS: { readonly [K in MetricKey]: MetricDef } = {
  efficiency: {
    label: 'Efficiency',
    unit: 'ratio',
    definition:
      'Aggregate TCP goodput of the connections crossing the bottleneck ÷ the goodput ceiling of the capacity left to UBR, G_max = C·8·MSS/cells(MSS+40) (S0, S1).',
  },
  fairness: {
    label: 'Fairness',
    unit: 'ratio',
    definition: "Jain's index (Σx)²/(N·Σx²) over per-connection goodput; 1 is perfectly fair.",
  },
  clr: {
    label: 'CLR',
    unit: 'ratio',
    definition: 'Cell loss ratio at the switches: cells dropped ÷ cells that reached them.',
  },
  fer: {
    label: 'FER',
    unit: 'ratio',
    definition: 'Frame error ratio: corrupted AAL5 frames ÷ frames received.',
  },
  deadCellRatio: {
    label: 'Dead cells',
    unit: 'ratio',
    definition: 'Cells of corrupted frames that still crossed the link ÷ all cells delivered (S0).',
  },
  idleCellRatio: {
    label: 'Idle cells',
    unit: 'ratio',
    definition: 'Idle bottleneck slots ÷ all slots: the link had nothing to send (S0).',
  },
  prr: {
    label: 'PRR',
    unit: 'ratio',
    definition: 'Packet retransmission ratio: TCP segments retransmitted ÷ segments sent (S3).',
  },
  goodputMbps: {
    label: 'Goodput',
    unit: 'Mbit/s',
    definition:
      'Error-free, non-duplicate bytes delivered in order to the receiving applications, per second.',
  },
  goodputCeilingMbps: {
    label: 'Goodput ceiling',
    unit: 'Mbit/s',
    definition: 'G_max of the capacity left to UBR at the bottleneck.',
  },
  timeouts: {
    label: 'Timeouts',
    unit: 'count',
    definition: 'Retransmission timer expiries, all connections.',
  },
  fastRetransmits: {
    label: 'Fast retransmits',
    unit: 'count',
    definition: 'Fast retransmissions triggered by duplicate ACKs, all connections.',
  },
  clrClp0: {
    label: 'CLR (CLP=0)',
    unit: 'ratio',
    definition: 'Cell loss ratio of the untagged, high-priority cell stream at the switch (S3).',
  },
  clrClp1: {
    label: 'CLR (CLP=1)',
    unit: 'ratio',
    definition: 'Cell loss ratio of the tagged, low-priority cell stream at the switch (S3).',
  },
  weightedFairness: {
    label: 'Weighted fairness',
    unit: 'ratio',
    definition:
      "Jain's index over per-VC goodput ÷ expected share: µ·MCR_i/ΣMCR with MCRs, µ·R_i/ΣR under FIFO thresholds (S1), µ/N otherwise.",
  },
  deadlocks: {
    label: 'Deadlocks',
    unit: 'count',
    definition:
      'Throughput-deadlock stalls flagged: no ACK progress with data outstanding, rescued only by a timer, while the UBR capacity went mostly unused (S2).',
  },
  deadlockSeconds: {
    label: 'Deadlock time',
    unit: 's',
    definition: 'Time flagged as throughput deadlock, summed over the connections.',
  },
  deadlockSecondsMean: {
    label: 'Deadlock time per conn.',
    unit: 's',
    definition: 'The same time, mean over the connections (at most the run’s length).',
  },
  deadlockSecondsWorst: {
    label: 'Worst deadlock time',
    unit: 's',
    definition: 'The same time, of the worst connection (at most the run’s length).',
  },
  bufferEmptyEpisodes: {
    label: 'Buffer emptied',
    unit: 'count',
    definition:
      'Times the bottleneck buffer fell to zero after holding at least K/10 cells since it last emptied (S4 Fig. 5).',
  },
  receiveGaps: {
    label: 'Receive gaps',
    unit: 'count',
    definition:
      'Silences of 1 s or more in which no error-free data frame reached any receiver, from the first start to the end (S4 Fig. 9).',
  },
  receiveGapSeconds: {
    label: 'Receive gap time',
    unit: 's',
    definition: 'Total time of those silences.',
  },
  maxRtoSeconds: {
    label: 'Max RTO (all)',
    unit: 's',
    definition: 'Largest retransmission timeout any connection armed, backoff included.',
  },
  maxRtoSampledSeconds: {
    label: 'Max RTO',
    unit: 's',
    definition:
      'Largest retransmission timeout armed after the connection’s first RTT sample, backoff included (S4 Fig. 4b).',
  },
};

/** The metric keys, in the table's order. */
export const METRIC_KEYS = Object.keys(METRICS) as MetricKey[];
