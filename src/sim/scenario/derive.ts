import { cellsFor, goodputCeiling, mssFromMtu } from '../atm/aal5';
import { epdThresholdFromB } from '../atm/policies/epd';
import type { Time } from '../core/time';
import { cellRate, millis, seconds, slotTime } from '../core/time';
import type { Scenario, TcpVariant } from './schema';
import { perVc } from './schema';

/** Quantities derived from a scenario, in model units (ps, cells, bytes). Per-VC arrays have
 * one entry per VC; connection c runs on VC floor(c / tcpsPerVc). */
export interface Derived {
  nVc: number;
  nConn: number;
  linkCellRate: number;
  slotOut: Time;
  slotAccess: Float64Array;
  accessCellRate: Float64Array;
  propAccess: Float64Array;
  propOut: Float64Array;
  propReverse: Float64Array;
  start: Float64Array;
  tcp: TcpVariant[];
  tagged: Uint8Array;
  /** MCR per VC in cells/s. */
  mcrCells: Float64Array;
  mss: number;
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

export function derive(s: Scenario): Derived {
  const nVc = s.sources;
  const linkCellRate = cellRate(s.linkMbps);
  const mss = mssFromMtu(s.mtu);
  const mtuCells = cellsFor(s.mtu, s.encaps);
  const cbrCellRate = s.cbrMbps > 0 ? cellRate(s.cbrMbps) : 0;
  const vbrPeak = s.vbrMbps > 0 ? cellRate(s.vbrMbps) : 0;
  const vbrCellRate = (vbrPeak * s.vbrOnMs) / (s.vbrOnMs + s.vbrOffMs);
  const ubrCellRate = Math.max(s.ubrShare * linkCellRate, linkCellRate - cbrCellRate - vbrCellRate);
  const K = s.bufferCells;

  const vc = <T>(f: (i: number) => T) => Array.from({ length: nVc }, (_, i) => f(i));
  const f64 = (f: (i: number) => number) => Float64Array.from(vc(f));
  const slotAccess = f64((i) => slotTime(perVc(s.accessMbps, i)));
  const accessCellRate = f64((i) => cellRate(perVc(s.accessMbps, i)));
  // (choice) half of the one-way delay on each side of the switch; the ACK path the rest.
  const oneWay = f64((i) => millis(perVc(s.rttMs, i) / 2));
  const propAccess = oneWay.map((o) => Math.round(o / 2));
  const propOut = oneWay.map((o, i) => o - propAccess[i]);
  const propReverse = f64((i) => millis(perVc(s.rttMs, i)) - oneWay[i]);
  const mcrCells = f64((i) => perVc(s.mcr, i) * 1000);

  // S1: R_i ∝ K·MCR_i/PCR_i; without MCRs, K/N each.
  const fifoR = f64((i) =>
    s.fifoR
      ? perVc(s.fifoR, i)
      : mcrCells[i] > 0
        ? Math.max(1, Math.round((K * mcrCells[i]) / accessCellRate[i]))
        : Math.max(1, Math.floor(K / nVc)),
  );
  // DFBA: W_i = MCR_i/C_GFR; share = W_i/W (equal shares without MCRs).
  const mcrSum = mcrCells.reduce((a, b) => a + b, 0);
  const dfbaShare = f64((i) => (mcrSum > 0 ? mcrCells[i] / mcrSum : 1 / nVc));
  const dfbaZ = dfbaShare.map((w) =>
    s.dfbaZ === 'unit' ? 1 : s.dfbaZ === 'complement' ? 1 - w : (1 - w) * (1 - w),
  );
  // WFQ weights: explicit, else the MCRs; a VC without an MCR gets 1% of the smallest MCR.
  const minMcr = Math.min(...Array.from(mcrCells).filter((m) => m > 0), Infinity);
  const wfqWeights = f64((i) =>
    s.wfqWeights ? perVc(s.wfqWeights, i) : mcrSum > 0 ? mcrCells[i] || minMcr / 100 : 1,
  );
  // EUBR+ guaranteed period (choice): 2 RTT, with the queueing delay of R cells in the RTT.
  const meanRtt = oneWay.reduce((a, b) => a + 2 * b, 0) / nVc;
  const eubrGuard =
    s.eubrGuardMs !== undefined
      ? millis(s.eubrGuardMs)
      : Math.round(2 * (meanRtt + (s.eubrR * K * 1e12) / ubrCellRate));

  return {
    nVc,
    nConn: nVc * s.tcpsPerVc,
    linkCellRate,
    slotOut: slotTime(s.linkMbps),
    slotAccess,
    accessCellRate,
    propAccess,
    propOut,
    propReverse,
    start: f64((i) => seconds(perVc(s.start, i))),
    tcp: vc((i) => perVc(s.tcp, i)),
    tagged: Uint8Array.from(vc((i) => (perVc(s.tagged, i) ? 1 : 0))),
    mcrCells,
    mss,
    mtuCells,
    mfsCells: s.mfs ?? mtuCells,
    epdThreshold:
      s.epdThreshold !== undefined ? s.epdThreshold : epdThresholdFromB(K, s.epdB ?? 1, mtuCells),
    fifoR,
    dfbaShare,
    dfbaZ,
    wfqWeights,
    eubrGuard,
    cbrCellRate,
    vbrCellRate,
    ubrCellRate,
    goodputCeilingBps: goodputCeiling(ubrCellRate, mss, s.encaps),
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
