import { cellsFor, goodputCeiling, mssFromMtu } from '../atm/aal5';
import { epdThresholdFromB } from '../atm/policies/epd';
import type { Time } from '../core/time';
import { cellRate, millis, seconds, slotTime } from '../core/time';
import type { Scenario } from './schema';

/** Quantities derived from a scenario, in model units (ps, cells, bytes). */
export interface Derived {
  linkCellRate: number;
  slotOut: Time;
  slotAccess: Time;
  propAccess: Time;
  propOut: Time;
  propReverse: Time;
  mss: number;
  /** MTU* of S0: cells of the largest frame. */
  mtuCells: number;
  epdThreshold: number;
  cbrCellRate: number;
  ubrCellRate: number;
  goodputCeilingBps: number;
  G: Time;
  rtoMin: Time;
  rtoInitial: Time;
  rtoMax: Time;
  delAck: Time;
  /** Bytes per ps, or Infinity for an application that reads at once. */
  appReadRate: number;
  duration: Time;
}

export function derive(s: Scenario): Derived {
  const linkCellRate = cellRate(s.linkMbps);
  const mss = mssFromMtu(s.mtu);
  const mtuCells = cellsFor(s.mtu, s.encaps);
  const cbrCellRate = s.cbrMbps > 0 ? cellRate(s.cbrMbps) : 0;
  const ubrCellRate = linkCellRate - cbrCellRate;
  const oneWay = millis(s.rttMs / 2);
  return {
    linkCellRate,
    slotOut: slotTime(s.linkMbps),
    slotAccess: slotTime(s.accessMbps),
    // (choice) half of the one-way delay on each side of the switch, the ACK path the other half.
    propAccess: Math.round(oneWay / 2),
    propOut: oneWay - Math.round(oneWay / 2),
    propReverse: millis(s.rttMs) - oneWay,
    mss,
    mtuCells,
    epdThreshold:
      s.epdThreshold !== undefined
        ? s.epdThreshold
        : epdThresholdFromB(s.bufferCells, s.epdB ?? 1, mtuCells),
    cbrCellRate,
    ubrCellRate,
    goodputCeilingBps: goodputCeiling(ubrCellRate, mss, s.encaps),
    G: millis(s.granularityMs),
    rtoMin: millis(s.rtoMinMs),
    rtoInitial: millis(s.rtoInitialMs),
    rtoMax: seconds(64),
    delAck: millis(s.delAckMs),
    appReadRate: s.appReadMbps > 0 ? (s.appReadMbps * 1e6) / 8 / 1e12 : Infinity,
    duration: seconds(s.duration),
  };
}
