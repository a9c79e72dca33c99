import { TCPIP_HEADERS, cellsFor, goodputCeiling } from './atm/aal5';
import { DROP_REASONS, RuleInput } from './atm/dropReasons';
import { FrameFlag, FramePool } from './atm/frames';
import { FrameGcra, gcraParams } from './atm/gfr';
import { createPolicy } from './atm/policies';
import type { PortConfig, PortSink } from './atm/port';
import { SwitchPort } from './atm/port';
import { SCHEDULER_FACTORIES } from './atm/schedulers';
import { FrameMergeScheduler } from './atm/schedulers/frameMerge';
import { EventQueue } from './core/eventQueue';
import { Random } from './core/random';
import type { Time } from './core/time';
import { PS_PER_SECOND, cellRate, millis, toSeconds } from './core/time';
import type { CellCounts, Metrics } from './metrics/metrics';
import { jainIndex, ratio } from './metrics/metrics';
import type { ProbeOptions } from './metrics/probes';
import { Probes } from './metrics/probes';
import type { Stall } from './metrics/deadlock';
import { DeadlockDetector, StallKind } from './metrics/deadlock';
import { EmptyEpisodes, ReceiveGaps } from './metrics/episodes';
import type { Derived } from './scenario/derive';
import { derive } from './scenario/derive';
import type { Scenario } from './scenario/schema';
import { SCHEMA, perVc } from './scenario/schema';
import type { NetSpec, PortSpec } from './net/topology';
import { buildTopology } from './net/topology';
import { Routing } from './net/route';
import type { NetTotals } from './net/network';
import { Network, PortTap } from './net/network';
import { CC_FACTORIES } from './tcp/cc';
import type { ReceiverHost } from './tcp/receiver';
import { TcpReceiver } from './tcp/receiver';
import type { SenderHost, TcpEventKind } from './tcp/sender';
import { TcpEvent } from './tcp/sender';
import { TcpSender } from './tcp/sender';
import { HostProcessor } from './tcp/hostProcessor';
import type { BackgroundSource } from './traffic/background';
import { CbrSource } from './traffic/cbr';
import { VbrSource } from './traffic/vbr';

/** ACK records on the reverse path, struct-of-arrays with a free list (no allocation per ACK). */
class AckPool {
  conn: Int32Array;
  ack: Float64Array;
  win: Float64Array;
  byTimer: Uint8Array;
  sack: (number[] | null)[];
  private free: Int32Array;
  private nFree: number;

  constructor(capacity: number) {
    this.conn = new Int32Array(capacity);
    this.ack = new Float64Array(capacity);
    this.win = new Float64Array(capacity);
    this.byTimer = new Uint8Array(capacity);
    this.sack = new Array<number[] | null>(capacity).fill(null);
    this.free = new Int32Array(capacity);
    for (let i = 0; i < capacity; i++) this.free[i] = capacity - 1 - i;
    this.nFree = capacity;
  }

  alloc(conn: number, ack: number, win: number, byTimer: boolean, sack: number[] | null): number {
    if (this.nFree === 0) this.grow();
    const r = this.free[--this.nFree];
    this.conn[r] = conn;
    this.ack[r] = ack;
    this.win[r] = win;
    this.byTimer[r] = byTimer ? 1 : 0;
    this.sack[r] = sack;
    return r;
  }

  release(r: number): void {
    this.sack[r] = null;
    this.free[this.nFree++] = r;
  }

  private grow(): void {
    const old = this.conn.length;
    const cap = old * 2;
    const conn = new Int32Array(cap);
    conn.set(this.conn);
    this.conn = conn;
    const ack = new Float64Array(cap);
    ack.set(this.ack);
    this.ack = ack;
    const win = new Float64Array(cap);
    win.set(this.win);
    this.win = win;
    const byTimer = new Uint8Array(cap);
    byTimer.set(this.byTimer);
    this.byTimer = byTimer;
    for (let i = old; i < cap; i++) this.sack.push(null);
    // Every record is in use when the pool grows: the new ones are the free list.
    this.free = new Int32Array(cap);
    for (let i = 0; i < old; i++) this.free[i] = cap - 1 - i;
    this.nFree = old;
  }
}

/** Event kinds of the simulation's heap. */
const Ev = {
  FRAME_RX: 1,
  ACK_RX: 2,
  RTO: 3,
  DELACK: 4,
  APP_READ: 5,
  START: 6,
  WAKE: 7,
  HOST_FREE: 8,
} as const;
const EVENT_NAMES = [
  '',
  'frame',
  'ack',
  'rto',
  'delack',
  'app-read',
  'start',
  'wake',
  'host-free',
] as const;
export type EventName = Exclude<(typeof EVENT_NAMES)[number], ''>;

/** Keys a running simulation can take without a restart (the buffer policy and its
 * parameters): see Simulation.applyLive. */
export const LIVE_KEYS: ReadonlySet<keyof Scenario> = new Set<keyof Scenario>([
  'policy',
  'portPolicy',
  'epdThreshold',
  'epdB',
  'sdZ',
  'sdR',
  'fbaZ',
  'fbaR',
  'lbo',
  'hbo',
  'fifoR',
  'dfbaL',
  'dfbaH',
  'dfbaAlpha',
  'dfbaZ',
  'eubrR',
  'eubrP',
  'eubrGuardMs',
  'eubrTest',
  'eubrPurge',
]);

export interface SimOptions {
  probes?: ProbeOptions;
  /** In a network, the index of the one port whose drops the loss probe records (the app's
   * focused port); default every port. */
  lossPort?: number;
  /** Run every output slot on its own, never a window of slots in one step (port.ts
   * runWindow). The results are the same; tests compare the two, and the benchmark times both. */
  slotBySlot?: boolean;
}

/** One switch output port of the run, as the CLI's JSON reports it. */
export interface PortMetrics {
  id: string;
  node: string;
  policy: string;
  bufferCells: number;
  cellsIn: number;
  cellsOut: number;
  cellsDropped: number;
  maxOccupancy: number;
  /** Goodput of the connections whose VC crosses the port / the port's goodput ceiling. */
  efficiency: number;
  /** Jain index over the goodput of the connections whose VC crosses the port. */
  fairness: number;
}

/** Keys whose lists run per hop, not per VC (net/topology.ts). */
const PER_HOP: ReadonlySet<string> = new Set(['hopMbps', 'hopDelayMs', 'entryHop', 'portPolicy']);

/**
 * The scenario one port of a network sees: the VCs `vcs` that cross it (per-VC lists picked
 * for them, renumbered 0..n−1), its own output rate and buffer policy, and background only at
 * the bottleneck.
 * Its policy and scheduler are built from this, so that N, ΣW_i, K/N and the like count the
 * VCs that use the port.
 */
function portScenario(s: Scenario, p: PortSpec, bottleneck: boolean) {
  const vcs = p.vcs;
  const sub = {
    ...s,
    sources: Math.max(1, vcs.length),
    linkMbps: p.mbps,
    policy: p.policy,
  } as Record<string, unknown>;
  if (!bottleneck) {
    sub.cbrMbps = 0;
    sub.vbrMbps = 0;
  }
  if (vcs.length > 0) {
    for (const [k, def] of Object.entries(SCHEMA)) {
      const v = (s as unknown as Record<string, unknown>)[k];
      if (def.perVc && Array.isArray(v) && !PER_HOP.has(k)) sub[k] = vcs.map((i) => perVc(v, i));
    }
  }
  return sub as unknown as Scenario;
}

/** F-GCRA of the VCs `vcs` (global indices) at their first switch, or undefined without GFR. */
function gcraFor(s: Scenario, d: Derived, vcs: readonly number[]): FrameGcra | undefined {
  if (!s.gfr) return undefined;
  const T = new Float64Array(vcs.length);
  const tau = new Float64Array(vcs.length);
  vcs.forEach((v, i) => {
    const g = gcraParams(d.mcrCells[v], d.accessCellRate[v], s.mbs, millis(s.cdvtMs));
    T[i] = g.T;
    tau[i] = g.tau;
  });
  return new FrameGcra(T, tau);
}

/** The buffer policy of scenario `s` (derived as `d`), drawing its randomness from `rng`. */
function policyFor(s: Scenario, d: Derived, rng: Random) {
  return createPolicy(s.policy, {
    scenario: s,
    K: s.bufferCells,
    nVc: d.nVc,
    epdThreshold: d.epdThreshold,
    mfsCells: d.mfsCells,
    fifoR: d.fifoR,
    dfbaShare: d.dfbaShare,
    dfbaZ: d.dfbaZ,
    eubrGuard: d.eubrGuard,
    rng,
  });
}

/**
 * One run of a scenario: N VCs, each carrying one or more TCP connections over an access link
 * into one switch output port, receivers behind it, ACKs on an uncongested reverse
 * path. Deterministic: everything random is drawn from one generator seeded by
 * `scenario.seed`, forked per component in a fixed order.
 */
export class Simulation implements PortSink, SenderHost, ReceiverHost {
  /** The running scenario (replaced by applyLive). */
  scenario: Scenario;
  d: Derived;
  /** Flags throughput deadlocks (stalls rescued only by a timer while the link idles). */
  readonly deadlock: DeadlockDetector;
  /** S4 Fig. 5 and 9: the buffer falling to zero, and silences at the receivers. */
  readonly emptyEpisodes: EmptyEpisodes;
  readonly receiveGaps: ReceiveGaps;
  /** Randomness of policies installed live (DFBA), apart from the run's own streams. */
  private readonly liveRng: Random;
  /** The bottleneck port (the only one of the single topology). */
  readonly port: SwitchPort;
  /** Every switch output port, in route order (net/topology.ts). */
  readonly ports: SwitchPort[];
  readonly topology: NetSpec;
  /** The ports advanced together, or null for the single topology (one port, advanced alone). */
  readonly net: Network | null;
  /** Frame records of every port. */
  readonly frames: FramePool;
  /** Per connection: the port its access link leads to and its queue there (the VC's, or at
   * an edge switch its own), and the NIC (access link) it sends on: its VC's, or its own. */
  private readonly ingress: SwitchPort[];
  private readonly ingressVc: Int32Array;
  private readonly nicOf: Int32Array;
  /** Global VC of each of the bottleneck port's VCs. */
  private readonly bottleneckVcs: Int32Array;
  /** Per VC: propagation of the ACK path (ps). */
  private readonly propReverse: Float64Array;
  readonly senders: TcpSender[] = [];
  readonly receivers: TcpReceiver[] = [];
  readonly probes: Probes;
  /** Simulated time reached (ps). */
  now: Time = 0;
  framesReceived = 0;
  framesCorrupted = 0;

  private readonly queue = new EventQueue(256);
  /** VC of each connection. */
  readonly vcOf: Int32Array;
  private readonly nicFree: Float64Array;
  /** ACKs on the reverse path: a pool of records on typed arrays (the ACK_RX event's arg is
   * the record), with a free list. */
  private readonly acks = new AckPool(64);
  private readonly ackCells: number;
  /** The probes' tables (fixed at construction), null when off. */
  private readonly ackProbe: NonNullable<Probes['acks']> | null;
  private readonly segmentProbe: NonNullable<Probes['segments']> | null;
  private readonly cwndProbe: NonNullable<Probes['cwnd']> | null;
  private readonly tcpEventProbe: NonNullable<Probes['tcpEvents']> | null;
  private readonly encaps: Scenario['encaps'];
  private readonly jitterRng: Random;
  /** Sub-slot phase of each frame that starts on an idle access link (see emitSegment). */
  private readonly cellPhaseRng: Random;
  /** Per connection: the sending host's serial segment processing (hostProcMs), or null. */
  private readonly hostProc: (HostProcessor | null)[] = [];
  /** Per connection: time of the pending HOST_FREE event, or Infinity. */
  private readonly hostFreeAt: Float64Array;
  /** Per connection: time of the last RTO and DELACK events pushed (see scheduleRto). */
  private readonly rtoPushed: Float64Array;
  private readonly delAckPushed: Float64Array;

  constructor(scenario: Scenario, opts: SimOptions = {}) {
    this.scenario = scenario;
    const d = (this.d = derive(scenario));
    const nVc = d.nVc;
    const n = d.nConn;
    const rng = new Random(scenario.seed);
    // Independent streams, forked in a fixed order.
    const phaseRng = rng.fork();
    const bgRng = rng.fork();
    const policyRng = rng.fork();
    this.jitterRng = rng.fork();
    // Forked after the others so that adding it left their sequences unchanged.
    this.cellPhaseRng = rng.fork();
    const procRng = rng.fork();
    const tieRng = rng.fork();
    this.liveRng = new Random((scenario.seed ^ 0x5eed1e) >>> 0);
    this.encaps = scenario.encaps;
    this.probes = new Probes(opts.probes ?? {}, nVc);
    this.ackProbe = this.probes.acks ?? null;
    this.segmentProbe = this.probes.segments ?? null;
    this.cwndProbe = this.probes.cwnd ?? null;
    this.tcpEventProbe = this.probes.tcpEvents ?? null;

    const background: BackgroundSource[] = [];
    if (d.cbrCellRate > 0) {
      background.push(
        new CbrSource(d.cbrCellRate, Math.floor(bgRng.next() * (PS_PER_SECOND / d.cbrCellRate))),
      );
    }
    if (scenario.vbrMbps > 0) {
      background.push(
        new VbrSource(
          cellRate(scenario.vbrMbps),
          millis(scenario.vbrOnMs),
          millis(scenario.vbrOffMs),
          bgRng.fork(),
        ),
      );
    }
    const sampleMs = opts.probes?.queueIntervalMs ?? 1;
    const sampleInterval = this.probes.queue ? Math.round(sampleMs * 1e9) : 0;
    const tie = scenario.arrivalOrder === 'random' ? tieRng : undefined;
    const spec = (this.topology = buildTopology(scenario));
    const routing = new Routing(spec);
    this.frames = new FramePool();
    if (spec.topology === 'single') {
      const all = spec.ports[0].vcs;
      this.port = new SwitchPort(
        {
          K: scenario.bufferCells,
          nVc,
          slot: d.slotOut,
          propOut: d.propOut,
          keepEom: scenario.keepEom,
          policy: policyFor(scenario, d, policyRng),
          scheduler: this.schedulerFor(scenario, d),
          background,
          backgroundSharesBuffer: scenario.cbrSharesBuffer,
          ubrShare: scenario.ubrShare,
          gcra: gcraFor(scenario, d, all),
          gfrDiscard: scenario.gfrAction === 'discard',
          mfs: scenario.gfr ? d.mfsCells : Infinity,
          sampleInterval,
          tieRng: tie,
          windows: !opts.slotBySlot,
          frames: this.frames,
        },
        this,
      );
      this.ports = [this.port];
      this.net = null;
      this.propReverse = d.propReverse;
    } else {
      this.ports = spec.ports.map((p, i) => {
        const bottleneck = i === spec.bottleneck;
        const sub = portScenario(scenario, p, bottleneck);
        const subD = derive(sub);
        const recordDrops = opts.lossPort === undefined || opts.lossPort === i;
        const tap = new PortTap(this, routing.vcGlobal[i], bottleneck, recordDrops);
        const last = p.vcs.map((v) => routing.egressPort[v] === i);
        const port = new SwitchPort(
          {
            K: scenario.bufferCells,
            nVc: p.vcs.length,
            slot: subD.slotOut,
            propOut: p.vcs.map((v, j) => (last[j] ? d.propOut[v] : p.propNext)),
            keepEom: scenario.keepEom,
            policy: policyFor(sub, subD, i === 0 ? policyRng : policyRng.fork()),
            scheduler: p.merges
              ? (nQ, cap, buffers) => new FrameMergeScheduler(nQ, cap, buffers)
              : this.schedulerFor(sub, subD),
            background: bottleneck ? background : [],
            backgroundSharesBuffer: scenario.cbrSharesBuffer,
            ubrShare: scenario.ubrShare,
            gcra: gcraFor(scenario, d, p.vcs),
            gfrDiscard: scenario.gfrAction === 'discard',
            mfs: scenario.gfr ? d.mfsCells : Infinity,
            sampleInterval: bottleneck ? sampleInterval : 0,
            tieRng: tie,
            windows: !opts.slotBySlot,
            frames: this.frames,
          },
          tap,
        );
        tap.port = port;
        return port;
      });
      routing.wire(this.ports);
      this.port = this.ports[spec.bottleneck];
      this.net = new Network(this.ports, routing, d.propOut);
      this.propReverse = d.propReverse.map((r, v) => r + spec.routeProp[v]);
    }
    this.bottleneckVcs = routing.vcGlobal[spec.bottleneck];

    this.deadlock = new DeadlockDetector(n);
    // (choice) An empty episode follows at least K/10 cells; a gap lasts at least 1 s.
    this.emptyEpisodes = new EmptyEpisodes(Math.max(1, Math.ceil(scenario.bufferCells / 10)));
    this.receiveGaps = new ReceiveGaps(millis(1000), Math.min(...d.start));
    this.vcOf = new Int32Array(n);
    this.ingress = [];
    this.ingressVc = new Int32Array(n);
    this.nicOf = new Int32Array(n);
    this.hostFreeAt = new Float64Array(n).fill(Infinity);
    this.rtoPushed = new Float64Array(n).fill(-1);
    this.delAckPushed = new Float64Array(n).fill(-1);
    this.nicFree = new Float64Array(n);
    this.ackCells = cellsFor(TCPIP_HEADERS, scenario.encaps);
    const rcvBuffer = scenario.window;
    for (let c = 0; c < n; c++) {
      const vc = Math.floor(c / scenario.tcpsPerVc);
      this.vcOf[c] = vc;
      const merged = spec.ports[routing.ingressPort[vc]].merges;
      this.ingress.push(this.ports[routing.ingressPort[vc]]);
      this.ingressVc[c] = routing.ingressVc[vc] + (merged ? c - vc * scenario.tcpsPerVc : 0);
      this.nicOf[c] = merged ? c : vc;
      const variant = d.tcp[vc];
      // Each host's clocks get a random phase. The draws are made whatever the
      // timer clock, so that every other random choice of the run stays the same.
      const hostSenderPhase = d.G > 0 ? Math.floor(phaseRng.next() * d.G) : 0;
      const hostReceiverPhase = Math.floor(phaseRng.next() * d.delAck);
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
          ? new HostProcessor(d.hostProc, scenario.hostQueuePkts, procRng.fork())
          : null,
      );
      this.queue.push(d.start[vc], Ev.START, c);
    }
  }

  /** The scheduler factory of a port whose scenario is `s` (derived `d`). */
  private schedulerFor(s: Scenario, d: Derived): PortConfig['scheduler'] {
    const nVc = d.nVc;
    const weights = new Float64Array(nVc + 1);
    weights.set(d.wfqWeights);
    // (choice) background that shares the buffer gets the weight of all VCs together under WFQ.
    weights[nVc] = d.wfqWeights.reduce((a, b) => a + b, 0);
    return (nQueues, capacity, buffers) =>
      SCHEDULER_FACTORIES[s.scheduler]({ nQueues, capacity, buffers, weights });
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
    const net = this.net;
    for (;;) {
      const tEv = q.peekTime();
      if (tEv >= end) {
        if (net === null) port.advance(end);
        else net.advance(end, q);
        if (q.peekTime() < end) continue;
        break;
      }
      if (net === null) port.advance(tEv);
      else net.advance(tEv, q);
      if (q.peekTime() < tEv) continue; // the port scheduled an earlier event
      q.pop();
      this.now = q.popTime;
      this.dispatch(q.popKind, q.popArg);
    }
    if (end > this.now) this.now = end;
  }

  /**
   * Single step: runs the model up to and including its next event (the port's slots before
   * it included) and returns that event's kind name, or null at the end of the run.
   */
  stepEvent(): EventName | null {
    const q = this.queue;
    for (;;) {
      const tEv = q.peekTime();
      if (tEv >= this.d.duration) {
        this.runUntil(this.d.duration);
        return null;
      }
      if (this.net === null) this.port.advance(tEv);
      else this.net.advance(tEv, q);
      if (q.peekTime() < tEv) continue; // the port scheduled an earlier event
      q.pop();
      this.now = q.popTime;
      this.dispatch(q.popKind, q.popArg);
      return EVENT_NAMES[q.popKind] as EventName;
    }
  }

  /** Single step: runs until the next AAL5 frame reaches a receiver (or the run ends). */
  stepFrame(): void {
    for (;;) {
      const kind = this.stepEvent();
      if (kind === null || kind === 'frame') return;
    }
  }

  /**
   * Live change: applies a new scenario's buffer policy and its parameters to the running
   * port without restarting. Only keys of LIVE_KEYS may differ from the running scenario;
   * returns false (and changes nothing) otherwise.
   */
  applyLive(next: Scenario): boolean {
    const cur = this.scenario as unknown as Record<string, unknown>;
    const nxt = next as unknown as Record<string, unknown>;
    for (const k of Object.keys(cur)) {
      if (LIVE_KEYS.has(k as keyof Scenario)) continue;
      if (JSON.stringify(cur[k]) !== JSON.stringify(nxt[k])) return false;
    }
    const d = derive(next);
    if (this.net === null) this.port.setPolicy(policyFor(next, d, this.liveRng));
    else {
      const ports = buildTopology(next).ports; // the same ports, with next's policies
      ports.forEach((p, i) => {
        const sub = portScenario(next, p, i === this.topology.bottleneck);
        this.ports[i].setPolicy(policyFor(sub, derive(sub), this.liveRng));
      });
    }
    this.scenario = next;
    this.d = d;
    return true;
  }

  /** Runs to the end of the scenario, then checks the model's invariants. */
  run(): this {
    this.runUntil(this.d.duration);
    this.assertInvariants();
    return this;
  }

  /**
   * Cells are conserved (offered = delivered + dropped + in flight, counted by walking the
   * queues), at every port (in = out + dropped + queued) and end to end, and no occupancy is
   * negative or above K. A violation is a model bug: it throws.
   */
  assertInvariants(): void {
    const walks = this.ports.map((p) => p.inFlightByWalking());
    const c = this.cellCounts(walks);
    const problems: string[] = [];
    if (c.offered !== c.delivered + c.dropped + c.inFlight)
      problems.push(
        `offered ${c.offered} ≠ delivered ${c.delivered} + dropped ${c.dropped} + in flight ${c.inFlight}`,
      );
    this.ports.forEach((port, i) => {
      const walk = walks[i];
      const at = this.ports.length > 1 ? ` at port ${this.topology.ports[i].id}` : '';
      const bgQueued = port.xi[port.nVc];
      if (port.X !== walk.buffer + bgQueued)
        problems.push(`X = ${port.X} but the buffer holds ${walk.buffer + bgQueued} cells${at}`);
      if (port.X < 0 || port.X > port.K)
        problems.push(`X = ${port.X} outside [0, K = ${port.K}]${at}`);
      if (port.arrived !== port.departed + port.dropped + walk.buffer)
        problems.push(
          `in ${port.arrived} ≠ out ${port.departed} + dropped ${port.dropped} + queued ${walk.buffer}${at}`,
        );
      let active = 0;
      for (let v = 0; v < port.nVc; v++) {
        if (port.xi[v] < 0) problems.push(`X_${v} = ${port.xi[v]} is negative${at}`);
        if (port.xi[v] > 0) active++;
      }
      if (active !== port.na) problems.push(`N_a = ${port.na} but ${active} VCs hold cells${at}`);
    });
    if (c.background.arrived !== c.background.departed + c.background.dropped + c.background.queued)
      problems.push('background cells not conserved');
    if (problems.length) throw new Error(`model invariant violated: ${problems.join('; ')}`);
  }

  /** Runs the event just popped (its time is this.now: passed as a field, not boxed). */
  private dispatch(kind: number, arg: number): void {
    const t = this.now;
    switch (kind) {
      case Ev.FRAME_RX: {
        const frames = this.frames;
        const conn = frames.conn[arg];
        this.framesReceived++;
        if (frames.flags[arg] & FrameFlag.CORRUPTED) this.framesCorrupted++;
        else {
          this.receiveGaps.arrive(t);
          this.receivers[conn].onSegment(frames.seq[arg], frames.len[arg], t);
        }
        frames.release(arg);
        break;
      }
      case Ev.ACK_RX: {
        const acks = this.acks;
        const conn = acks.conn[arg];
        const ack = acks.ack[arg];
        const win = acks.win[arg];
        const byTimer = acks.byTimer[arg] === 1;
        const sack = acks.sack[arg];
        acks.release(arg);
        const a = this.ackProbe;
        if (a !== null) {
          const r = a.row();
          a.c.t[r] = toSeconds(t);
          a.c.conn[r] = conn;
          a.c.ack[r] = ack;
          a.c.win[r] = win;
        }
        const sender = this.senders[conn];
        const una = sender.sndUna;
        // A delayed ACK that ends a wait cwnd did not impose (the send buffer's or the peer
        // window's short rest): a stop-and-go stall.
        const stopAndGo = byTimer && sender.heldBelowCwnd();
        sender.onAck(ack, win, sack, t);
        if (sender.sndUna > una) {
          if (stopAndGo)
            this.recordStalls(this.deadlock.rescued(conn, t, this.port, StallKind.DELAYED_ACK));
          this.deadlock.progress(conn, t, this.port);
        }
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
        this.deadlock.progress(arg, t, this.port);
        this.senders[arg].start(t);
        break;
      case Ev.WAKE:
        this.senders[arg].onWakeEvent(t);
        break;
      case Ev.HOST_FREE:
        if (t !== this.hostFreeAt[arg]) break;
        this.hostFreeAt[arg] = Infinity;
        this.senders[arg].trySend(t);
        break;
    }
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
    const nic = this.nicOf[conn];
    const cells = cellsFor(len + TCPIP_HEADERS, this.encaps);
    const sa = this.d.slotAccess[vc];
    // Optional host jitter d·U(1, 1.1) before the NIC (YATS); the NIC keeps frames in order.
    const jitter =
      this.d.hostJitter > 0 ? Math.round(this.d.hostJitter * this.jitterRng.uniform(1, 1.1)) : 0;
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
        ? ready + Math.floor(this.cellPhaseRng.next() * sa)
        : this.nicFree[nic];
    this.nicFree[nic] = start + cells * sa;
    // Store-and-forward: a cell is at the switch once fully received.
    this.ingress[conn].sendFrame(
      this.ingressVc[conn],
      conn,
      seq,
      len,
      cells,
      this.d.tagged[vc],
      retx ? FrameFlag.RETRANSMISSION : 0,
      start + sa + this.d.propAccess[vc],
      sa,
    );
    const p = this.segmentProbe;
    if (p !== null) {
      const r = p.row();
      p.c.t[r] = toSeconds(now);
      p.c.conn[r] = conn;
      p.c.seq[r] = seq;
      p.c.len[r] = len;
      p.c.retx[r] = retx ? 1 : 0;
    }
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
    if (at === this.rtoPushed[conn] && at > this.now) return;
    this.rtoPushed[conn] = at;
    this.queue.pushRun(at, Ev.RTO, conn);
  }

  scheduleWake(conn: number, at: Time): void {
    this.queue.push(at, Ev.WAKE, conn);
  }

  traceCwnd(conn: number, now: Time): void {
    const p = this.cwndProbe;
    if (p === null) return;
    const s = this.senders[conn];
    const r = p.row();
    p.c.t[r] = toSeconds(now);
    p.c.conn[r] = conn;
    p.c.cwnd[r] = s.cwnd;
    p.c.ssthresh[r] = s.ssthresh;
  }

  traceEvent(conn: number, kind: TcpEventKind, now: Time): void {
    if (kind === TcpEvent.TIMEOUT) this.recordStalls(this.deadlock.timeout(conn, now, this.port));
    const p = this.tcpEventProbe;
    if (p === null) return;
    const r = p.row();
    p.c.t[r] = toSeconds(now);
    p.c.conn[r] = conn;
    p.c.kind[r] = kind;
  }

  private recordStalls(stalls: Stall[]): void {
    const st = this.probes.stalls;
    if (!st) return;
    for (const stall of stalls) {
      const r = st.row();
      st.c.t[r] = toSeconds(stall.t1);
      st.c.t0[r] = toSeconds(stall.t0);
      st.c.conn[r] = stall.conn;
      st.c.kind[r] = stall.kind;
      st.c.idle[r] = stall.idle;
    }
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
    const t = now + this.ackCells * this.d.slotAccess[vc] + this.propReverse[vc];
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
    const frames = this.frames;
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

  deadFrame(t: Time, vc: number, cells: number): void {
    const p = this.probes.dead;
    if (!p) return;
    const r = p.row();
    p.c.t[r] = toSeconds(t);
    p.c.vc[r] = vc;
    p.c.cells[r] = cells;
  }

  bufferEmptied(t: Time, peak: number): void {
    this.emptyEpisodes.emptied(t, peak);
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
    const vcs = this.bottleneckVcs;
    for (let i = 0; i < port.nVc; i++) c[`vc${vcs[i]}`][r] = port.xi[i];
  }

  // ---- Results ----
  /** Network-wide cell counts (for the single topology, those of its one port). */
  cellCounts(walks = this.ports.map((p) => p.inFlightByWalking())): CellCounts {
    const port = this.port;
    const n = this.totals();
    const droppedByReason: Record<string, number> = {};
    DROP_REASONS.forEach((name, i) => {
      if (i > 0 && n.droppedByReason[i] > 0) droppedByReason[name] = n.droppedByReason[i];
    });
    const inFlight = walks.reduce((a, w) => a + w.access + w.link + w.buffer, 0);
    const walk = walks[this.topology.bottleneck];
    return {
      offered: n.offered,
      accepted: n.accepted,
      dropped: n.dropped,
      delivered: n.delivered,
      inFlight,
      droppedByReason,
      background: {
        arrived: port.bgArrived,
        dropped: port.bgDropped,
        departed: port.bgDeparted,
        queued: walk.background,
      },
    };
  }

  /** Network-wide totals of the ports' counters. */
  totals(): NetTotals {
    return Network.totals(this.ports);
  }

  /** One entry per switch output port: its counters, and the efficiency and fairness of the
   * connections whose VCs cross it. */
  portMetrics(): PortMetrics[] {
    const elapsed = toSeconds(this.now);
    const goodput = this.receivers.map((r) =>
      elapsed > 0 ? (r.delivered * 8) / elapsed / 1e6 : 0,
    );
    const policies = buildTopology(this.scenario).ports.map((p) => p.policy); // live changes
    return this.topology.ports.map((spec, i) => {
      const port = this.ports[i];
      const crossing = new Set(spec.vcs);
      const g = goodput.filter((_, c) => crossing.has(this.vcOf[c]));
      const sum = g.reduce((a, b) => a + b, 0);
      const bottleneck = i === this.topology.bottleneck;
      const rate = bottleneck ? this.d.ubrCellRate : cellRate(spec.mbps);
      const ceiling = goodputCeiling(rate, this.d.mss, this.scenario.encaps) / 1e6;
      return {
        id: spec.id,
        node: spec.node,
        policy: policies[i],
        bufferCells: port.K,
        cellsIn: port.arrived,
        cellsOut: port.departed,
        cellsDropped: port.dropped,
        maxOccupancy: port.maxX,
        efficiency: ratio(sum, ceiling),
        fairness: jainIndex(g),
      };
    });
  }

  metrics(): Metrics {
    const elapsed = toSeconds(this.now);
    const port = this.port;
    const net = this.totals();
    const d = this.d;
    const perConnection = this.senders.map((s, c) => ({
      goodputMbps: elapsed > 0 ? (this.receivers[c].delivered * 8) / elapsed / 1e6 : 0,
      timeouts: s.timeouts,
      fastRetransmits: s.fastRetransmits,
      segmentsSent: s.segmentsSent,
      segmentsRetransmitted: s.segmentsRetransmitted,
      deadlockSeconds: toSeconds(this.deadlock.flaggedTime[c]),
      maxRtoSeconds: toSeconds(s.maxRto),
      maxRtoSampledSeconds: toSeconds(s.maxRtoSampled),
    }));
    const goodputMbps = perConnection.reduce((a, c) => a + c.goodputMbps, 0);
    // Efficiency is against the bottleneck's ceiling: the goodput of the connections whose VC
    // crosses it (every connection but a parking lot's local VCs of other hops).
    const crossing = new Set(this.bottleneckVcs);
    const bottleneckGoodput =
      this.net === null
        ? goodputMbps
        : perConnection.reduce(
            (a, c, i) => (crossing.has(this.vcOf[i]) ? a + c.goodputMbps : a),
            0,
          );
    const sent = perConnection.reduce((a, c) => a + c.segmentsSent, 0);
    const retx = perConnection.reduce((a, c) => a + c.segmentsRetransmitted, 0);
    const ceilingMbps = d.goodputCeilingBps / 1e6;
    const gaps = this.receiveGaps.summary(this.now);

    // Per VC: goodput against MCR and against the expected share.
    const vcGoodput = new Float64Array(d.nVc);
    perConnection.forEach((c, i) => (vcGoodput[this.vcOf[i]] += c.goodputMbps));
    const mcrSum = d.mcrCells.reduce((a, b) => a + b, 0);
    const rSum = d.fifoR.reduce((a, b) => a + b, 0);
    const fifo = this.scenario.policy === 'fifo-thresholds';
    const perVc = Array.from(vcGoodput, (g, v) => {
      const mcrMbps = (d.mcrCells[v] * 48 * 8) / 1e6;
      const expectedMbps = fifo
        ? (goodputMbps * d.fifoR[v]) / rSum // S1: expected throughput_i = µ·R_i/ΣR
        : mcrSum > 0
          ? (goodputMbps * d.mcrCells[v]) / mcrSum
          : goodputMbps / d.nVc;
      return {
        goodputMbps: g,
        mcrMbps,
        excessMbps: g - mcrMbps,
        excessOverMcr: mcrMbps > 0 ? (g - mcrMbps) / mcrMbps : 0,
        expectedMbps,
        ratio: ratio(g, expectedMbps),
      };
    });
    return {
      efficiency: ratio(bottleneckGoodput, ceilingMbps),
      fairness: jainIndex(perConnection.map((c) => c.goodputMbps)),
      clr: ratio(net.dropped, net.arrived),
      fer: ratio(this.framesCorrupted, this.framesReceived),
      deadCellRatio: ratio(net.deadCells, net.delivered),
      idleCellRatio: ratio(port.idleSlots, port.slotIndex),
      prr: ratio(retx, sent),
      goodputMbps,
      goodputCeilingMbps: ceilingMbps,
      timeouts: perConnection.reduce((a, c) => a + c.timeouts, 0),
      fastRetransmits: perConnection.reduce((a, c) => a + c.fastRetransmits, 0),
      clrClp0: ratio(net.droppedByClp[0], net.arrivedByClp[0]),
      clrClp1: ratio(net.droppedByClp[1], net.arrivedByClp[1]),
      weightedFairness: jainIndex(perVc.map((v) => v.ratio)),
      deadlocks: this.deadlock.count,
      deadlockSeconds: perConnection.reduce((a, c) => a + c.deadlockSeconds, 0),
      deadlockSecondsMean:
        perConnection.reduce((a, c) => a + c.deadlockSeconds, 0) / perConnection.length,
      deadlockSecondsWorst: perConnection.reduce((a, c) => Math.max(a, c.deadlockSeconds), 0),
      bufferEmptyEpisodes: this.emptyEpisodes.count,
      receiveGaps: gaps.count,
      receiveGapSeconds: gaps.seconds,
      maxRtoSeconds: perConnection.reduce((a, c) => Math.max(a, c.maxRtoSeconds), 0),
      maxRtoSampledSeconds: perConnection.reduce((a, c) => Math.max(a, c.maxRtoSampledSeconds), 0),
      perConnection,
      perVc,
    };
  }
}
