// Written by scripts/metricMessages.ts (`npm run i18n:extract`); do not edit. Only the
// catalogs' extraction reads it: the page takes these words from the model's metric table.
export const METRIC_MESSAGES = [
  /*i18n*/ {
    id: 'metric.efficiency',
    message: 'Efficiency',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Aggregate TCP goodput of the connections crossing the bottleneck ÷ the goodput ceiling of the capacity left to UBR, G_max = C·8·MSS/cells(MSS+40) (S0, S1).',
  },
  /*i18n*/ {
    id: 'metric.fairness',
    message: 'Fairness',
    comment:
      "The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Jain's index (Σx)²/(N·Σx²) over per-connection goodput; 1 is perfectly fair.",
  },
  /*i18n*/ {
    id: 'metric.goodputMbps',
    message: 'Goodput',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Error-free, non-duplicate bytes delivered in order to the receiving applications, per second.',
  },
  /*i18n*/ {
    id: 'metric.clr',
    message: 'CLR',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Cell loss ratio at the switches: cells dropped ÷ cells that reached them ((cells in − cells out) ÷ cells in).',
  },
  /*i18n*/ {
    id: 'metric.fer',
    message: 'FER',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Frame error ratio: corrupted AAL5 frames ÷ frames received. With keepEom the EOM of a frame EPD discarded arrives as a short errored frame and counts, as at S0’s receivers; without it such frames never arrive.',
  },
  /*i18n*/ {
    id: 'metric.deadCellRatio',
    message: 'Dead cells',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Cells of corrupted frames that still crossed the link ÷ all cells delivered (S0).',
  },
  /*i18n*/ {
    id: 'metric.idleCellRatio',
    message: 'Idle cells',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Idle bottleneck slots ÷ all slots: the link had nothing to send (S0).',
  },
  /*i18n*/ {
    id: 'metric.prr',
    message: 'PRR',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Packet retransmission ratio: TCP segments retransmitted ÷ segments sent (S3).',
  },
  /*i18n*/ {
    id: 'metric.clrClp0',
    message: 'CLR (CLP=0)',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Cell loss ratio of the untagged, high-priority cell stream at the switch (S3).',
  },
  /*i18n*/ {
    id: 'metric.clrClp1',
    message: 'CLR (CLP=1)',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Cell loss ratio of the tagged, low-priority cell stream at the switch (S3).',
  },
  /*i18n*/ {
    id: 'metric.weightedFairness',
    message: 'Weighted fairness',
    comment:
      "The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Jain's index over per-VC goodput ÷ expected share: µ·MCR_i/ΣMCR with MCRs, µ·R_i/ΣR under FIFO thresholds (S1), µ/N otherwise.",
  },
  /*i18n*/ {
    id: 'metric.deadlockSecondsMean',
    message: 'Deadlock time per conn.',
    comment:
      "The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Mean over the connections of the time each spent in a flagged throughput deadlock, and (below) the worst connection's; neither can exceed the run's length (the sum over connections is deadlockSeconds in the CLI and the exports). A deadlock (Nakanishi et al., S2): a connection has data outstanding and makes no ACK progress while the link capacity left to UBR stands idle, and only a timer rescues it, twice or more in a row. (b) S2's CBR deadlock: cells of one window lost end fast recovery with the window full, no duplicate ACKs come, and only the retransmission timeout recovers: the staircase, shaded red. (a) Moldeklev & Gunningberg's stop-and-go: what the send buffer or the peer's window still allows is shorter than a segment, Nagle or SWS avoidance holds it while one segment waits for the receiver's delayed ACK, and only the 200 ms delayed-ACK timer recovers, shaded purple.",
  },
  /*i18n*/ {
    id: 'metric.timeouts',
    message: 'Timeouts',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Retransmission timer expiries, all connections.',
  },
  /*i18n*/ {
    id: 'metric.fastRetransmits',
    message: 'Fast retransmits',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Fast retransmissions triggered by duplicate ACKs, all connections.',
  },
  /*i18n*/ {
    id: 'metric.bufferEmptyEpisodes',
    message: 'Buffer emptied',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Times the bottleneck buffer fell to zero after holding at least K/10 cells since it last emptied (S4 Fig. 5: EPD often, UBR+ 4 times, EUBR+ once).',
  },
  /*i18n*/ {
    id: 'metric.receiveGaps',
    message: 'Receive gaps',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Silences of 1 s or more in which no error-free data frame reached any receiver, from the first start to the end (S4 Fig. 9: EPD 3, UBR+ 1, EUBR+ none). 1 s is the RTO floor: a shorter silence cannot be a timeout’s.',
  },
  /*i18n*/ {
    id: 'metric.maxRtoSampledSeconds',
    message: 'Max RTO',
    comment:
      'The name of a measure of the run, on its tile and in the A/B table (short: a tile is narrow). It means: Largest retransmission timeout any connection armed, backoff included, after its first RTT sample (S4 Fig. 4b: EUBR+ keeps it below 3 s). Start-up RTOs, before any sample, are left out.',
  },
];
