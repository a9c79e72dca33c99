// What each view says of the run at the instant shown (views/describe.ts, the registry's
// `describe`): exact words on fixed rows, and on a real run at a fixed instant (the words the
// e2e test reads from the page's accessibility tree).
import { describe, expect, it } from 'vitest';
import {
  describeCwnd,
  describeLoss,
  describeMetrics,
  describeNetwork,
  describeOccupancy,
  describePerVc,
  describeQueue,
  describeTimeSeq,
} from '../../../../src/ui/views/describe';
import { VIEWS, VIEW_IDS } from '../../../../src/ui/views/registry';
import { fixedStore } from '../../../helpers/fixedStore';
import { storeFromSim } from '../../../helpers/storeFromSim';

const OVERFLOW = 1; // buffer overflow
const EPD = 3; // EPD (R exceeded)

/** S0's testbed (K = 1088, EPD R = 997, 4 VCs, one connection each) at t = 3 s. */
function s0At3() {
  const { add } = fixedStore('?preset=s0-testbed');
  return add({
    t: 3,
    xi: [200, 380, 0, 144, 0],
    queue: {
      t: [1, 2, 2.5, 3],
      X: [100, 1088, 990, 724],
      clp1: [0, 0, 0, 0],
      background: [0, 0, 0, 0],
      vc0: [0, 0, 0, 200],
      vc1: [100, 1088, 990, 380],
      vc2: [0, 0, 0, 0],
      vc3: [0, 0, 0, 144],
    },
    loss: {
      t: [1.2, 2.2, 2.59],
      vc: [0, 1, 3],
      conn: [0, 1, 3],
      seq: [0, 0, 0],
      reason: [OVERFLOW, EPD, OVERFLOW],
      cells: [5, 90, 11],
      X: [0, 0, 0],
      Xi: [0, 0, 0],
      Na: [0, 0, 0],
      threshold: [0, 0, 0],
      extra: [0, 0, 0],
    },
    dead: { t: [1.3, 2.3], vc: [0, 1], cells: [4, 30] },
    tcpEvents: { t: [1.5, 2.4, 2.6], conn: [0, 0, 1], kind: [1, 2, 1] },
    stalls: { t: [2.5], t0: [1.6], conn: [0], kind: [1], idle: [0.8] },
    segments: {
      t: [0.5, 1.0, 1.55, 2.45],
      conn: [0, 0, 0, 1],
      seq: [0, 9140, 0, 0],
      len: [9140, 9140, 9140, 9140],
      retx: [0, 0, 1, 1],
    },
    acks: {
      t: [0.6, 1.1, 2.0],
      conn: [0, 0, 1],
      ack: [9140, 18_280, 9140],
      win: [52_224, 52_224, 52_224],
    },
    cwnd: {
      t: [0.5, 1.5, 2.4, 2.6],
      conn: [0, 0, 0, 1],
      cwnd: [9140, 4352, 22_600, 4352],
      ssthresh: [1e30, 18_280, 12_900, 8600],
    },
    metrics: {
      efficiency: 0.8825,
      fairness: 0.653,
      goodputMbps: 29.54,
      timeouts: 2,
      fastRetransmits: 1,
      perConnection: [0, 1, 2, 3].map((c) => ({
        goodputMbps: 7,
        timeouts: 0,
        fastRetransmits: 0,
        segmentsSent: [300, 200, 100, 50][c],
        segmentsRetransmitted: [3, 2, 0, 0][c],
        deadlockSeconds: 0,
        maxRtoSeconds: 0,
        maxRtoSampledSeconds: 0,
      })),
    },
  });
}

const at3 = (selectedConn = 0, window: [number, number] = [0, 3]) => ({
  store: s0At3(),
  t: 3,
  selectedConn,
  window,
});

describe('view descriptions on fixed rows', () => {
  it('switch buffer: fill, the fullest VC against its fair share, the threshold, the last drop', () => {
    expect(describeQueue(at3())).toBe(
      'X = 724 of K = 1088 cells, 67 %. VC 1 holds 380, above its fair share of 241. EPD threshold R = 997 not reached. Last drop 0.41 s ago: VC 3, 11 cells, buffer overflow.',
    );
  });

  it('switch buffer: empty, and before any drop', () => {
    const { add } = fixedStore('?preset=s0-testbed');
    const store = add({ t: 0.01 });
    expect(describeQueue({ store, t: 0.01, selectedConn: 0, window: [0, 0.01] })).toBe(
      'Switch buffer empty, K = 1088 cells. EPD threshold R = 997 not reached. No drop yet.',
    );
  });

  it('per-VC bars: each VC, the fair share, the limits and who is over', () => {
    expect(describePerVc(at3())).toBe(
      'Cells per VC: VC 0 200, VC 1 380, VC 2 0, VC 3 144. Fair share X/N_a = 241 with 3 active VCs.',
    );
    const { add } = fixedStore('?preset=s0-testbed');
    const store = add({ t: 1, xi: [10, 300, 0, 0, 0], limits: [250, 250, 250, 250] });
    expect(describePerVc({ store, t: 1, selectedConn: 0, window: [0, 1] })).toBe(
      'Cells per VC: VC 0 10, VC 1 300, VC 2 0, VC 3 0. Fair share X/N_a = 155 with 2 active VCs. Per-VC limit 250 cells. Over the limit: VC 1.',
    );
  });

  it('time-sequence of the connection shown, and of all', () => {
    expect(describeTimeSeq(at3(0))).toBe(
      'TCP 1. From 0.000 s to 3.000 s: 1 retransmission, 1 timeout, 1 fast retransmit and 1 deadlock (ended by a timeout). ACK at 18.3 kB, not moved for 1.90 s. Since the start: 300 segments sent, 3 retransmitted.',
    );
    // Seen at 1.15 s, TCP 1's ACK moved 0.05 s before: it does not wait.
    expect(describeTimeSeq({ ...at3(0, [0, 1.15]), t: 1.15 })).toMatch(/ ACK at 18\.3 kB\. /);
    // TCP 2's ACK, last at 2.0 s, seen at 3 s.
    expect(describeTimeSeq(at3(1))).toContain('ACK at 9.1 kB, not moved for 1.00 s.');
    expect(describeTimeSeq(at3(-1, [2, 3]))).toBe(
      'All 4 connections. From 2.000 s to 3.000 s: 1 retransmission, 1 timeout, 1 fast retransmit and 1 deadlock (ended by a timeout). Since the start: 650 segments sent, 5 retransmitted.',
    );
  });

  it('congestion windows at the instant, and the cuts in the window', () => {
    expect(describeCwnd(at3())).toBe(
      'cwnd at 3.000 s: TCP 1 22.6 kB (ssthresh 12.9 kB), TCP 2 4.4 kB (ssthresh 8.6 kB). From 0.000 s to 3.000 s: 2 timeouts (cwnd to one segment), 1 fast retransmit (cwnd halved).',
    );
  });

  it('occupancy over the window', () => {
    expect(describeOccupancy(at3())).toBe(
      'From 0.000 s to 3.000 s: X between 100 and 1088 of K = 1088 cells; 724 at 3.000 s. Reached K and EPD threshold R = 997.',
    );
    expect(describeOccupancy(at3(0, [2.6, 3]))).toBe(
      'From 2.600 s to 3.000 s: X between 724 and 724 of K = 1088 cells; 724 at 3.000 s. Not reached: EPD threshold R = 997.',
    );
  });

  it('occupancy counts the buffer at the instant shown, before its sample has come', () => {
    // S0 at its first drop: the samples (every ms) reach 992, the buffer at 0.064 s holds 997,
    // R: the range and "reached" must agree with the switch buffer's own description.
    const { add } = fixedStore('?preset=s0-testbed');
    const store = add({
      t: 0.064,
      xi: [0, 997, 0, 0, 0],
      queue: {
        t: [0.062, 0.063],
        X: [980, 992],
        clp1: [0, 0],
        background: [0, 0],
        vc0: [0, 0],
        vc1: [980, 992],
        vc2: [0, 0],
        vc3: [0, 0],
      },
    });
    expect(describeOccupancy({ store, t: 0.064, selectedConn: -1, window: [0, 0.064] })).toBe(
      'From 0.000 s to 0.064 s: X between 980 and 997 of K = 1088 cells; 997 at 0.064 s. Reached EPD threshold R = 997.',
    );
  });

  it('losses in the window: by VC, by rule, dead cells, the latest', () => {
    expect(describeLoss(at3())).toBe(
      'From 0.000 s to 3.000 s: 3 drops, 106 cells. By VC: VC 0 1, VC 1 1, VC 3 1. By rule: buffer overflow 2, EPD (R exceeded) 1. Dead cells: 34 cells of 2 damaged frames crossed the link. Last drop 0.41 s ago: VC 3, 11 cells, buffer overflow.',
    );
    expect(describeLoss(at3(0, [2.7, 3]))).toBe(
      'From 2.700 s to 3.000 s: no drops. Last drop 0.41 s ago: VC 3, 11 cells, buffer overflow.',
    );
  });

  it('topology: each port, its policy, fill, load and drops', () => {
    expect(describeNetwork(at3())).toBe(
      '1 switch, 1 output port. Port sw1→receivers (the bottleneck, shown in the buffer views): Early Packet Discard (EPD), K = 1088, 37.44 Mbit/s, 4 VCs.',
    );
    const { add } = fixedStore('?preset=parking-lot-fba');
    const store = add({
      t: 1,
      ports: { X: [12, 0, 1000], util: [0.5, 0.021, 0.996], dropped: [0, 0, 90] },
    });
    expect(describeNetwork({ store, t: 1, selectedConn: 0, window: [0, 1] })).toBe(
      '3 switches, 3 output ports. Port sw1→sw2: Fair Buffer Allocation (FBA), K = 1088, 37.44 Mbit/s, 2 VCs, X = 12, link 50 % busy. Port sw2→sw3: Fair Buffer Allocation (FBA), K = 1088, 37.44 Mbit/s, 4 VCs, X = 0, link 2 % busy. Port sw3→receivers (the bottleneck, shown in the buffer views): Fair Buffer Allocation (FBA), K = 1088, 37.44 Mbit/s, 4 VCs, X = 1000, link 100 % busy, 90 cells dropped.',
    );
  });

  it('metrics: the tiles shown, with their values', () => {
    expect(describeMetrics(at3())).toMatch(
      /^Metrics at 3\.000 s: Efficiency 88\.25 %; Fairness 0\.653; Goodput 29\.54 Mbit\/s; .*Timeouts 2; Fast retransmits 1;/,
    );
  });

  it('every view of the registry describes itself, before any data too', () => {
    const { store } = fixedStore('?preset=s0-testbed');
    for (const id of VIEW_IDS) {
      const text = VIEWS[id].describe({ store, t: 0, selectedConn: 0, window: [0, 0] });
      expect(text.length, id).toBeGreaterThan(10);
      expect(text, id).not.toMatch(/NaN|undefined|Infinity/);
    }
  });
});

describe('the buffer described on a real run (the e2e test reads the same words in the page)', () => {
  it('S0 testbed at t = 2 s', () => {
    const store = storeFromSim('?preset=s0-testbed', 50, 2);
    expect(store.t).toBe(2);
    expect(describeQueue({ store, t: 2, selectedConn: 0, window: [0, 2] })).toBe(
      'X = 735 of K = 1088 cells, 68 %. VC 0 holds 482, above its fair share of 368. EPD threshold R = 997 not reached. Last drop 0.07 s ago: VC 1, 90 cells, EPD (R exceeded).',
    );
  });
});
