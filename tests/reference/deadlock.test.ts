// The deadlock detector against S2 (Nakanishi et al., "Analysis of TCP Throughput Anomaly over
// Congested ATM Networks", Fig. 3 and Fig. 5): one Reno flow beside 60 Mbit/s CBR on 155 Mbit/s with a
// 64 KB socket and no EPD deadlocks at K = 1000 cells (< 2 % of the capacity, a staircase of
// timeouts) and runs freely at K ≥ 3000; with MTU 1500 at K = 1000 a 38 KB window deadlocks
// and a 25 KB one does not. S0's EPD testbed (Jaussi, Lorang & Nelissen, Fig. 2) has many timeouts but
// no deadlock: other connections keep the link busy.
//
// Deadlock (a), S2 §2.3 after Moldeklev & Gunningberg (S2 refs. 21–22): with a send buffer that is
// not a multiple of the MSS, Nagle and delayed ACKs, TCP becomes "a stop-and-go protocol with
// one or two data segments sent every 200 ms", broken only by the timer-generated ACK.
import { describe, expect, it } from 'vitest';
import { meanOverSeeds } from './helpers';

const SEEDS = [1, 2, 3];

describe('throughput-deadlock detector (S2 §3)', () => {
  it('flags most of the S2 deadlock run, and nothing at K = 3000 or with EPD', () => {
    const dead = SEEDS.map((s) => meanOverSeeds('?preset=s2-deadlock', [s]));
    for (const m of dead) {
      expect(m.deadlocks).toBeGreaterThanOrEqual(4);
      expect(m.deadlockSeconds).toBeGreaterThan(5); // of the 10 s run
    }
    for (const s of SEEDS) {
      expect(meanOverSeeds('?preset=s2-large-buffer', [s]).deadlockSeconds).toBe(0);
      expect(meanOverSeeds('?preset=s2-epd', [s]).deadlockSeconds).toBe(0);
    }
  });

  it('finds S2’s MTU-1500 boundary: 38 KB deadlocks at K = 1000, 25 KB does not', () => {
    const m38 = meanOverSeeds('?preset=s2-deadlock&mtu=1500&window=38000', [1]);
    const m25 = meanOverSeeds('?preset=s2-deadlock&mtu=1500&window=25000', [1]);
    expect(m38.deadlockSeconds).toBeGreaterThan(5);
    expect(m25.deadlockSeconds).toBe(0);
  });

  it('does not flag S0’s EPD testbed, for all its timeouts', () => {
    for (const seed of SEEDS) {
      const m = meanOverSeeds('?preset=s0-testbed&duration=60', [seed]);
      expect(m.timeouts).toBeGreaterThan(100);
      expect(m.deadlocks).toBe(0);
    }
  });

  it('flags S2 §2.3’s stop-and-go (deadlock a): one segment per 200 ms tick, only while the buffer holds a short rest', () => {
    const S = 'preset=s2-stop-and-go';
    const mss = 9180 - 40;
    for (const seed of SEEDS) {
      const m = meanOverSeeds(`?${S}`, [seed]);
      // 9140 bytes per 200 ms tick is 0.3656 Mbit/s; "one or two segments" per tick at most.
      const perTick = (m.goodputMbps * 1e6 * 0.2) / 8 / mss;
      expect(perTick).toBeGreaterThanOrEqual(0.9);
      expect(perTick).toBeLessThanOrEqual(2);
      expect(m.timeouts).toBe(0); // no loss, no retransmission timeout: the delayed ACK rescues
      expect(m.deadlockSeconds).toBeGreaterThan(8); // of the 10 s run
    }
    // The same run with a send buffer of two full segments (18432 bytes: 2 × 9140 and a
    // 152-byte rest), with no send-buffer limit, or with an ACK for every segment streams: no
    // deadlock, > 50× the goodput. (nagle=false is left out: this model's receiver ACKs any
    // second segment, short or not, where BSD waits for two full segments' worth of window.)
    const stuck = meanOverSeeds(`?${S}`, [1]).goodputMbps;
    for (const fix of ['sndBuf=18432', 'ack=every', 'sndBuf=0']) {
      const m = meanOverSeeds(`?${S}&${fix}`, [1]);
      expect(m.deadlockSeconds, fix).toBe(0);
      expect(m.goodputMbps / stuck, fix).toBeGreaterThan(50);
    }
    // The receive-side variant: no send-buffer limit, but a 16 KB window leaves the same short
    // rest after one full segment; the same stop-and-go, flagged the same way.
    const rwnd = meanOverSeeds(`?${S}&sndBuf=0&window=16384`, [1]);
    expect(rwnd.timeouts).toBe(0);
    expect(rwnd.deadlockSeconds).toBeGreaterThan(8);
  });
});

describe('deadlock time per connection (the app shows the mean and the worst)', () => {
  it('S1 LAN tail drop, 5 s: the sum over 5 connections is not a time of the run; mean and worst are', () => {
    const m = meanOverSeeds('?preset=s1-lan-tail-drop&duration=5', [1]);
    const per = m.perConnection.map((c) => c.deadlockSeconds);
    expect(per).toHaveLength(5);
    expect(m.deadlocks).toBeGreaterThan(0);
    expect(m.deadlockSeconds).toBeCloseTo(
      per.reduce((a, b) => a + b, 0),
      12,
    );
    expect(m.deadlockSecondsMean).toBeCloseTo(m.deadlockSeconds / 5, 12);
    expect(m.deadlockSecondsWorst).toBe(Math.max(...per));
    // More than one connection stalls, so the sum exceeds the worst one's time.
    expect(per.filter((s) => s > 0).length).toBeGreaterThan(1);
    expect(m.deadlockSeconds).toBeGreaterThan(m.deadlockSecondsWorst);
    expect(m.deadlockSecondsWorst).toBeLessThanOrEqual(5);
  });
});
