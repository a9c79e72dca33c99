/** The metrics of a run as S0 and S1 define them (efficiency, fairness, CLR, FER, dead and idle
 * cells) and S2's deadlock measures, with their formulas (metrics(), portMetrics(),
 * cellCounts(): what Simulation returns). */
import { goodputCeiling } from '../atm/aal5';
import { DROP_REASONS } from '../atm/policies';
import type { SwitchPort } from '../atm/port';
import type { inFlightByWalking } from '../atm/portWalks';
import type { Time } from '../core/time';
import { cellRate, toSeconds } from '../core/time';
import { Network } from '../net/network';
import type { NetSpec } from '../net/topology';
import type { Derived } from '../scenario/derive';
import type { Scenario } from '../scenario/schema';
import type { TcpReceiver } from '../tcp/receiver';
import type { TcpSender } from '../tcp/sender';
import type { DeadlockDetector } from './deadlock';
import type { EmptyEpisodes, ReceiveGaps } from './episodes';

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

/** One switch output port of the run, as the CLI's JSON reports it. */
export interface PortMetrics {
  id: string;
  node: string;
  policy: string;
  bufferCells: number;
  cellsIn: number;
  cellsOut: number;
  cellsDropped: number;
  maxOccupancy: number;
  /** Goodput of the connections whose VC crosses the port / the port's goodput ceiling. */
  efficiency: number;
  /** Jain index over the goodput of the connections whose VC crosses the port. */
  fairness: number;
}

/** What the formulas read of a run (a Simulation). */
export interface RunView {
  readonly now: Time;
  readonly scenario: Scenario;
  readonly d: Derived;
  readonly senders: readonly TcpSender[];
  readonly receivers: readonly TcpReceiver[];
  readonly vcOf: Int32Array;
  readonly ports: readonly SwitchPort[];
  /** The bottleneck port, and the global VC of each of its VCs. */
  readonly port: SwitchPort;
  readonly bottleneckVcs: Int32Array;
  readonly topology: NetSpec;
  readonly deadlock: DeadlockDetector;
  readonly emptyEpisodes: EmptyEpisodes;
  readonly receiveGaps: ReceiveGaps;
  readonly framesReceived: number;
  readonly framesCorrupted: number;
}

/** Cells in flight of one port, counted by walking its structures (SwitchPort). */
export type PortWalk = ReturnType<typeof inFlightByWalking>;

/** Network-wide cell counts (for the single topology, those of its one port). */
export function cellCounts(r: RunView, walks: readonly PortWalk[]): CellCounts {
  const port = r.port;
  const n = Network.totals(r.ports);
  const droppedByReason: Record<string, number> = {};
  DROP_REASONS.forEach((name, i) => {
    if (i > 0 && n.droppedByReason[i] > 0) droppedByReason[name] = n.droppedByReason[i];
  });
  const inFlight = walks.reduce((a, w) => a + w.access + w.link + w.buffer, 0);
  const walk = walks[r.topology.bottleneck];
  return {
    offered: n.offered,
    accepted: n.accepted,
    dropped: n.dropped,
    delivered: n.delivered,
    inFlight,
    droppedByReason,
    background: {
      arrived: port.c.bgArrived,
      dropped: port.c.bgDropped,
      departed: port.c.bgDeparted,
      queued: walk.background,
    },
  };
}

/** Goodput of each connection over the run so far (Mbit/s). */
function goodputs(r: RunView): number[] {
  const elapsed = toSeconds(r.now);
  return r.receivers.map((x) => (elapsed > 0 ? (x.delivered * 8) / elapsed / 1e6 : 0));
}

/** One entry per switch output port: its counters, and the efficiency and fairness of the
 * connections whose VCs cross it. */
export function portMetrics(r: RunView): PortMetrics[] {
  const goodput = goodputs(r);
  return r.topology.ports.map((spec, i) => {
    const port = r.ports[i];
    const crossing = new Set(spec.vcs);
    const g = goodput.filter((_, c) => crossing.has(r.vcOf[c]));
    const sum = g.reduce((a, b) => a + b, 0);
    const bottleneck = i === r.topology.bottleneck;
    const rate = bottleneck ? r.d.ubrCellRate : cellRate(spec.mbps);
    const ceiling = goodputCeiling(rate, r.d.mss, r.scenario.encaps) / 1e6;
    return {
      id: spec.id,
      node: spec.node,
      policy: spec.policy, // the running policy: live changes update the topology
      bufferCells: port.K,
      cellsIn: port.c.arrived,
      cellsOut: port.c.departed,
      cellsDropped: port.c.dropped,
      maxOccupancy: port.c.maxX,
      efficiency: ratio(sum, ceiling),
      fairness: jainIndex(g),
    };
  });
}

/** The run's metrics (the definitions above). */
export function metrics(r: RunView): Metrics {
  const port = r.port;
  const net = Network.totals(r.ports);
  const d = r.d;
  const goodput = goodputs(r);
  const perConnection = r.senders.map((s, c) => ({
    goodputMbps: goodput[c],
    timeouts: s.timeouts,
    fastRetransmits: s.fastRetransmits,
    segmentsSent: s.segmentsSent,
    segmentsRetransmitted: s.segmentsRetransmitted,
    deadlockSeconds: toSeconds(r.deadlock.flaggedTime[c]),
    maxRtoSeconds: toSeconds(s.maxRto),
    maxRtoSampledSeconds: toSeconds(s.maxRtoSampled),
  }));
  const goodputMbps = perConnection.reduce((a, c) => a + c.goodputMbps, 0);
  // Efficiency is against the bottleneck's ceiling: the goodput of the connections whose VC
  // crosses it (every connection but a parking lot's local VCs of other hops).
  const crossing = new Set(r.bottleneckVcs);
  const bottleneckGoodput = perConnection.reduce(
    (a, c, i) => (crossing.has(r.vcOf[i]) ? a + c.goodputMbps : a),
    0,
  );
  const sent = perConnection.reduce((a, c) => a + c.segmentsSent, 0);
  const retx = perConnection.reduce((a, c) => a + c.segmentsRetransmitted, 0);
  const ceilingMbps = d.goodputCeilingBps / 1e6;
  const gaps = r.receiveGaps.summary(r.now);

  // Per VC: goodput against MCR and against the expected share.
  const vcGoodput = new Float64Array(d.nVc);
  perConnection.forEach((c, i) => (vcGoodput[r.vcOf[i]] += c.goodputMbps));
  const mcrSum = d.mcrCells.reduce((a, b) => a + b, 0);
  const rSum = d.fifoR.reduce((a, b) => a + b, 0);
  const fifo = r.scenario.policy === 'fifo-thresholds';
  const perVc = Array.from(vcGoodput, (g, v) => {
    const mcrMbps = (d.mcrCells[v] * 48 * 8) / 1e6;
    const expectedMbps = fifo
      ? (goodputMbps * d.fifoR[v]) / rSum // S1: expected throughput_i = µ·R_i/ΣR
      : mcrSum > 0
        ? (goodputMbps * d.mcrCells[v]) / mcrSum
        : goodputMbps / d.nVc;
    return {
      goodputMbps: g,
      mcrMbps,
      excessMbps: g - mcrMbps,
      excessOverMcr: mcrMbps > 0 ? (g - mcrMbps) / mcrMbps : 0,
      expectedMbps,
      ratio: ratio(g, expectedMbps),
    };
  });
  return {
    efficiency: ratio(bottleneckGoodput, ceilingMbps),
    fairness: jainIndex(perConnection.map((c) => c.goodputMbps)),
    clr: ratio(net.dropped, net.arrived),
    fer: ratio(r.framesCorrupted, r.framesReceived),
    deadCellRatio: ratio(net.deadCells, net.delivered),
    idleCellRatio: ratio(port.idleSlots, port.slotIndex),
    prr: ratio(retx, sent),
    goodputMbps,
    goodputCeilingMbps: ceilingMbps,
    timeouts: perConnection.reduce((a, c) => a + c.timeouts, 0),
    fastRetransmits: perConnection.reduce((a, c) => a + c.fastRetransmits, 0),
    clrClp0: ratio(net.droppedByClp[0], net.arrivedByClp[0]),
    clrClp1: ratio(net.droppedByClp[1], net.arrivedByClp[1]),
    weightedFairness: jainIndex(perVc.map((v) => v.ratio)),
    deadlocks: r.deadlock.count,
    deadlockSeconds: perConnection.reduce((a, c) => a + c.deadlockSeconds, 0),
    deadlockSecondsMean:
      perConnection.reduce((a, c) => a + c.deadlockSeconds, 0) / perConnection.length,
    deadlockSecondsWorst: perConnection.reduce((a, c) => Math.max(a, c.deadlockSeconds), 0),
    bufferEmptyEpisodes: r.emptyEpisodes.count,
    receiveGaps: gaps.count,
    receiveGapSeconds: gaps.seconds,
    maxRtoSeconds: perConnection.reduce((a, c) => Math.max(a, c.maxRtoSeconds), 0),
    maxRtoSampledSeconds: perConnection.reduce((a, c) => Math.max(a, c.maxRtoSampledSeconds), 0),
    perConnection,
    perVc,
  };
}
