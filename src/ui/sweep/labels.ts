import type { MetricKey } from '../../sweep';

/** Display names and units of the metrics a sweep records. */
const LABELS: Record<MetricKey, { name: string; unit: string }> = {
  efficiency: { name: 'Efficiency', unit: '' },
  fairness: { name: 'Fairness (Jain)', unit: '' },
  clr: { name: 'CLR', unit: '' },
  fer: { name: 'FER', unit: '' },
  deadCellRatio: { name: 'Dead cell ratio', unit: '' },
  idleCellRatio: { name: 'Idle cell ratio', unit: '' },
  prr: { name: 'PRR', unit: '' },
  goodputMbps: { name: 'Goodput', unit: 'Mbit/s' },
  goodputCeilingMbps: { name: 'Goodput ceiling G_max', unit: 'Mbit/s' },
  timeouts: { name: 'Timeouts', unit: 'count' },
  fastRetransmits: { name: 'Fast retransmits', unit: 'count' },
  clrClp0: { name: 'CLR (CLP=0)', unit: '' },
  clrClp1: { name: 'CLR (CLP=1)', unit: '' },
  weightedFairness: { name: 'Weighted fairness', unit: '' },
  deadlocks: { name: 'Deadlock stalls', unit: 'count' },
  deadlockSeconds: { name: 'Deadlock time, summed over connections', unit: 's' },
  deadlockSecondsMean: { name: 'Deadlock time per connection (mean)', unit: 's' },
  deadlockSecondsWorst: { name: 'Deadlock time per connection (worst)', unit: 's' },
  bufferEmptyEpisodes: { name: 'Buffer empty episodes', unit: 'count' },
  receiveGaps: { name: 'Receive gaps (≥ 1 s)', unit: 'count' },
  receiveGapSeconds: { name: 'Receive gap time', unit: 's' },
  maxRtoSeconds: { name: 'Max RTO', unit: 's' },
  maxRtoSampledSeconds: { name: 'Max RTO after first RTT sample', unit: 's' },
};

export function metricLabel(m: MetricKey): { name: string; unit: string } {
  return LABELS[m] ?? { name: m, unit: '' };
}
