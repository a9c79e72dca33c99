import { describe, expect, it } from 'vitest';
import { Reno } from '../../../../src/sim/tcp/cc/reno';
import type { ReceiverHost, ReceiverParams } from '../../../../src/sim/tcp/receiver';
import { TcpReceiver } from '../../../../src/sim/tcp/receiver';
import type { SenderHost, SenderParams } from '../../../../src/sim/tcp/sender';
import { TcpEvent } from '../../../../src/sim/tcp/events';
import { TcpSender } from '../../../../src/sim/tcp/sender';

const ms = (x: number) => x * 1e9;
const MSS = 1000;

class MockSenderHost implements SenderHost {
  segs: { seq: number; len: number; retx: boolean; t: number }[] = [];
  rto: number[] = [];
  events: number[] = [];
  emitSegment(_c: number, seq: number, len: number, retx: boolean, t: number) {
    this.segs.push({ seq, len, retx, t });
  }
  scheduleRto(_c: number, at: number) {
    this.rto.push(at);
  }
  wakes: number[] = [];
  scheduleWake(_c: number, at: number) {
    this.wakes.push(at);
  }
  traceCwnd() {}
  traceEvent(_c: number, kind: number) {
    this.events.push(kind);
  }
}

function sender(over: Partial<SenderParams> = {}) {
  const host = new MockSenderHost();
  const p: SenderParams = {
    mss: MSS,
    dupAckThreshold: 3,
    rto: { G: ms(100), rtoMin: ms(200), rtoMax: ms(64000), rtoInitial: ms(3000) },
    tickPhase: ms(30),
    ssthreshRule: 'rfc5681',
    initialCwndSegments: 1,
    initialRwnd: 64 * MSS,
    nagle: true,
    maxBackoffs: 12,
    ...over,
  };
  const s = new TcpSender(0, p, new Reno(), host);
  return { s, host };
}

describe('TCP Reno (RFC 5681 §3)', () => {
  it('slow start adds one MSS per new ACK and sends the window', () => {
    const { s, host } = sender();
    s.start(0);
    expect(host.segs.map((x) => x.seq)).toEqual([0]);
    s.onAck(1000, 64 * MSS, null, ms(1));
    expect(s.cwnd).toBe(2000);
    expect(host.segs.map((x) => x.seq)).toEqual([0, 1000, 2000]);
    s.onAck(3000, 64 * MSS, null, ms(2));
    expect(s.cwnd).toBe(3000);
    expect(s.sndNxt).toBe(6000);
  });

  it('congestion avoidance adds MSS·MSS/cwnd per ACK', () => {
    const { s } = sender();
    s.start(0);
    s.ssthresh = 2000;
    s.onAck(1000, 64 * MSS, null, ms(1)); // slow start: cwnd 1000 -> 2000
    expect(s.cwnd).toBe(2000);
    s.onAck(2000, 64 * MSS, null, ms(2)); // CA: + 1000*1000/2000
    expect(s.cwnd).toBe(2500);
    s.onAck(3000, 64 * MSS, null, ms(3)); // + 1e6/2500
    expect(s.cwnd).toBe(2900);
  });

  it('the third duplicate ACK halves the flight, retransmits, and inflates cwnd by 3 MSS', () => {
    const { s, host } = sender();
    s.start(0);
    // Open cwnd to 8 segments.
    for (let a = 1; a <= 7; a++) s.onAck(a * 1000, 64 * MSS, null, ms(a));
    expect(s.cwnd).toBe(8000);
    const flight = s.sndMax - s.sndUna;
    expect(flight).toBe(8000);
    const una = s.sndUna;
    s.onAck(una, 64 * MSS, null, ms(10));
    s.onAck(una, 64 * MSS, null, ms(10));
    expect(s.inRecovery).toBe(false);
    const before = host.segs.length;
    s.onAck(una, 64 * MSS, null, ms(10));
    expect(s.inRecovery).toBe(true);
    expect(s.ssthresh).toBe(4000); // max(FlightSize/2, 2·MSS)
    expect(s.cwnd).toBe(4000 + 3 * 1000);
    expect(host.segs[before]).toMatchObject({ seq: una, len: 1000, retx: true });
    expect(s.fastRetransmits).toBe(1);
    s.onAck(una, 64 * MSS, null, ms(11)); // a further dup ACK inflates
    expect(s.cwnd).toBe(8000);
    s.onAck(una + 1000, 64 * MSS, null, ms(12)); // first new ACK, even partial, deflates
    expect(s.inRecovery).toBe(false);
    expect(s.cwnd).toBe(4000);
  });

  it('an ACK that changes the window is not a duplicate', () => {
    const { s } = sender();
    s.start(0);
    for (let a = 1; a <= 5; a++) s.onAck(a * 1000, 64 * MSS, null, ms(a));
    const una = s.sndUna;
    s.onAck(una, 64 * MSS, null, ms(10));
    s.onAck(una, 63 * MSS, null, ms(10));
    s.onAck(una, 63 * MSS, null, ms(10));
    expect(s.dupAcks).toBe(2);
    expect(s.inRecovery).toBe(false);
  });

  it('a timeout sets ssthresh from the flight, cwnd to 1 MSS, goes back to snd_una and doubles the RTO', () => {
    const { s, host } = sender();
    s.start(0);
    for (let a = 1; a <= 3; a++) s.onAck(a * 1000, 64 * MSS, null, ms(a));
    expect(s.cwnd).toBe(4000);
    const flight = s.sndMax - s.sndUna;
    const at = s.rtoAt;
    const before = host.segs.length;
    s.onRtoEvent(at);
    expect(s.timeouts).toBe(1);
    expect(host.events).toContain(TcpEvent.TIMEOUT);
    expect(s.ssthresh).toBe(Math.max(flight / 2, 2000));
    expect(s.cwnd).toBe(1000);
    expect(host.segs.slice(before)).toEqual([{ seq: 3000, len: 1000, retx: true, t: at }]);
    expect(s.backoff).toBe(1);
    // The re-armed timer uses the doubled RTO, on the tick grid.
    expect(s.rtoAt).toBeGreaterThan(at);
  });

  it('BSD ssthresh rule: min(cwnd, rwnd)/2 in whole segments', () => {
    const { s } = sender({ ssthreshRule: 'bsd' });
    s.start(0);
    for (let a = 1; a <= 6; a++) s.onAck(a * 1000, 64 * MSS, null, ms(a));
    expect(s.cwnd).toBe(7000);
    expect(s.lossSsthresh()).toBe(3000);
  });

  it('the timer fires on the ceil(RTO/G)-th tick of the host clock after it is armed', () => {
    const { s, host } = sender();
    s.start(ms(5)); // RTO 3 s initial, G = 100 ms, phase 30 ms: ticks at 30, 130, ...
    // ceil(3000/100) = 30 ticks: the first after 5 ms is 30 ms, the 30th is 2930 ms.
    expect(host.rto[0]).toBe(ms(2930));
  });

  it('timerClock armed: the RTO rounded up to a multiple of G, counted from arming', () => {
    const { s, host } = sender({ timerMode: 'armed' });
    s.start(ms(5)); // initial RTO 3 s = 30 ticks exactly: 5 + 3000 ms, whatever the phase.
    expect(host.rto[0]).toBe(ms(3005));
    // A sample of 10 ms: 10 + max(100, 4·5) = 110 ms, clamped to RTOmin 200 ms → 2 ticks,
    // 200 ms after the ACK.
    s.onAck(1000, 64 * MSS, null, ms(15));
    expect(s.est.rto).toBe(ms(200));
    expect(s.rtoAt).toBe(ms(215));
    // The host clock (ticks at 30, 130, ...) fires it on the 2nd tick after 15 ms: 130 ms.
    const h = sender();
    h.s.start(ms(5));
    h.s.onAck(1000, 64 * MSS, null, ms(15));
    expect(h.s.rtoAt).toBe(ms(130));
  });

  it('rtoExtra (Solaris 2.6 tcp_rexmit_interval_extra) is added to every computed RTO', () => {
    const { s } = sender({
      rto: { G: ms(10), rtoMin: ms(200), rtoMax: ms(64000), rtoInitial: ms(3000), extra: ms(200) },
    });
    s.start(0);
    s.onAck(1000, 64 * MSS, null, ms(10)); // sample 10 ms: 10 + max(10, 4·5) + 200 = 230 ms
    expect(s.est.rto).toBe(ms(230));
  });

  it('timerClock oldest (Solaris 2.6): ACKs do not restart the timer; it expires RTO after the oldest segment left', () => {
    const G = ms(10);
    const { s, host } = sender({
      rto: { G, rtoMin: ms(200), rtoMax: ms(64000), rtoInitial: ms(3000), extra: 0 },
      tickPhase: ms(3),
      timerMode: 'oldest',
    });
    s.start(0);
    // All acknowledged at 10 ms (RTO now 200 ms); 1000 and 2000 leave: armed for the first
    // tick at or after 210 ms.
    s.onAck(1000, 64 * MSS, null, ms(10));
    expect(s.rtoAt).toBe(ms(213));
    s.onAck(2000, 64 * MSS, null, ms(20)); // progress: the running timer is left alone
    expect(s.rtoAt).toBe(ms(213));
    // At 213 ms the oldest segment (2000, sent at 10 ms) is more than an RTO old: timeout,
    // and the next check comes 2·RTO later, on the tick grid.
    s.onRtoEvent(ms(213));
    expect(s.timeouts).toBe(1);
    expect(s.rtoAt).toBe(ms(613));
    expect(host.rto.every((t) => (t - ms(3)) % G === 0)).toBe(true);
  });

  it('timerClock oldest: a timer that fires before the oldest segment is RTO old waits for the rest', () => {
    const { s } = sender({
      rto: { G: ms(10), rtoMin: ms(200), rtoMax: ms(64000), rtoInitial: ms(3000), extra: 0 },
      tickPhase: 0,
      timerMode: 'oldest',
    });
    s.start(0);
    s.onAck(1000, 64 * MSS, null, ms(10)); // 1000, 2000 leave at 10 ms; timer at 210 ms
    s.onAck(2000, 64 * MSS, null, ms(100)); // 3000, 4000 leave at 100 ms
    s.onAck(3000, 64 * MSS, null, ms(150)); // the oldest is now 3000, sent at 100 ms
    expect(s.rtoAt).toBe(ms(210));
    s.onRtoEvent(ms(210)); // 110 ms old: not yet; wait until 100 + 200 ms
    expect(s.timeouts).toBe(0);
    expect(s.rtoAt).toBe(ms(300));
    s.onRtoEvent(ms(300));
    expect(s.timeouts).toBe(1);
  });

  it('timeoutResend overdue (Solaris 2.6): a timeout resends the oldest segment only; ACKs resend what is past due', () => {
    const { s, host } = sender({
      rto: { G: ms(10), rtoMin: ms(200), rtoMax: ms(64000), rtoInitial: ms(3000), extra: 0 },
      timerMode: 'oldest',
      resendOverdue: true,
    });
    s.start(0);
    for (let a = 1; a <= 3; a++) s.onAck(a * 1000, 64 * MSS, null, ms(a)); // 3000..6999 out
    expect(s.sndMax).toBe(7000);
    const at = s.rtoAt; // 3000 left at 2 ms: times out about 200 ms later
    const before = host.segs.length;
    s.onRtoEvent(at);
    expect(s.timeouts).toBe(1);
    expect(host.segs.slice(before)).toEqual([{ seq: 3000, len: 1000, retx: true, t: at }]);
    expect(s.sndNxt).toBe(7000); // no go-back-N
    // The receiver held 4000: the ACK jumps to 5000, whose segment left an RTO ago: resent.
    s.onAck(5000, 64 * MSS, null, at + ms(1));
    expect(host.segs.at(-1)).toEqual({ seq: 5000, len: 1000, retx: true, t: at + ms(1) });
    s.onAck(6000, 64 * MSS, null, at + ms(2));
    s.onAck(7000, 64 * MSS, null, at + ms(3)); // all done: new data flows again
    s.onAck(8000, 64 * MSS, null, at + ms(4)); // 8000 left 1 ms ago: not past due
    expect(host.segs.filter((x) => x.retx).map((x) => x.seq)).toEqual([3000, 5000, 6000]);
    expect(s.timeouts).toBe(1);
  });

  it('Karn: no RTT sample from a retransmitted segment, backoff kept until a valid sample', () => {
    const { s } = sender();
    s.start(0);
    s.onRtoEvent(s.rtoAt); // segment 0 times out and is resent
    expect(s.backoff).toBe(1);
    s.onAck(1000, 64 * MSS, null, ms(3100)); // ACK of the retransmission: no sample
    expect(s.est.samples).toBe(0);
    expect(s.backoff).toBe(1);
    s.onAck(3000, 64 * MSS, null, ms(3101)); // ACKs fresh segments: valid sample
    expect(s.est.samples).toBe(1);
    expect(s.backoff).toBe(0);
  });

  it('gives up after the configured number of backoffs', () => {
    const { s, host } = sender({ maxBackoffs: 2 });
    s.start(0);
    s.onRtoEvent(s.rtoAt);
    s.onRtoEvent(s.rtoAt);
    s.onRtoEvent(s.rtoAt);
    expect(s.aborted).toBe(true);
    expect(host.events.at(-1)).toBe(TcpEvent.ABORT);
  });

  it('sends only full segments when the window is not a multiple of the MSS (SWS, Nagle)', () => {
    const { s, host } = sender({ initialRwnd: 2500, initialCwndSegments: 4 });
    s.start(0);
    expect(host.segs.map((x) => x.len)).toEqual([1000, 1000]);
    // Everything acknowledged: 500 bytes would be usable but less than maxRwnd/2 -> nothing.
    s.onAck(2000, 2500, null, ms(1));
    expect(host.segs.map((x) => x.len)).toEqual([1000, 1000, 1000, 1000]);
  });
});

describe('send buffer (Moldeklev & Gunningberg, S2 §2.3)', () => {
  // A greedy application keeps [sndUna, sndUna + sndBuf) written; cwnd and rwnd are ample.
  const opts = { initialCwndSegments: 10, sndBuf: 1500 };

  it('sends the full segments the buffer holds and Nagle holds the short rest', () => {
    const { s, host } = sender(opts);
    s.start(0);
    expect(host.segs.map((x) => [x.seq, x.len])).toEqual([[0, 1000]]);
    // The window would take the 500-byte rest: the hold is the send buffer's and Nagle's.
    expect(s.heldBelowCwnd()).toBe(true);
    s.onAck(1000, 64 * MSS, null, ms(200)); // the receiver's delayed ACK, a tick later
    expect(host.segs.map((x) => [x.seq, x.len])).toEqual([
      [0, 1000],
      [1000, 1000],
    ]);
    expect(s.sndNxt).toBe(2000); // 500 bytes written, held
  });

  it('sends the rest at once without Nagle, or when the connection is idle', () => {
    const { s, host } = sender({ ...opts, nagle: false });
    s.start(0);
    expect(host.segs.map((x) => x.len)).toEqual([1000, 500]);
    expect(s.heldBelowCwnd()).toBe(true); // all 1500 in flight, cwnd 10000: the buffer holds it
    // A buffer below one MSS: each time the connection is idle, all of it goes.
    const small = sender({ ...opts, sndBuf: 600 });
    small.s.start(0);
    expect(small.host.segs.map((x) => x.len)).toEqual([600]);
    small.s.onAck(600, 64 * MSS, null, ms(1));
    expect(small.host.segs.map((x) => [x.seq, x.len])).toEqual([
      [0, 600],
      [600, 600],
    ]);
  });

  it('a buffer of whole segments leaves nothing behind, and 0 is unlimited', () => {
    const { s, host } = sender({ ...opts, sndBuf: 2000 });
    s.start(0);
    expect(host.segs.map((x) => x.len)).toEqual([1000, 1000]);
    const open = sender({ initialCwndSegments: 10, sndBuf: 0 });
    open.s.start(0);
    expect(open.host.segs).toHaveLength(10);
    expect(open.s.heldBelowCwnd()).toBe(false); // cwnd holds it
    // A peer window of 1.5 segments holds the sender the same way as a short send buffer.
    const windowed = sender({ ...opts, sndBuf: 0, initialRwnd: 1500 });
    windowed.s.start(0);
    expect(windowed.host.segs.map((x) => x.len)).toEqual([1000]);
    expect(windowed.s.heldBelowCwnd()).toBe(true);
  });
});

class MockReceiverHost implements ReceiverHost {
  acks: { ack: number; win: number; t: number }[] = [];
  /** Whether the delayed-ACK timer sent each ACK. */
  byTimer: boolean[] = [];
  delacks: number[] = [];
  reads: number[] = [];
  sacks: (number[] | null)[] = [];
  emitAck(
    _c: number,
    ack: number,
    win: number,
    sack: number[] | null,
    t: number,
    byTimer: boolean,
  ) {
    this.acks.push({ ack, win, t });
    this.byTimer.push(byTimer);
    this.sacks.push(sack);
  }
  scheduleDelAck(_c: number, at: number) {
    this.delacks.push(at);
  }
  scheduleAppRead(_c: number, at: number) {
    this.reads.push(at);
  }
}

function receiver(over: Partial<ReceiverParams> = {}) {
  const host = new MockReceiverHost();
  const r = new TcpReceiver(
    0,
    {
      buffer: 10 * MSS,
      mss: MSS,
      ackMode: 'delayed',
      delAckPeriod: ms(200),
      tickPhase: ms(50),
      appReadRate: Infinity,
      ...over,
    },
    host,
  );
  return { r, host };
}

describe('TCP receiver', () => {
  it('delays the ACK of a single segment to the next delayed-ACK tick', () => {
    const { r, host } = receiver();
    r.onSegment(0, 1000, ms(10));
    expect(host.acks).toEqual([]);
    expect(host.delacks).toEqual([ms(50)]);
    r.onDelAckEvent(ms(50));
    expect(host.acks).toEqual([{ ack: 1000, win: 10000, t: ms(50) }]);
    expect(host.byTimer).toEqual([true]); // the timer, not a second segment, sent it
  });

  it('ACKs every second full segment at once', () => {
    const { r, host } = receiver();
    r.onSegment(0, 1000, ms(1));
    r.onSegment(1000, 1000, ms(2));
    expect(host.acks.map((a) => a.ack)).toEqual([2000]);
    expect(host.byTimer).toEqual([false]);
    r.onDelAckEvent(ms(50)); // nothing pending: no ACK
    expect(host.acks).toHaveLength(1);
  });

  it('stretch ACKs come from their timer by design, and are not marked as rescues', () => {
    const { r, host } = receiver({ ackMode: 'stretch', stretchDelay: ms(4) });
    r.onSegment(0, 1000, ms(1));
    r.onSegment(1000, 1000, ms(2));
    expect(host.acks).toEqual([]);
    expect(host.delacks).toEqual([ms(5)]);
    r.onDelAckEvent(ms(5));
    expect(host.acks.map((a) => a.ack)).toEqual([2000]);
    expect(host.byTimer).toEqual([false]);
  });

  it('sends an immediate duplicate ACK for each out-of-order segment and a full ACK when the hole fills', () => {
    const { r, host } = receiver();
    r.onSegment(0, 1000, ms(1));
    r.onSegment(2000, 1000, ms(2));
    r.onSegment(3000, 1000, ms(3));
    expect(host.acks.map((a) => a.ack)).toEqual([1000, 1000]);
    r.onSegment(1000, 1000, ms(4));
    expect(host.acks.map((a) => a.ack)).toEqual([1000, 1000, 4000]);
    expect(r.ooo).toEqual([]);
  });

  it('merges out-of-order blocks', () => {
    const { r } = receiver();
    r.onSegment(3000, 1000, 1);
    r.onSegment(5000, 1000, 2);
    r.onSegment(4000, 1000, 3);
    expect(r.ooo).toEqual([3000, 6000]);
    r.onSegment(1000, 1000, 4);
    expect(r.ooo).toEqual([1000, 2000, 3000, 6000]);
  });

  it('ACKs every segment in "every" mode', () => {
    const { r, host } = receiver({ ackMode: 'every' });
    r.onSegment(0, 1000, 1);
    r.onSegment(1000, 1000, 2);
    expect(host.acks.map((a) => a.ack)).toEqual([1000, 2000]);
  });

  it('unread data keeps the right edge, and the window update comes when the application has read one SWS step', () => {
    // 1 byte per µs = 8 Mbit/s.
    const { r, host } = receiver({ ackMode: 'every', appReadRate: 1e-6 });
    r.onSegment(0, 1000, 0);
    // 1000 bytes unread: the right edge stays at 10000 (the window is not shrunk).
    expect(host.acks[0]).toEqual({ ack: 1000, win: 9000, t: 0 });
    r.onSegment(1000, 1000, 0);
    expect(host.acks[1]).toEqual({ ack: 2000, win: 8000, t: 0 });
    // The edge may move once it can advance by min(buffer/2, MSS) = 1000 bytes: at 1 ms.
    expect(host.reads).toEqual([ms(1)]);
    r.onAppReadEvent(ms(1));
    expect(host.acks[2]).toEqual({ ack: 2000, win: 9000, t: ms(1) });
  });
});
