import type { PortSink } from '../atm/port';
import type { SwitchPort } from '../atm/port';
import type { EventQueue } from '../core/eventQueue';
import type { Time } from '../core/time';
import type { Routing } from './route';

/** Network-wide cell totals (UBR/GFR data cells; background apart). */
export interface NetTotals {
  /** Cells handed to the access links. */
  offered: number;
  /** Cells that reached the network (their first switch), by CLP after any tagging. */
  arrived: number;
  arrivedByClp: [number, number];
  /** Cells accepted into a buffer, summed over the ports (a cell counts at every hop). */
  accepted: number;
  dropped: number;
  droppedByClp: [number, number];
  droppedByReason: Float64Array;
  /** Cells that left their last hop toward the receivers, and the dead ones among them. */
  delivered: number;
  deadCells: number;
}

/**
 * The switch ports of a run (net/topology.ts), advanced together; the single switch is a
 * network of one port. Ports are numbered in route order, so advancing them in index order up
 * to a common time delivers every cell a port sends before the next port needs it. Events a last hop schedules (frames reaching the
 * receivers) come at least `lookahead` after the slot that caused them, so the ports advance
 * in steps of at most that much: no port runs past an event that has not yet been dispatched.
 */
export class Network {
  readonly lookahead: Time;
  /** The one port of a network of one (the single topology), else null. */
  private readonly alone: SwitchPort | null;

  constructor(
    readonly ports: SwitchPort[],
    readonly routing: Routing,
    propOut: ArrayLike<Time>,
  ) {
    let la = Infinity;
    routing.egressPort.forEach((p, v) => {
      la = Math.min(la, ports[p].slot + propOut[v]);
    });
    this.lookahead = la;
    this.alone = ports.length === 1 ? ports[0] : null;
  }

  /** Runs every port's slots that start before `limit`, stopping early at any event on `q`
   * that is earlier (including those the ports schedule as they go). */
  advance(limit: Time, q: EventQueue): void {
    const alone = this.alone;
    if (alone !== null) {
      // A port alone feeds no other port, and the events it schedules stop it in time
      // (noteEvent): it runs up to the limit in one step, when a slot starts before it.
      const t = Math.min(limit, q.peekTime());
      if (alone.now < t) alone.advance(t);
      return;
    }
    const ports = this.ports;
    for (;;) {
      const t = Math.min(limit, q.peekTime());
      let lo = Infinity;
      for (let i = 0; i < ports.length; i++) lo = Math.min(lo, ports[i].now);
      if (lo >= t) return;
      const c = Math.min(t, lo + this.lookahead);
      for (let i = 0; i < ports.length; i++) ports[i].advance(Math.min(c, q.peekTime()));
    }
  }

  /** Network-wide totals of the ports' counters. */
  static totals(ports: readonly SwitchPort[]): NetTotals {
    const n: NetTotals = {
      offered: 0,
      arrived: 0,
      arrivedByClp: [0, 0],
      accepted: 0,
      dropped: 0,
      droppedByClp: [0, 0],
      droppedByReason: new Float64Array(ports[0].c.droppedByReason.length),
      delivered: 0,
      deadCells: 0,
    };
    for (const p of ports) {
      n.offered += p.c.offered;
      for (let c = 0; c < 2; c++) {
        n.arrivedByClp[c] += p.c.arrivedByClp[c] - p.c.fedArrivedByClp[c];
        n.droppedByClp[c] += p.c.droppedByClp[c];
      }
      n.arrived += p.c.arrived - p.c.fedArrived;
      n.accepted += p.c.accepted;
      n.dropped += p.c.dropped;
      p.c.droppedByReason.forEach((x, i) => (n.droppedByReason[i] += x));
      n.delivered += p.c.departed - p.c.forwarded;
      n.deadCells += p.c.deadCells;
    }
    return n;
  }
}

/** What a network's ports report besides frames, in global VC indices: the probe recorder
 * (metrics/recorder.ts) is one. */
export type PortRecorder = Required<Omit<PortSink, 'frameOut'>>;

/** Where a port's frames go: the simulation puts each on its event heap. */
export interface FrameSink {
  frameOut(f: number, tRx: Time): void;
}

/**
 * What a port of a network reports to the simulation: frames to the event heap, the rest to
 * the probe recorder. The port's local VC indices become global ones, and only the bottleneck
 * port feeds the queue probe and the empty-buffer episodes.
 */
export class PortTap implements PortSink {
  port: SwitchPort | null = null;

  constructor(
    private readonly sim: FrameSink,
    private readonly recorder: PortRecorder,
    private readonly vcGlobal: Int32Array,
    private readonly bottleneck: boolean,
    /** Whether this port's drops reach the loss probe (SimOptions.lossPort). */
    private readonly recordDrops = true,
  ) {}

  frameOut(f: number, tRx: Time): void {
    this.sim.frameOut(f, tRx);
    this.port!.noteEvent(tRx);
  }

  cellDropped(
    t: Time,
    vc: number,
    f: number,
    reason: number,
    first: boolean,
    rule: Float64Array,
  ): void {
    if (this.recordDrops) this.recorder.cellDropped(t, this.vcGlobal[vc], f, reason, first, rule);
  }

  sample(t: Time): void {
    if (this.bottleneck) this.recorder.sample(t);
  }

  deadFrame(t: Time, vc: number, cells: number): void {
    this.recorder.deadFrame(t, this.vcGlobal[vc], cells);
  }

  bufferEmptied(t: Time, peak: number): void {
    if (this.bottleneck) this.recorder.bufferEmptied(t, peak);
  }
}
