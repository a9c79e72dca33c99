import { FramePool } from './atm/frames';
import { POLICY_LIVE_KEYS } from './atm/policies';
import type { SwitchPort } from './atm/port';
import { inFlightByWalking } from './atm/portWalks';
import { EventQueue } from './core/eventQueue';
import type { EventName } from './core/events';
import { Ev, eventName } from './core/events';
import { Random } from './core/random';
import type { Time } from './core/time';
import { millis } from './core/time';
import { Hosts } from './hosts/hosts';
import { DeadlockDetector } from './metrics/deadlock';
import { EmptyEpisodes, ReceiveGaps } from './metrics/episodes';
import type { CellCounts, Metrics, PortMetrics } from './metrics/metrics';
import { cellCounts, metrics, portMetrics } from './metrics/metrics';
import type { ProbeOptions } from './metrics/probes';
import { Probes } from './metrics/probes';
import { ProbeRecorder } from './metrics/recorder';
import { buildNetwork, livePolicies } from './net/build';
import type { NetTotals } from './net/network';
import { Network } from './net/network';
import type { NetSpec } from './net/topology';
import { withPolicies } from './net/topology';
import type { Derived } from './scenario/derive';
import { derive } from './scenario/derive';
import type { Scenario } from './scenario/schema';

export type { EventName } from './core/events';
export type { PortMetrics } from './metrics/metrics';

/** Keys a running simulation can take without a restart (the buffer policy and its
 * parameters, as each policy's file lists them): see Simulation.applyLive. */
export const LIVE_KEYS: ReadonlySet<keyof Scenario> = new Set([
  'policy',
  'portPolicy',
  ...POLICY_LIVE_KEYS,
] as (keyof Scenario)[]);

export interface SimOptions {
  probes?: ProbeOptions;
  /** In a network, the index of the one port whose drops the loss probe records (the app's
   * focused port), or how to find it in the run's network; default every port. */
  lossPort?: number | ((topology: NetSpec) => number);
  /** Run every output slot on its own, never a window of slots in one step (the windows of
   * atm/windows/). The results are the same; tests compare the two, and the benchmark
   * times both. */
  slotBySlot?: boolean;
}

/**
 * One run of a scenario: N VCs, each carrying one or more TCP connections over an access link
 * into a network of switch output ports (one port for the single switch), receivers behind
 * it, ACKs on an uncongested reverse path. Deterministic: everything random is
 * drawn from one generator seeded by `scenario.seed`, forked per component in a fixed order.
 *
 * The parts: the hosts (hosts/: TCP senders and receivers, access links, the reverse path),
 * the ports built and wired from the scenario (net/build.ts), the probe recorder and the
 * metric formulas (metrics/). This class keeps the event loop, the dispatch of events to the
 * hosts, the live changes and the invariant checks.
 */
export class Simulation {
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
  /** The network, built once per run (net/topology.ts); a live change of the buffer policies
   * replaces it with the same network under the new policies (applyLive). Read it here. */
  topology: NetSpec;
  /** The ports, advanced together. */
  private readonly net: Network;
  /** Global VC of each of the bottleneck port's VCs. */
  readonly bottleneckVcs: Int32Array;
  readonly hosts: Hosts;
  readonly probes: Probes;
  /** Simulated time reached (ps). */
  now: Time = 0;
  /** Events dispatched so far (a figure of the engine: the benchmark's cost per event). */
  events = 0;

  private readonly queue = new EventQueue(256);

  constructor(scenario: Scenario, opts: SimOptions = {}) {
    this.scenario = scenario;
    const d = (this.d = derive(scenario));
    const rng = new Random(scenario.seed);
    // Independent streams, forked in a fixed order.
    const phaseRng = rng.fork();
    const bgRng = rng.fork();
    const policyRng = rng.fork();
    const jitterRng = rng.fork();
    // Forked after the others so that adding it left their sequences unchanged.
    const cellPhaseRng = rng.fork();
    const procRng = rng.fork();
    const tieRng = rng.fork();
    this.liveRng = new Random((scenario.seed ^ 0x5eed1e) >>> 0);
    this.probes = new Probes(opts.probes ?? {}, d.nVc);
    // (choice) An empty episode follows at least K/10 cells; a gap lasts at least 1 s.
    this.emptyEpisodes = new EmptyEpisodes(Math.max(1, Math.ceil(scenario.bufferCells / 10)));
    this.receiveGaps = new ReceiveGaps(millis(1000), Math.min(...d.start));
    this.deadlock = new DeadlockDetector(d.nConn);

    const sampleMs = opts.probes?.queueIntervalMs ?? 1;
    const frames = new FramePool();
    const recorder = new ProbeRecorder(this.probes, frames, this.emptyEpisodes);
    const net = buildNetwork(
      scenario,
      d,
      {
        frames,
        sampleInterval: this.probes.queue ? Math.round(sampleMs * 1e9) : 0,
        lossPort: opts.lossPort,
        windows: !opts.slotBySlot,
        bgRng,
        policyRng,
        tieRng: scenario.arrivalOrder === 'random' ? tieRng : undefined,
      },
      this,
      recorder,
    );
    recorder.watchQueue(net.port.c, net.bottleneckVcs);
    this.topology = net.topology;
    this.ports = net.ports;
    this.port = net.port;
    this.net = net.net;
    this.bottleneckVcs = net.bottleneckVcs;
    this.hosts = new Hosts(
      scenario,
      d,
      this.queue,
      net,
      { phase: phaseRng, jitter: jitterRng, cellPhase: cellPhaseRng, proc: procRng },
      recorder,
      this,
    );
  }

  get senders() {
    return this.hosts.senders;
  }
  get receivers() {
    return this.hosts.receivers;
  }
  /** VC of each connection. */
  get vcOf(): Int32Array {
    return this.hosts.vcOf;
  }
  get framesReceived(): number {
    return this.hosts.framesReceived;
  }
  get framesCorrupted(): number {
    return this.hosts.framesCorrupted;
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
    const net = this.net;
    const hosts = this.hosts;
    const stale = hosts.staleRto;
    // The instant and key of the event run last (staleTimers.ts).
    let lastT = this.now;
    let lastSk = -1;
    for (;;) {
      const tEv = q.peekTime();
      if (tEv >= end) {
        net.advance(end, q);
        if (q.peekTime() < end) continue;
        break;
      }
      if (q.peekKind() === Ev.RTO && hosts.rtoStale(q.peekArg(), tEv)) {
        // A stale timer event: taken off before the ports run to its instant, and put back
        // should its timer be rearmed for that instant while it is still due.
        q.pop();
        stale.park(q.popArg, tEv, q.popSk, lastT, lastSk);
        this.events++;
        continue;
      }
      net.advance(tEv, q);
      if (q.peekTime() < tEv) continue; // a port scheduled an earlier event
      q.pop();
      lastT = q.popTime;
      lastSk = q.popSk;
      this.dispatch(q.popKind, q.popArg, q.popTime);
    }
    // Every event taken off lies before `end`, behind every event still to run.
    stale.clear();
    if (end > this.now) this.now = end;
  }

  /**
   * Single step: runs the model up to and including its next event (the ports' slots before
   * it included) and returns that event's kind name, or null at the end of the run.
   */
  stepEvent(): EventName | null {
    const q = this.queue;
    const end = this.d.duration;
    for (;;) {
      const tEv = q.peekTime();
      if (tEv >= end) {
        // No event before the end yet: the ports' slots may still schedule one (a frame
        // reaching its receiver), which is then the next step.
        this.net.advance(end, q);
        if (q.peekTime() < end) continue;
        if (end > this.now) this.now = end;
        return null;
      }
      this.net.advance(tEv, q);
      if (q.peekTime() < tEv) continue; // a port scheduled an earlier event
      q.pop();
      this.dispatch(q.popKind, q.popArg, q.popTime);
      return eventName(q.popKind);
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
   * ports without restarting. Only keys of LIVE_KEYS may differ from the running scenario;
   * returns false (and changes nothing) otherwise.
   */
  applyLive(next: Scenario): boolean {
    const cur = this.scenario as unknown as Record<string, unknown>;
    const nxt = next as unknown as Record<string, unknown>;
    for (const k of Object.keys(cur)) {
      if (LIVE_KEYS.has(k as keyof Scenario)) continue;
      if (JSON.stringify(cur[k]) !== JSON.stringify(nxt[k])) return false;
    }
    const topology = withPolicies(this.topology, next);
    livePolicies(next, topology, this.liveRng).forEach((p, i) => this.ports[i].setPolicy(p));
    this.topology = topology;
    this.scenario = next;
    this.d = derive(next);
    this.hosts.setDerived(this.d);
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
    const walks = this.ports.map((p) => inFlightByWalking(p));
    const c = this.cellCounts(walks);
    const problems: string[] = [];
    if (c.offered !== c.delivered + c.dropped + c.inFlight)
      problems.push(
        `offered ${c.offered} ≠ delivered ${c.delivered} + dropped ${c.dropped} + in flight ${c.inFlight}`,
      );
    this.ports.forEach((port, i) => {
      const walk = walks[i];
      const at = this.ports.length > 1 ? ` at port ${this.topology.ports[i].id}` : '';
      const bgQueued = port.c.xi[port.nVc];
      if (port.c.X !== walk.buffer + bgQueued)
        problems.push(`X = ${port.c.X} but the buffer holds ${walk.buffer + bgQueued} cells${at}`);
      if (port.c.X < 0 || port.c.X > port.K)
        problems.push(`X = ${port.c.X} outside [0, K = ${port.K}]${at}`);
      if (port.c.arrived !== port.c.departed + port.c.dropped + walk.buffer)
        problems.push(
          `in ${port.c.arrived} ≠ out ${port.c.departed} + dropped ${port.c.dropped} + queued ${walk.buffer}${at}`,
        );
      let active = 0;
      for (let v = 0; v < port.nVc; v++) {
        if (port.c.xi[v] < 0) problems.push(`X_${v} = ${port.c.xi[v]} is negative${at}`);
        if (port.c.xi[v] > 0) active++;
      }
      if (active !== port.c.na)
        problems.push(`N_a = ${port.c.na} but ${active} VCs hold cells${at}`);
    });
    if (c.background.arrived !== c.background.departed + c.background.dropped + c.background.queued)
      problems.push('background cells not conserved');
    if (problems.length) throw new Error(`model invariant violated: ${problems.join('; ')}`);
  }

  /** Runs the event just popped, at `t`. */
  private dispatch(kind: number, arg: number, t: Time): void {
    this.now = t;
    this.events++;
    const hosts = this.hosts;
    hosts.now = t;
    switch (kind) {
      case Ev.FRAME_RX:
        hosts.frameArrives(arg, t);
        break;
      case Ev.ACK_RX:
        hosts.ackArrives(arg, t);
        break;
      case Ev.RTO:
        hosts.senders[arg].onRtoEvent(t);
        break;
      case Ev.DELACK:
        hosts.receivers[arg].onDelAckEvent(t);
        break;
      case Ev.APP_READ:
        hosts.receivers[arg].onAppReadEvent(t);
        break;
      case Ev.START:
        hosts.start(arg, t);
        break;
      case Ev.WAKE:
        hosts.senders[arg].onWakeEvent(t);
        break;
      case Ev.HOST_FREE:
        hosts.hostFree(arg, t);
        break;
    }
  }

  /** A port sent frame record `f` out: it reaches its receiver at `tRx` (net/network.ts
   * FrameSink). */
  frameOut(f: number, tRx: Time): void {
    this.queue.push(tRx, Ev.FRAME_RX, f);
  }

  // ---- Results (the formulas are in metrics/metrics.ts) ----
  /** Network-wide cell counts (for the single topology, those of its one port). */
  cellCounts(walks = this.ports.map((p) => inFlightByWalking(p))): CellCounts {
    return cellCounts(this, walks);
  }

  /** Network-wide totals of the ports' counters. */
  totals(): NetTotals {
    return Network.totals(this.ports);
  }

  /** One entry per switch output port: its counters, and the efficiency and fairness of the
   * connections whose VCs cross it. */
  portMetrics(): PortMetrics[] {
    return portMetrics(this);
  }

  metrics(): Metrics {
    return metrics(this);
  }
}
