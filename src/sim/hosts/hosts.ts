import { TCPIP_HEADERS, cellsFor } from '../atm/aal5';
import { FrameFlag } from '../atm/frames';
import type { SwitchPort } from '../atm/port';
import type { EventQueue } from '../core/eventQueue';
import { StaleTimers } from '../core/staleTimers';
import { Ev } from '../core/events';
import type { Random } from '../core/random';
import type { Time } from '../core/time';
import type { DeadlockDetector } from '../metrics/deadlock';
import { StallKind } from '../metrics/deadlock';
import type { ReceiveGaps } from '../metrics/episodes';
import type { ProbeRecorder } from '../metrics/recorder';
import type { Wiring } from '../net/build';
import type { Derived } from '../scenario/derive';
import type { Scenario } from '../scenario/schema';
import { CC_FACTORIES } from '../tcp/cc';
import { HostProcessor } from '../tcp/hostProcessor';
import type { ReceiverHost } from '../tcp/receiver';
import { TcpReceiver } from '../tcp/receiver';
import type { SenderHost } from '../tcp/sender';
import type { TcpEventKind } from '../tcp/events';
import { TcpEvent } from '../tcp/events';
import { TcpSender } from '../tcp/sender';
import { AckPool } from './ackPool';

/** The random streams of the hosts, forked by the simulation in its fixed order. */
export interface HostRngs {
  /** Random phase of each host's clocks. */
  phase: Random;
  /** Host jitter before the NIC (YATS). */
  jitter: Random;
  /** Sub-slot phase of a frame that starts on an idle access link. */
  cellPhase: Random;
  /** Serial segment processing at each sending host (forked per connection). */
  proc: Random;
}

/** What the hosts report to the run's detectors of stalls and silences. */
export interface HostWatch {
  readonly deadlock: DeadlockDetector;
  readonly receiveGaps: ReceiveGaps;
  /** The bottleneck port (the deadlock detector reads its idle slots). */
  readonly port: SwitchPort;
}

/**
 * The end hosts: per connection a TCP sender behind its access link (NIC
 * timing, host jitter, serial segment processing) and a TCP receiver, and the uncongested
 * reverse path that carries the receivers' ACKs back (a pool of ACK records, no allocation per
 * ACK). The hosts schedule their timers on the simulation's event heap; the simulation
 * dispatches the events back to them.
 */
export class Hosts implements SenderHost, ReceiverHost {
  readonly senders: TcpSender[] = [];
  readonly receivers: TcpReceiver[] = [];
  /** VC of each connection. */
  readonly vcOf: Int32Array;
  framesReceived = 0;
  framesCorrupted = 0;
  /** Simulated time of the event being dispatched (ps): set by the simulation. */
  now: Time = 0;

  private d: Derived;
  private readonly encaps: Scenario['encaps'];
  private readonly nicFree: Float64Array;
  /** ACKs on the reverse path: the ACK_RX event's arg is the record. */
  private readonly acks = new AckPool(64);
  private readonly ackCells: number;
  /** Per connection: the sending host's serial segment processing (hostProcMs), or null. */
  private readonly hostProc: (HostProcessor | null)[] = [];
  /** Per connection: time of the pending HOST_FREE event, or Infinity. */
  private readonly hostFreeAt: Float64Array;
  /** Per connection: time of the last RTO and DELACK events pushed (see scheduleRto). */
  private readonly rtoPushed: Float64Array;
  /** RTO events taken off the heap as stale before their instant (Simulation.runUntil). */
  readonly staleRto: StaleTimers;
  private readonly delAckPushed: Float64Array;

  constructor(
    scenario: Scenario,
    d: Derived,
    private readonly queue: EventQueue,
    private readonly wiring: Wiring,
    private readonly rngs: HostRngs,
    private readonly recorder: ProbeRecorder,
    private readonly watch: HostWatch,
  ) {
    this.d = d;
    const n = d.nConn;
    this.encaps = scenario.encaps;
    this.vcOf = wiring.vcOf;
    this.hostFreeAt = new Float64Array(n).fill(Infinity);
    this.rtoPushed = new Float64Array(n).fill(-1);
    this.staleRto = new StaleTimers(n);
    this.delAckPushed = new Float64Array(n).fill(-1);
    this.nicFree = new Float64Array(n);
    this.ackCells = cellsFor(TCPIP_HEADERS, scenario.encaps);
    const rcvBuffer = scenario.window;
    for (let c = 0; c < n; c++) {
      const vc = this.vcOf[c];
      const variant = d.tcp[vc];
      // Each host's clocks get a random phase. The draws are made whatever the
      // timer clock, so that every other random choice of the run stays the same.
      const hostSenderPhase = d.G > 0 ? Math.floor(rngs.phase.next() * d.G) : 0;
      const hostReceiverPhase = Math.floor(rngs.phase.next() * d.delAck);
      const shared = scenario.timerClock === 'shared';
      const senderPhase = shared ? 0 : hostSenderPhase;
      const receiverPhase = shared ? 0 : hostReceiverPhase;
      this.senders.push(
        new TcpSender(
          c,
          {
            mss: d.mss,
            dupAckThreshold: scenario.dupAck,
            rto: {
              G: d.G,
              rtoMin: d.rtoMin,
              rtoMax: d.rtoMax,
              rtoInitial: d.rtoInitial,
              bsdFloor: scenario.rtoRule === 'bsd',
              extra: d.rtoExtra,
            },
            tickPhase: senderPhase,
            timerMode: scenario.timerClock === 'shared' ? 'host' : scenario.timerClock,
            resendOverdue: scenario.timeoutResend === 'overdue',
            ssthreshRule: scenario.ssthreshRule,
            initialCwndSegments: scenario.initialCwnd,
            initialRwnd: rcvBuffer,
            nagle: scenario.nagle,
            sndBuf: scenario.sndBuf,
            maxBackoffs: 12,
            cwndInteger: scenario.cwndInteger,
            cwndEveryN: scenario.cwndEveryN,
            idling: scenario.idling,
            sackDelayRtx: scenario.sackDelayRtx,
          },
          CC_FACTORIES[variant](),
          this,
        ),
      );
      this.receivers.push(
        new TcpReceiver(
          c,
          {
            buffer: rcvBuffer,
            mss: d.mss,
            ackMode: scenario.ack,
            delAckPeriod: d.delAck,
            stretchDelay: d.stretchAck,
            tickPhase: receiverPhase,
            appReadRate: d.appReadRate,
            sack: variant === 'sack',
          },
          this,
        ),
      );
      this.hostProc.push(
        d.hostProc > 0
          ? new HostProcessor(d.hostProc, scenario.hostQueuePkts, rngs.proc.fork())
          : null,
      );
      queue.push(d.start[vc], Ev.START, c);
    }
  }

  /** A live change replaced the derived parameters (the hosts' own are unchanged). */
  setDerived(d: Derived): void {
    this.d = d;
  }

  // ---- Events the simulation dispatches ----
  /** FRAME_RX: frame record `f` (of the network's pool) reaches its receiver. */
  frameArrives(f: number, t: Time): void {
    const frames = this.wiring.frames;
    const conn = frames.conn[f];
    this.framesReceived++;
    if (frames.flags[f] & FrameFlag.CORRUPTED) this.framesCorrupted++;
    else {
      this.watch.receiveGaps.arrive(t);
      this.receivers[conn].onSegment(frames.seq[f], frames.len[f], t);
    }
    frames.release(f);
  }

  /** ACK_RX: ACK record `r` reaches its sender. */
  ackArrives(r: number, t: Time): void {
    const acks = this.acks;
    const conn = acks.conn[r];
    const ack = acks.ack[r];
    const win = acks.win[r];
    const byTimer = acks.byTimer[r] === 1;
    const sack = acks.sack[r];
    acks.release(r);
    this.recorder.ack(t, conn, ack, win);
    const sender = this.senders[conn];
    const una = sender.sndUna;
    // A delayed ACK that ends a wait cwnd did not impose (the send buffer's or the peer
    // window's short rest): a stop-and-go stall.
    const stopAndGo = byTimer && sender.heldBelowCwnd();
    sender.onAck(ack, win, sack, t);
    if (sender.sndUna > una) {
      const { deadlock, port } = this.watch;
      if (stopAndGo) this.recorder.stalls(deadlock.rescued(conn, t, port, StallKind.DELAYED_ACK));
      deadlock.progress(conn, t, port);
    }
  }

  /** START: connection `conn` starts sending. */
  start(conn: number, t: Time): void {
    this.watch.deadlock.progress(conn, t, this.watch.port);
    this.senders[conn].start(t);
  }

  /** HOST_FREE: the sending host of `conn` may have room again. */
  hostFree(conn: number, t: Time): void {
    if (t !== this.hostFreeAt[conn]) return;
    this.hostFreeAt[conn] = Infinity;
    this.senders[conn].trySend(t);
  }

  // ---- SenderHost ----
  mayQueue(conn: number, now: Time): boolean {
    const hp = this.hostProc[conn];
    if (hp === null || hp.accepts(now)) return true;
    // Full: wake the sender when the oldest segment leaves processing.
    const at = hp.nextDone(now);
    if (at < this.hostFreeAt[conn]) {
      this.hostFreeAt[conn] = at;
      this.queue.push(at, Ev.HOST_FREE, conn);
    }
    return false;
  }

  emitSegment(conn: number, seq: number, len: number, retx: boolean, now: Time): void {
    const vc = this.vcOf[conn];
    const w = this.wiring;
    const nic = w.nicOf[conn];
    const cells = cellsFor(len + TCPIP_HEADERS, this.encaps);
    const sa = this.d.slotAccess[vc];
    // Optional host jitter d·U(1, 1.1) before the NIC (YATS); the NIC keeps frames in order.
    const jitter =
      this.d.hostJitter > 0 ? Math.round(this.d.hostJitter * this.rngs.jitter.uniform(1, 1.1)) : 0;
    // (choice) Hosts are not clocked in step with the switch (in the spirit of the model's
    // random phase per host): a frame that finds its NIC idle starts a random fraction U(0, 1)
    // of an access cell slot late; one queued behind another follows it back-to-back.
    // Without this, equal access rates put every VC's cells on the same instants of the slot
    // grid, the fixed order of simultaneous arrivals hands each freed buffer place to the same
    // VC, and under tail drop that VC locks all the others out (a phase effect of the model).
    // Serial segment processing at the sending host (hostProcMs, YATS PROCTIM).
    const hp = this.hostProc[conn];
    const ready = (hp === null ? now : hp.admit(now)) + jitter;
    const start =
      ready >= this.nicFree[nic]
        ? ready + Math.floor(this.rngs.cellPhase.next() * sa)
        : this.nicFree[nic];
    this.nicFree[nic] = start + cells * sa;
    // Store-and-forward: a cell is at the switch once fully received.
    w.ingress[conn].sendFrame(
      w.ingressVc[conn],
      conn,
      seq,
      len,
      cells,
      this.d.tagged[vc],
      retx ? FrameFlag.RETRANSMISSION : 0,
      start + sa + this.d.propAccess[vc],
      sa,
    );
    this.recorder.segment(now, conn, seq, len, retx);
  }

  /**
   * A timer armed for `at` while an event of the same connection and kind for the same
   * instant is still pending adds nothing: of the events of one (connection, kind, instant)
   * only the first can act (it acts when the timer is still set for that instant; the timer
   * is then rearmed only for later instants), the rest are ignored as stale, and running the
   * port to an instant it has reached already does nothing. So the duplicate is not pushed:
   * the events that act keep their (time, sequence) order.
   */
  scheduleRto(conn: number, at: Time): void {
    const q = this.queue;
    // An event for `at` taken off as stale is still due: it goes back in its place.
    this.staleRto.rearm(conn, at, q, q.popTime, q.popSk);
    if (at === this.rtoPushed[conn] && at > this.now) return;
    this.rtoPushed[conn] = at;
    this.queue.pushRun(at, Ev.RTO, conn);
  }

  /** Whether an RTO event of connection `conn` at `t` would be ignored if it fired now (its
   * sender's timer is set for another instant, or the connection gave up). */
  rtoStale(conn: number, t: Time): boolean {
    const s = this.senders[conn];
    return s.aborted || s.rtoAt !== t;
  }

  scheduleWake(conn: number, at: Time): void {
    this.queue.push(at, Ev.WAKE, conn);
  }

  traceCwnd(conn: number, now: Time): void {
    const s = this.senders[conn];
    this.recorder.cwnd(now, conn, s.cwnd, s.ssthresh);
  }

  traceEvent(conn: number, kind: TcpEventKind, now: Time): void {
    if (kind === TcpEvent.TIMEOUT)
      this.recorder.stalls(this.watch.deadlock.timeout(conn, now, this.watch.port));
    this.recorder.tcpEvent(now, conn, kind);
  }

  // ---- ReceiverHost ----
  emitAck(
    conn: number,
    ack: number,
    win: number,
    sack: number[] | null,
    now: Time,
    byTimer: boolean,
  ): void {
    const vc = this.vcOf[conn];
    const t = now + this.ackCells * this.d.slotAccess[vc] + this.wiring.propReverse[vc];
    const r = this.acks.alloc(conn, ack, win, byTimer, sack);
    this.queue.push(t, Ev.ACK_RX, r);
  }

  /** As scheduleRto: a duplicate of a pending delayed-ACK event is not pushed. */
  scheduleDelAck(conn: number, at: Time): void {
    if (at === this.delAckPushed[conn] && at > this.now) return;
    this.delAckPushed[conn] = at;
    this.queue.push(at, Ev.DELACK, conn);
  }

  scheduleAppRead(conn: number, at: Time): void {
    this.queue.push(at, Ev.APP_READ, conn);
  }
}
