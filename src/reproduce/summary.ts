/**
 * One run of a claim's scenario, reduced to the figures claims read: every numeric metric, the
 * extra figures of EXTRA_STATS and per-VC figures. The probes a figure needs are switched on
 * only when a claim asks for it; they record and never change the model, so a figure is the
 * same whichever others are computed with it. Pure TypeScript (runs in Node and in a Worker).
 */
import { METRIC_KEYS } from '../sweep/spec';
import type { ProbeOptions, Scenario } from '../sim';
import { Simulation, parseScenario } from '../sim';
import type { ExtraStat, Stat, VcField } from './types';
import { EXTRA_STATS } from './types';

export interface RunSummary {
  stats: Record<Stat, number>;
  perVc: Record<VcField, number>[];
}

/** One run: a scenario query (with `preset=`), a seed, and the figures wanted. */
export interface RunRequest {
  query: string;
  seed: number;
  /** Extra figures that need probes (the others are always computed). */
  needs: ExtraStat[];
  /** Per-VC queue means wanted. */
  vcQueue: boolean;
}

/** The cache key of a run. */
export const runKey = (query: string, seed: number): string => `${query}&seed=${seed}`;

/** Parses a claim run's query; throws on any issue (a claim must name a valid scenario). */
export function claimScenario(query: string, seed: number): Scenario {
  const { scenario, errors } = parseScenario(`${query}&seed=${seed}`);
  if (errors.length) throw new Error(`${query}: ${errors.map((e) => e.message).join('; ')}`);
  return scenario;
}

const QUEUE_SAMPLE_MS = 10;

function probesFor(req: RunRequest): ProbeOptions {
  const n = new Set(req.needs);
  return {
    queue: req.vcQueue || n.has('meanQueueFraction'),
    queueIntervalMs: QUEUE_SAMPLE_MS,
    cwnd: n.has('maxCwndBytes'),
    acks: n.has('firstTimeoutDelaySeconds'),
    tcpEvents: n.has('firstTimeoutDelaySeconds'),
  };
}

/** Runs `req` to its end in one-second steps, folding the probes as they fill. */
export function summarise(req: RunRequest): RunSummary {
  const scenario = claimScenario(req.query, req.seed);
  const probes = probesFor(req);
  const sim = new Simulation(scenario, { probes });
  const d = sim.d;
  const K = scenario.bufferCells;
  const lastStart = Math.max(...Array.from(d.start)) / 1e12;
  const nVc = d.nVc;

  let maxCwnd = 0;
  let qSum = 0;
  let qN = 0;
  const vcSum = new Float64Array(nVc);
  // Per connection: the last ACK's time, and whether a timeout followed it already.
  const lastAck = new Float64Array(d.nConn).fill(-1);
  const timedOut = new Uint8Array(d.nConn);
  let delaySum = 0;
  let delayN = 0;
  let vcN = 0;

  const fold = () => {
    const b = sim.probes.drain();
    if (b.cwnd) {
      const c = b.cwnd.columns.cwnd;
      for (let i = 0; i < b.cwnd.rows; i++) if (c[i] > maxCwnd) maxCwnd = c[i];
    }
    if (b.queue) {
      const cols = b.queue.columns as Record<string, ArrayLike<number>>;
      const t = cols.t;
      const X = cols.X;
      for (let i = 0; i < b.queue.rows; i++) {
        for (let v = 0; v < nVc; v++) vcSum[v] += cols[`vc${v}`][i];
        vcN++;
        if (t[i] < lastStart) continue;
        qSum += X[i];
        qN++;
      }
    }
    if (b.acks && b.tcpEvents) {
      // Merge the two time-ordered series: an ACK and a timeout at one instant count the ACK
      // first (it was dispatched first or the timer was stale).
      const a = b.acks.columns;
      const e = b.tcpEvents.columns;
      let i = 0;
      for (let j = 0; j < b.tcpEvents.rows; j++) {
        for (; i < b.acks.rows && a.t[i] <= e.t[j]; i++) {
          lastAck[a.conn[i]] = a.t[i];
          timedOut[a.conn[i]] = 0;
        }
        const c = e.conn[j];
        if (e.kind[j] !== 1 || timedOut[c] || lastAck[c] < 0) continue;
        timedOut[c] = 1;
        delaySum += e.t[j] - lastAck[c];
        delayN++;
      }
      for (; i < b.acks.rows; i++) {
        lastAck[a.conn[i]] = a.t[i];
        timedOut[a.conn[i]] = 0;
      }
    }
  };
  const end = sim.duration;
  for (let t = 1e12; ; t += 1e12) {
    sim.runUntil(Math.min(t, end));
    fold();
    if (t >= end) break;
  }
  sim.assertInvariants();
  const elapsed = sim.now / 1e12;

  const m = sim.metrics();
  const stats = {} as Record<Stat, number>;
  for (const k of METRIC_KEYS) stats[k] = m[k];
  const tagged = (c: number) => d.tagged[sim.vcOf[c]] === 1;
  const sum = (f: (c: number) => number, which: (c: number) => boolean) => {
    let s = 0;
    for (let c = 0; c < d.nConn; c++) if (which(c)) s += f(c);
    return s;
  };
  const all = () => true;
  const clp0 = (c: number) => !tagged(c);
  const clp1 = (c: number) => tagged(c);
  const pc = m.perConnection;
  const good = (c: number) => pc[c].goodputMbps;
  const prr = (which: (c: number) => boolean) => {
    const sent = sum((c) => pc[c].segmentsSent, which);
    return sent > 0 ? sum((c) => pc[c].segmentsRetransmitted, which) / sent : 0;
  };
  const nClp0 = sum(() => 1, clp0);
  const intact = sim.framesReceived - sim.framesCorrupted;
  const framesSent = sum((c) => pc[c].segmentsSent, all);
  const extra: Record<ExtraStat, number> = {
    frameLossRatio: framesSent > 0 ? Math.max(0, 1 - intact / framesSent) : 0,
    clp0GoodputMbps: sum(good, clp0),
    clp1GoodputMbps: sum(good, clp1),
    clp0Prr: prr(clp0),
    clp1Prr: prr(clp1),
    meanConnGoodputMbps: m.goodputMbps / d.nConn,
    clp0MeanConnGoodputMbps: nClp0 > 0 ? sum(good, clp0) / nClp0 : 0,
    segmentsPerSecond: elapsed > 0 ? framesSent / elapsed : 0,
    droppedCells: sim.port.c.dropped, // the bottleneck port (types.ts)
    maxCwndBytes: maxCwnd,
    firstTimeoutDelaySeconds: delayN > 0 ? delaySum / delayN : 0,
    meanQueueFraction: qN > 0 && K > 0 ? qSum / qN / K : 0,
    timeoutsPerConnection: m.timeouts / d.nConn,
  };
  for (const k of EXTRA_STATS) stats[k] = extra[k];
  const perVc = m.perVc.map((v, i) => ({
    goodputMbps: v.goodputMbps,
    mcrMbps: v.mcrMbps,
    excessMbps: v.excessMbps,
    excessOverMcr: v.excessOverMcr,
    ratio: v.ratio,
    meanQueueCells: vcN > 0 ? vcSum[i] / vcN : 0,
  }));
  return { stats, perVc };
}
