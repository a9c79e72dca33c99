import { TCPIP_HEADERS, cellsFor } from './atm/aal5';
import { DROP_REASONS, RuleInput } from './atm/dropReasons';
import { FrameFlag } from './atm/frames';
import { createPolicy } from './atm/policies';
import type { PortSink } from './atm/port';
import { SwitchPort } from './atm/port';
import { SCHEDULER_FACTORIES } from './atm/schedulers';
import { EventQueue } from './core/eventQueue';
import { Random } from './core/random';
import type { Time } from './core/time';
import { PS_PER_SECOND, toSeconds } from './core/time';
import type { CellCounts, Metrics } from './metrics/metrics';
import { jainIndex, ratio } from './metrics/metrics';
import type { ProbeOptions } from './metrics/probes';
import { Probes } from './metrics/probes';
import type { Derived } from './scenario/derive';
import { derive } from './scenario/derive';
import type { Scenario } from './scenario/schema';
import { CC_FACTORIES } from './tcp/cc';
import type { ReceiverHost } from './tcp/receiver';
import { TcpReceiver } from './tcp/receiver';
import type { SenderHost, TcpEventKind } from './tcp/sender';
import { TcpSender } from './tcp/sender';
import type { BackgroundSource } from './traffic/background';
import { CbrSource } from './traffic/cbr';

/** Event kinds of the simulation's heap. */
const Ev = { FRAME_RX: 1, ACK_RX: 2, RTO: 3, DELACK: 4, APP_READ: 5, START: 6 } as const;

export interface SimOptions {
  probes?: ProbeOptions;
}

/**
 * One run of a scenario: N TCP connections, each on its own VC over an access link into one
 * switch output port, receivers behind it, ACKs on an uncongested reverse path (domain.md §2).
 * Deterministic: everything random is drawn from one generator seeded by `scenario.seed`.
 */
export class Simulation implements PortSink, SenderHost, ReceiverHost {
  readonly scenario: Scenario;
  readonly d: Derived;
  readonly port: SwitchPort;
  readonly senders: TcpSender[] = [];
  readonly receivers: TcpReceiver[] = [];
  readonly probes: Probes;
  /** Simulated time reached (ps). */
  now: Time = 0;
  framesReceived = 0;
  framesCorrupted = 0;

  private readonly queue = new EventQueue(256);
  private readonly vcOf: Int32Array;
  private readonly nicFree: Float64Array;
  /** Per-connection FIFO of ACKs on the reverse path: [ack, win] pairs. */
  private readonly ackFifo: number[][];
  private readonly ackHead: Int32Array;
  private readonly ackCells: number;
  private readonly encaps: Scenario['encaps'];

  constructor(scenario: Scenario, opts: SimOptions = {}) {
    this.scenario = scenario;
    const d = (this.d = derive(scenario));
    const n = scenario.sources;
    const rng = new Random(scenario.seed);
    this.encaps = scenario.encaps;
    this.probes = new Probes(opts.probes ?? {}, n);

    const background: BackgroundSource[] = [];
    if (d.cbrCellRate > 0) {
      background.push(
        new CbrSource(d.cbrCellRate, Math.floor(rng.next() * (PS_PER_SECOND / d.cbrCellRate))),
      );
    }
    const sampleMs = opts.probes?.queueIntervalMs ?? 1;
    this.port = new SwitchPort(
      {
        K: scenario.bufferCells,
        nVc: n,
        slot: d.slotOut,
        propOut: d.propOut,
        keepEom: scenario.keepEom,
        policy: createPolicy(scenario.policy, {
          K: scenario.bufferCells,
          epdThreshold: d.epdThreshold,
        }),
        scheduler: (nQ, qlen) =>
          SCHEDULER_FACTORIES[scenario.scheduler](nQ, qlen, scenario.bufferCells),
        background,
        backgroundSharesBuffer: scenario.cbrSharesBuffer,
        sampleInterval: this.probes.queue ? Math.round(sampleMs * 1e9) : 0,
      },
      this,
    );

    this.vcOf = new Int32Array(n);
    this.nicFree = new Float64Array(n);
    this.ackFifo = Array.from({ length: n }, () => []);
    this.ackHead = new Int32Array(n);
    this.ackCells = cellsFor(TCPIP_HEADERS, scenario.encaps);
    const rcvBuffer = scenario.window;
    for (let c = 0; c < n; c++) {
      this.vcOf[c] = c;
      // Each host's clocks get a random phase (domain.md §2).
      const senderPhase = d.G > 0 ? Math.floor(rng.next() * d.G) : 0;
      const receiverPhase = Math.floor(rng.next() * d.delAck);
      this.senders.push(
        new TcpSender(
          c,
          {
            mss: d.mss,
            dupAckThreshold: scenario.dupAck,
            rto: { G: d.G, rtoMin: d.rtoMin, rtoMax: d.rtoMax, rtoInitial: d.rtoInitial },
            tickPhase: senderPhase,
            ssthreshRule: scenario.ssthreshRule,
            initialCwndSegments: scenario.initialCwnd,
            initialRwnd: rcvBuffer,
            nagle: scenario.nagle,
            maxBackoffs: 12,
          },
          CC_FACTORIES[scenario.tcp](),
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
            tickPhase: receiverPhase,
            appReadRate: d.appReadRate,
          },
          this,
        ),
      );
      this.queue.push(0, Ev.START, c);
    }
  }

  get duration(): Time {
    return this.d.duration;
  }

  get done(): boolean {
    return this.now >= this.d.duration;
  }

  /** Advances the model to `t` (ps), capped at the scenario's duration. */
  runUntil(t: Time): void {
    const end = Math.min(t, this.d.duration);
    const q = this.queue;
    const port = this.port;
    for (;;) {
      const tEv = q.peekTime();
      if (tEv >= end) {
        port.advance(end);
        if (q.peekTime() < end) continue;
        break;
      }
      port.advance(tEv);
      if (q.peekTime() < tEv) continue; // the port scheduled an earlier event
      q.pop();
      this.now = q.popTime;
      this.dispatch(q.popKind, q.popArg, q.popTime);
    }
    if (end > this.now) this.now = end;
  }

  /** Runs to the end of the scenario, then checks the model's invariants. */
  run(): this {
    this.runUntil(this.d.duration);
    this.assertInvariants();
    return this;
  }

  /**
   * Cells are conserved (offered = delivered + dropped + in flight, counted by walking the
   * queues) and no occupancy is negative or above K. A violation is a model bug: it throws.
   */
  assertInvariants(): void {
    const port = this.port;
    const c = this.cellCounts();
    const problems: string[] = [];
    if (c.offered !== c.delivered + c.dropped + c.inFlight)
      problems.push(
        `offered ${c.offered} ≠ delivered ${c.delivered} + dropped ${c.dropped} + in flight ${c.inFlight}`,
      );
    const walk = port.inFlightByWalking();
    const bgQueued = port.xi[port.nVc];
    if (port.X !== walk.buffer + bgQueued)
      problems.push(`X = ${port.X} but the buffer holds ${walk.buffer + bgQueued} cells`);
    if (port.X < 0 || port.X > port.K) problems.push(`X = ${port.X} outside [0, K = ${port.K}]`);
    let active = 0;
    for (let i = 0; i < port.nVc; i++) {
      if (port.xi[i] < 0) problems.push(`X_${i} = ${port.xi[i]} is negative`);
      if (port.xi[i] > 0) active++;
    }
    if (active !== port.na) problems.push(`N_a = ${port.na} but ${active} VCs hold cells`);
    if (c.background.arrived !== c.background.departed + c.background.dropped + c.background.queued)
      problems.push('background cells not conserved');
    if (problems.length) throw new Error(`model invariant violated: ${problems.join('; ')}`);
  }

  private dispatch(kind: number, arg: number, t: Time): void {
    switch (kind) {
      case Ev.FRAME_RX: {
        const frames = this.port.frames;
        const conn = frames.conn[arg];
        this.framesReceived++;
        if (frames.flags[arg] & FrameFlag.CORRUPTED) this.framesCorrupted++;
        else this.receivers[conn].onSegment(frames.seq[arg], frames.len[arg], t);
        frames.release(arg);
        break;
      }
      case Ev.ACK_RX: {
        const fifo = this.ackFifo[arg];
        let h = this.ackHead[arg];
        const ack = fifo[h++];
        const win = fifo[h++];
        if (h === fifo.length) {
          fifo.length = 0;
          h = 0;
        }
        this.ackHead[arg] = h;
        const a = this.probes.acks;
        if (a) {
          const r = a.row();
          a.c.t[r] = toSeconds(t);
          a.c.conn[r] = arg;
          a.c.ack[r] = ack;
          a.c.win[r] = win;
        }
        this.senders[arg].onAck(ack, win, t);
        break;
      }
      case Ev.RTO:
        this.senders[arg].onRtoEvent(t);
        break;
      case Ev.DELACK:
        this.receivers[arg].onDelAckEvent(t);
        break;
      case Ev.APP_READ:
        this.receivers[arg].onAppReadEvent(t);
        break;
      case Ev.START:
        this.senders[arg].start(t);
        break;
    }
  }

  // ---- SenderHost ----
  emitSegment(conn: number, seq: number, len: number, retx: boolean, now: Time): void {
    const vc = this.vcOf[conn];
    const cells = cellsFor(len + TCPIP_HEADERS, this.encaps);
    const sa = this.d.slotAccess;
    const start = Math.max(now, this.nicFree[vc]);
    this.nicFree[vc] = start + cells * sa;
    // Store-and-forward: a cell is at the switch once fully received.
    this.port.sendFrame(
      vc,
      conn,
      seq,
      len,
      cells,
      0,
      retx ? FrameFlag.RETRANSMISSION : 0,
      start + sa + this.d.propAccess,
      sa,
    );
    const p = this.probes.segments;
    if (p) {
      const r = p.row();
      p.c.t[r] = toSeconds(now);
      p.c.conn[r] = conn;
      p.c.seq[r] = seq;
      p.c.len[r] = len;
      p.c.retx[r] = retx ? 1 : 0;
    }
  }

  scheduleRto(conn: number, at: Time): void {
    this.queue.push(at, Ev.RTO, conn);
  }

  traceCwnd(conn: number, now: Time): void {
    const p = this.probes.cwnd;
    if (!p) return;
    const s = this.senders[conn];
    const r = p.row();
    p.c.t[r] = toSeconds(now);
    p.c.conn[r] = conn;
    p.c.cwnd[r] = s.cwnd;
    p.c.ssthresh[r] = s.ssthresh;
  }

  traceEvent(conn: number, kind: TcpEventKind, now: Time): void {
    const p = this.probes.tcpEvents;
    if (!p) return;
    const r = p.row();
    p.c.t[r] = toSeconds(now);
    p.c.conn[r] = conn;
    p.c.kind[r] = kind;
  }

  // ---- ReceiverHost ----
  emitAck(conn: number, ack: number, win: number, now: Time): void {
    const t = now + this.ackCells * this.d.slotAccess + this.d.propReverse;
    this.ackFifo[conn].push(ack, win);
    this.queue.push(t, Ev.ACK_RX, conn);
  }

  scheduleDelAck(conn: number, at: Time): void {
    this.queue.push(at, Ev.DELACK, conn);
  }

  scheduleAppRead(conn: number, at: Time): void {
    this.queue.push(at, Ev.APP_READ, conn);
  }

  // ---- PortSink ----
  frameOut(f: number, tRx: Time): void {
    this.queue.push(tRx, Ev.FRAME_RX, f);
    this.port.noteEvent(tRx);
  }

  cellDropped(
    t: Time,
    vc: number,
    f: number,
    reason: number,
    first: boolean,
    rule: Float64Array,
  ): void {
    const p = this.probes.loss;
    if (!p) return;
    const open = this.probes.openLoss[vc];
    if (!first && open >= 0) {
      p.c.cells[open]++;
      return;
    }
    const frames = this.port.frames;
    const r = p.row();
    this.probes.openLoss[vc] = r;
    const c = p.c;
    c.t[r] = toSeconds(t);
    c.vc[r] = vc;
    c.conn[r] = frames.conn[f];
    c.seq[r] = frames.seq[f];
    c.reason[r] = reason;
    c.cells[r] = 1;
    c.X[r] = rule[RuleInput.X];
    c.Xi[r] = rule[RuleInput.XI];
    c.Na[r] = rule[RuleInput.NA];
    c.threshold[r] = rule[RuleInput.THRESHOLD];
    c.extra[r] = rule[RuleInput.EXTRA];
  }

  sample(t: Time): void {
    const p = this.probes.queue;
    if (!p) return;
    const port = this.port;
    const r = p.row();
    const c = p.c as Record<string, Float64Array | Int32Array>;
    c.t[r] = toSeconds(t);
    c.X[r] = port.X;
    c.clp1[r] = port.x1;
    c.background[r] = port.xi[port.nVc];
    for (let i = 0; i < port.nVc; i++) c[`vc${i}`][r] = port.xi[i];
  }

  // ---- Results ----
  cellCounts(): CellCounts {
    const port = this.port;
    const walk = port.inFlightByWalking();
    const droppedByReason: Record<string, number> = {};
    DROP_REASONS.forEach((name, i) => {
      if (i > 0 && port.droppedByReason[i] > 0) droppedByReason[name] = port.droppedByReason[i];
    });
    return {
      offered: port.offered,
      accepted: port.accepted,
      dropped: port.dropped,
      delivered: port.departed,
      inFlight: walk.access + walk.buffer,
      droppedByReason,
      background: {
        arrived: port.bgArrived,
        dropped: port.bgDropped,
        departed: port.bgDeparted,
        queued: walk.background,
      },
    };
  }

  metrics(): Metrics {
    const elapsed = toSeconds(this.now);
    const port = this.port;
    const perConnection = this.senders.map((s, c) => ({
      goodputMbps: elapsed > 0 ? (this.receivers[c].delivered * 8) / elapsed / 1e6 : 0,
      timeouts: s.timeouts,
      fastRetransmits: s.fastRetransmits,
      segmentsSent: s.segmentsSent,
      segmentsRetransmitted: s.segmentsRetransmitted,
    }));
    const goodputMbps = perConnection.reduce((a, c) => a + c.goodputMbps, 0);
    const sent = perConnection.reduce((a, c) => a + c.segmentsSent, 0);
    const retx = perConnection.reduce((a, c) => a + c.segmentsRetransmitted, 0);
    const ceilingMbps = this.d.goodputCeilingBps / 1e6;
    return {
      efficiency: ratio(goodputMbps, ceilingMbps),
      fairness: jainIndex(perConnection.map((c) => c.goodputMbps)),
      clr: ratio(port.dropped, port.arrived),
      fer: ratio(this.framesCorrupted, this.framesReceived),
      deadCellRatio: ratio(port.deadCells, port.departed),
      idleCellRatio: ratio(port.idleSlots, port.slotIndex),
      prr: ratio(retx, sent),
      goodputMbps,
      goodputCeilingMbps: ceilingMbps,
      timeouts: perConnection.reduce((a, c) => a + c.timeouts, 0),
      fastRetransmits: perConnection.reduce((a, c) => a + c.fastRetransmits, 0),
      perConnection,
    };
  }
}
