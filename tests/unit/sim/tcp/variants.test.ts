import { describe, expect, it } from 'vitest';
import { EventQueue } from '../../../../src/sim/core/eventQueue';
import type { TcpVariant } from '../../../../src/sim/scenario/schema';
import { CC_FACTORIES } from '../../../../src/sim/tcp/cc';
import { TcpReceiver } from '../../../../src/sim/tcp/receiver';
import { TcpEvent } from '../../../../src/sim/tcp/events';
import { TcpSender } from '../../../../src/sim/tcp/sender';

const ms = (x: number) => x * 1e9;
const MSS = 1000;

/**
 * One sender and one receiver joined by a 10 ms path each way, with no bandwidth limit; the
 * segments listed in `drop` are lost on their first transmission. ACK every segment.
 */
function run(variant: TcpVariant, drop: number[], until = ms(5000)) {
  const q = new EventQueue();
  const lost = new Set(drop.map((k) => k * MSS));
  const log: { t: number; kind: string; cwnd: number; ssthresh: number; flight: number }[] = [];
  const pendingSegs: [number, number][] = [];
  const pendingAcks: [number, number, number[] | null][] = [];
  // Event kinds: 1 segment at receiver, 2 ACK at sender, 3 RTO, 4 wake, 5 delack.
  const receiver = new TcpReceiver(
    0,
    {
      buffer: 64 * MSS,
      mss: MSS,
      ackMode: 'every',
      delAckPeriod: ms(200),
      tickPhase: 0,
      appReadRate: Infinity,
      sack: variant === 'sack',
    },
    {
      emitAck: (_c, ack, win, sack, now) => {
        pendingAcks.push([ack, win, sack]);
        q.push(now + ms(10), 2, 0);
      },
      scheduleDelAck: (_c, at) => q.push(at, 5, 0),
      scheduleAppRead: () => {},
    },
  );
  const sender: TcpSender = new TcpSender(
    0,
    {
      mss: MSS,
      dupAckThreshold: 3,
      rto: { G: ms(10), rtoMin: ms(200), rtoMax: ms(64000), rtoInitial: ms(1000) },
      tickPhase: 0,
      ssthreshRule: 'rfc5681',
      initialCwndSegments: 10,
      initialRwnd: 64 * MSS,
      nagle: true,
      maxBackoffs: 12,
    },
    CC_FACTORIES[variant](),
    {
      emitSegment: (_c, seq, len, _retx, now) => {
        if (lost.delete(seq)) return; // lost once
        pendingSegs.push([seq, len]);
        q.push(now + ms(10), 1, 0);
      },
      scheduleRto: (_c, at) => q.push(at, 3, 0),
      scheduleWake: (_c, at) => q.push(at, 4, 0),
      traceCwnd: () => {},
      traceEvent: (_c, kind, now) =>
        log.push({
          t: now,
          kind:
            kind === TcpEvent.TIMEOUT
              ? 'timeout'
              : kind === TcpEvent.FAST_RETRANSMIT
                ? 'fast-retransmit'
                : 'abort',
          cwnd: sender.cwnd,
          ssthresh: sender.ssthresh,
          flight: sender.sndMax - sender.sndUna,
        }),
    },
  );
  sender.start(0);
  while (q.pop() && q.popTime < until) {
    const t = q.popTime;
    if (q.popKind === 1) {
      const [seq, len] = pendingSegs.shift()!;
      receiver.onSegment(seq, len, t);
    } else if (q.popKind === 2) {
      const [ack, win, sack] = pendingAcks.shift()!;
      sender.onAck(ack, win, sack, t);
    } else if (q.popKind === 3) sender.onRtoEvent(t);
    else if (q.popKind === 4) sender.onWakeEvent(t);
    else receiver.onDelAckEvent(t);
  }
  return {
    sender,
    receiver,
    log,
    timeouts: sender.timeouts,
    fastRetransmits: sender.fastRetransmits,
  };
}

describe('TCP variants on a hand-made loss pattern', () => {
  it('every variant delivers everything in the end', () => {
    for (const v of ['vanilla', 'tahoe', 'reno', 'newreno', 'sack'] as const) {
      const r = run(v, [2, 4, 6]);
      expect(r.receiver.rcvNxt, v).toBeGreaterThan(100 * MSS);
      expect(r.sender.sndUna, v).toBeLessThanOrEqual(r.receiver.rcvNxt);
      expect(r.receiver.rcvNxt, v).toBeLessThanOrEqual(r.sender.sndMax);
    }
  });

  it('one loss: Vanilla waits for the timer; Tahoe, Reno, NewReno and SACK fast-retransmit', () => {
    const vanilla = run('vanilla', [2]);
    expect(vanilla.timeouts).toBe(1);
    expect(vanilla.fastRetransmits).toBe(0);
    for (const v of ['tahoe', 'reno', 'newreno', 'sack'] as const) {
      const r = run(v, [2]);
      expect(r.timeouts, v).toBe(0);
      expect(r.fastRetransmits, v).toBe(1);
    }
  });

  it('Reno: on the 3rd duplicate ACK ssthresh = FlightSize/2 and cwnd = ssthresh + 3·MSS; the first new ACK deflates to ssthresh', () => {
    const r = run('reno', [2]);
    const fr = r.log.find((e) => e.kind === 'fast-retransmit')!;
    // The event is logged before the variant updates the window: recompute from FlightSize.
    const ssthresh = Math.max(fr.flight / 2, 2 * MSS);
    const again = run('reno', [2], ms(25)); // stop just after the fast retransmit at 20 ms
    expect(again.sender.inRecovery).toBe(true);
    expect(again.sender.ssthresh).toBe(ssthresh);
    expect(again.sender.cwnd).toBe(ssthresh + 3 * MSS + (again.sender.dupAcks - 3) * MSS);
  });

  it('Tahoe: the fast retransmission restarts slow start from one segment (go-back-N), sent once', () => {
    const r = run('tahoe', [2], ms(25));
    expect(r.sender.cwnd).toBe(MSS);
    expect(r.sender.segmentsRetransmitted).toBe(1);
  });

  it('three losses in one window: Reno times out; NewReno and SACK recover without a timeout', () => {
    const reno = run('reno', [2, 4, 6]);
    expect(reno.timeouts).toBeGreaterThanOrEqual(1);
    const newreno = run('newreno', [2, 4, 6]);
    expect(newreno.timeouts).toBe(0);
    expect(newreno.fastRetransmits).toBe(1); // one recovery, three holes
    expect(newreno.sender.segmentsRetransmitted).toBe(3);
    const sack = run('sack', [2, 4, 6]);
    expect(sack.timeouts).toBe(0);
    expect(sack.fastRetransmits).toBe(1);
    expect(sack.sender.segmentsRetransmitted).toBe(3);
  });

  it('NewReno leaves recovery on the full ACK with cwnd = min(ssthresh, max(FlightSize, MSS) + MSS)', () => {
    const r = run('newreno', [2, 4, 6], ms(200));
    expect(r.sender.inRecovery).toBe(false);
    expect(r.sender.cwnd).toBeLessThanOrEqual(r.sender.ssthresh + 10 * MSS);
  });
});
