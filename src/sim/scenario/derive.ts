import { cellsFor, goodputCeiling, mssFromMtu } from '../atm/aal5';
import { epdThresholdFromB } from '../atm/policies/epd';
import type { Time } from '../core/time';
import { cellRate, millis, seconds, slotTime } from '../core/time';
import type { Scenario, TcpVariant } from './schema';
import { perVc } from './schema';

/**
 * What one switch output port's buffer policy and scheduler are derived from: the VCs that
 * cross it (nVc of them, queue i's values first in each per-VC list: a network's port gets the
 * scenario's values of its own VCs, net/build.ts portInput), its output rate, the background it
 * serves, and the scenario's keys that do not depend on the port. A Scenario is one, with
 * nVc = sources (derive).
 */
export interface PortInput extends Pick<
  Scenario,
  | 'linkMbps'
  | 'cbrMbps'
  | 'vbrMbps'
  | 'vbrOnMs'
  | 'vbrOffMs'
  | 'ubrShare'
  | 'bufferCells'
  | 'mtu'
  | 'encaps'
  | 'mfs'
  | 'epdThreshold'
  | 'epdB'
  | 'dfbaZ'
  | 'eubrGuardMs'
  | 'eubrR'
> {
  nVc: number;
  /** Per VC of the port (read with perVc: a list shorter than nVc repeats). */
  accessMbps: readonly number[];
  rttMs: readonly number[];
  mcr: readonly number[];
  fifoR?: readonly number[];
  wfqWeights?: readonly number[];
}

/** Quantities of one port derived from its PortInput, in model units: its output slot, and
 * what its buffer policy (PolicyEnv.derived) and scheduler (the WFQ weights) are built from. */
export interface PortDerived {
  nVc: number;
  linkCellRate: number;
  slotOut: Time;
  accessCellRate: Float64Array;
  /** MCR per VC in cells/s. */
  mcrCells: Float64Array;
  /** MTU* of S0: cells of the largest frame. */
  mtuCells: number;
  mfsCells: number;
  epdThreshold: number;
  fifoR: Float64Array;
  dfbaShare: Float64Array;
  dfbaZ: Float64Array;
  wfqWeights: Float64Array;
  eubrGuard: Time;
  cbrCellRate: number;
  vbrCellRate: number;
  /** Cell rate left to UBR/GFR: C minus the background's mean, at least g·C. */
  ubrCellRate: number;
}

/** Quantities derived from a scenario, in model units (ps, cells, bytes). Per-VC arrays have
 * one entry per VC; connection c runs on VC floor(c / tcpsPerVc). Its port quantities
 * (PortDerived) are those of the scenario as one port carrying every VC. */
export interface Derived extends PortDerived {
  nConn: number;
  slotAccess: Float64Array;
  propAccess: Float64Array;
  propOut: Float64Array;
  propReverse: Float64Array;
  start: Float64Array;
  tcp: TcpVariant[];
  tagged: Uint8Array;
  mss: number;
  goodputCeilingBps: number;
  G: Time;
  rtoMin: Time;
  rtoInitial: Time;
  rtoMax: Time;
  rtoExtra: Time;
  delAck: Time;
  stretchAck: Time;
  hostJitter: Time;
  /** Serial per-segment processing time of each sending host (ps); 0 = none. */
  hostProc: Time;
  /** Bytes per ps, or Infinity for an application that reads at once. */
  appReadRate: number;
  duration: Time;
}

/** Half of VC i's one-way delay on each side of the switch (choice); the ACK path the rest. */
const oneWayOf = (rttMs: readonly number[], n: number) =>
  Float64Array.from({ length: n }, (_, i) => millis(perVc(rttMs, i) / 2));

/** The quantities of a port (PortDerived) from its input. */
export function derivePort(p: PortInput): PortDerived {
  const nVc = p.nVc;
  const linkCellRate = cellRate(p.linkMbps);
  const mtuCells = cellsFor(p.mtu, p.encaps);
  const cbrCellRate = p.cbrMbps > 0 ? cellRate(p.cbrMbps) : 0;
  const vbrPeak = p.vbrMbps > 0 ? cellRate(p.vbrMbps) : 0;
  const vbrCellRate = (vbrPeak * p.vbrOnMs) / (p.vbrOnMs + p.vbrOffMs);
  const ubrCellRate = Math.max(p.ubrShare * linkCellRate, linkCellRate - cbrCellRate - vbrCellRate);
  const K = p.bufferCells;

  const f64 = (f: (i: number) => number) => Float64Array.from({ length: nVc }, (_, i) => f(i));
  const accessCellRate = f64((i) => cellRate(perVc(p.accessMbps, i)));
  const oneWay = oneWayOf(p.rttMs, nVc);
  const mcrCells = f64((i) => perVc(p.mcr, i) * 1000);

  // S1: R_i ∝ K·MCR_i/PCR_i; without MCRs, K/N each.
  const fifoR = f64((i) =>
    p.fifoR
      ? perVc(p.fifoR, i)
      : mcrCells[i] > 0
        ? Math.max(1, Math.round((K * mcrCells[i]) / accessCellRate[i]))
        : Math.max(1, Math.floor(K / nVc)),
  );
  // DFBA: W_i = MCR_i/C_GFR; share = W_i/W (equal shares without MCRs).
  const mcrSum = mcrCells.reduce((a, b) => a + b, 0);
  const dfbaShare = f64((i) => (mcrSum > 0 ? mcrCells[i] / mcrSum : 1 / nVc));
  const dfbaZ = dfbaShare.map((w) =>
    p.dfbaZ === 'unit' ? 1 : p.dfbaZ === 'complement' ? 1 - w : (1 - w) * (1 - w),
  );
  // WFQ weights: explicit, else the MCRs; a VC without an MCR gets 1% of the smallest MCR.
  const minMcr = Math.min(...Array.from(mcrCells).filter((m) => m > 0), Infinity);
  const wfqWeights = f64((i) =>
    p.wfqWeights ? perVc(p.wfqWeights, i) : mcrSum > 0 ? mcrCells[i] || minMcr / 100 : 1,
  );
  // EUBR+ guaranteed period (choice): 2 RTT, with the queueing delay of R cells in the RTT.
  const meanRtt = oneWay.reduce((a, b) => a + 2 * b, 0) / nVc;
  const eubrGuard =
    p.eubrGuardMs !== undefined
      ? millis(p.eubrGuardMs)
      : Math.round(2 * (meanRtt + (p.eubrR * K * 1e12) / ubrCellRate));

  return {
    nVc,
    linkCellRate,
    slotOut: slotTime(p.linkMbps),
    accessCellRate,
    mcrCells,
    mtuCells,
    mfsCells: p.mfs ?? mtuCells,
    epdThreshold:
      p.epdThreshold !== undefined ? p.epdThreshold : epdThresholdFromB(K, p.epdB ?? 1, mtuCells),
    fifoR,
    dfbaShare,
    dfbaZ,
    wfqWeights,
    eubrGuard,
    cbrCellRate,
    vbrCellRate,
    ubrCellRate,
  };
}

export function derive(s: Scenario): Derived {
  const nVc = s.sources;
  const port = derivePort({ ...s, nVc });
  const mss = mssFromMtu(s.mtu);

  const vc = <T>(f: (i: number) => T) => Array.from({ length: nVc }, (_, i) => f(i));
  const f64 = (f: (i: number) => number) => Float64Array.from(vc(f));
  const slotAccess = f64((i) => slotTime(perVc(s.accessMbps, i)));
  const oneWay = oneWayOf(s.rttMs, nVc);
  const propAccess = oneWay.map((o) => Math.round(o / 2));
  const propOut = oneWay.map((o, i) => o - propAccess[i]);
  const propReverse = f64((i) => millis(perVc(s.rttMs, i)) - oneWay[i]);

  return {
    ...port,
    nConn: nVc * s.tcpsPerVc,
    slotAccess,
    propAccess,
    propOut,
    propReverse,
    start: f64((i) => seconds(perVc(s.start, i))),
    tcp: vc((i) => perVc(s.tcp, i)),
    tagged: Uint8Array.from(vc((i) => (perVc(s.tagged, i) ? 1 : 0))),
    mss,
    goodputCeilingBps: goodputCeiling(port.ubrCellRate, mss, s.encaps),
    G: millis(s.granularityMs),
    rtoMin: millis(s.rtoMinMs),
    rtoInitial: millis(s.rtoInitialMs),
    rtoMax: seconds(64),
    rtoExtra: millis(s.rtoExtraMs),
    delAck: millis(s.delAckMs),
    stretchAck: millis(s.stretchAckMs),
    hostJitter: millis(s.hostJitterMs),
    hostProc: millis(s.hostProcMs),
    appReadRate: s.appReadMbps > 0 ? (s.appReadMbps * 1e6) / 8 / 1e12 : Infinity,
    duration: seconds(s.duration),
  };
}
