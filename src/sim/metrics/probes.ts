import { toSeconds } from '../core/time';
import { ColumnTable } from './columns';

/** Which series a run records (all off by default: the CLI needs none of them). */
export interface ProbeOptions {
  cwnd?: boolean;
  queue?: boolean;
  loss?: boolean;
  segments?: boolean;
  acks?: boolean;
  tcpEvents?: boolean;
  /** Dead cells: cells of corrupted frames that still crossed the link. */
  dead?: boolean;
  /** Throughput-deadlock stalls flagged (DeadlockDetector). */
  stalls?: boolean;
  /** Sampling period of the queue series, in simulated ms (default 1 ms). */
  queueIntervalMs?: number;
}

export const ALL_PROBES: ProbeOptions = {
  cwnd: true,
  queue: true,
  loss: true,
  segments: true,
  acks: true,
  tcpEvents: true,
  dead: true,
  stalls: true,
};

/** Times in every series are simulated seconds. */
export const CWND_SPEC = { t: 'f64', conn: 'i32', cwnd: 'f64', ssthresh: 'f64' } as const;
export const LOSS_SPEC = {
  t: 'f64',
  vc: 'i32',
  conn: 'i32',
  seq: 'f64',
  reason: 'u8',
  /** Cells of this frame dropped under this reason (grows while the event is in the batch). */
  cells: 'i32',
  X: 'f64',
  Xi: 'f64',
  Na: 'f64',
  threshold: 'f64',
  extra: 'f64',
} as const;
/** More cells of a loss event that began in an earlier batch: VC `vc`'s latest loss event
 * (its frame `seq` of connection `conn`, under `reason`) lost `cells` more in this batch. A
 * frame's cells can be dropped across a batch's end; the page adds these to the event's row,
 * so a loss event counts the same cells however the run was cut into batches. */
export const LOSS_MORE_SPEC = {
  vc: 'i32',
  conn: 'i32',
  seq: 'f64',
  reason: 'u8',
  cells: 'i32',
} as const;
export const SEGMENT_SPEC = { t: 'f64', conn: 'i32', seq: 'f64', len: 'i32', retx: 'u8' } as const;
export const ACK_SPEC = { t: 'f64', conn: 'i32', ack: 'f64', win: 'f64' } as const;
/** kind: 1 timeout, 2 fast retransmit, 3 abort (TcpEvent). */
export const TCP_EVENT_SPEC = { t: 'f64', conn: 'i32', kind: 'u8' } as const;

/** A corrupted frame's EOM left the port: `cells` dead cells of VC `vc` crossed the link. */
export const DEAD_SPEC = { t: 'f64', vc: 'i32', cells: 'i32' } as const;

/** A flagged stall of `conn` from t0 to t (its rescue), what rescued it (StallKind: 1 a
 * timeout, 2 a delayed-ACK timer) and the idle UBR share over it. */
export const STALL_SPEC = { t: 'f64', t0: 'f64', conn: 'i32', kind: 'i32', idle: 'f64' } as const;

export function queueSpec(nVc: number) {
  const spec: Record<string, 'f64' | 'i32'> = {
    t: 'f64',
    X: 'i32',
    clp1: 'i32',
    background: 'i32',
  };
  for (let i = 0; i < nVc; i++) spec[`vc${i}`] = 'i32';
  return spec;
}

/** The one queue sampler: a row of the queue series at `t` (s) from `port`, whose VC i is the
 * run's VC vcGlobal[i] (the simulation's probe at the bottleneck, and PortWatch's of a focused
 * port). */
export function writeQueueRow(
  table: ColumnTable<ReturnType<typeof queueSpec>>,
  t: number,
  port: WatchedPort,
  vcGlobal: ArrayLike<number>,
): void {
  const r = table.row();
  const c = table.c as Record<string, Float64Array | Int32Array>;
  c.t[r] = t;
  c.X[r] = port.X;
  c.clp1[r] = port.x1;
  c.background[r] = port.xi[port.nVc];
  for (let i = 0; i < port.nVc; i++) c[`vc${vcGlobal[i]}`][r] = port.xi[i];
}

export class Probes {
  readonly cwnd?: ColumnTable<typeof CWND_SPEC>;
  readonly queue?: ColumnTable<ReturnType<typeof queueSpec>>;
  readonly loss?: ColumnTable<typeof LOSS_SPEC>;
  readonly lossMore?: ColumnTable<typeof LOSS_MORE_SPEC>;
  readonly segments?: ColumnTable<typeof SEGMENT_SPEC>;
  readonly acks?: ColumnTable<typeof ACK_SPEC>;
  readonly tcpEvents?: ColumnTable<typeof TCP_EVENT_SPEC>;
  readonly dead?: ColumnTable<typeof DEAD_SPEC>;
  readonly stalls?: ColumnTable<typeof STALL_SPEC>;
  /** Row of the open loss event per VC in the current loss batch (-1: none). */
  readonly openLoss: Int32Array;
  /** Row of the VC's open event in this batch's lossMore (-1: none). */
  readonly openMore: Int32Array;
  /** 1: the VC's latest loss event began in an earlier batch and is still open (its frame
   * and reason are the VC's latest drop's). */
  readonly carried: Uint8Array;

  constructor(
    readonly opts: ProbeOptions,
    nVc: number,
  ) {
    if (opts.cwnd) this.cwnd = new ColumnTable(CWND_SPEC);
    if (opts.queue) this.queue = new ColumnTable(queueSpec(nVc));
    if (opts.loss) {
      this.loss = new ColumnTable(LOSS_SPEC);
      this.lossMore = new ColumnTable(LOSS_MORE_SPEC, 16);
    }
    if (opts.segments) this.segments = new ColumnTable(SEGMENT_SPEC);
    if (opts.acks) this.acks = new ColumnTable(ACK_SPEC);
    if (opts.tcpEvents) this.tcpEvents = new ColumnTable(TCP_EVENT_SPEC);
    if (opts.dead) this.dead = new ColumnTable(DEAD_SPEC);
    if (opts.stalls) this.stalls = new ColumnTable(STALL_SPEC);
    this.openLoss = new Int32Array(nVc).fill(-1);
    this.openMore = new Int32Array(nVc).fill(-1);
    this.carried = new Uint8Array(nVc);
  }

  /** Hands over everything recorded since the last drain. */
  drain() {
    const open = this.openLoss;
    for (let v = 0; v < open.length; v++) if (open[v] >= 0) this.carried[v] = 1;
    open.fill(-1);
    this.openMore.fill(-1);
    return {
      cwnd: this.cwnd?.drain(),
      queue: this.queue?.drain(),
      loss: this.loss?.drain(),
      lossMore: this.lossMore?.drain(),
      segments: this.segments?.drain(),
      acks: this.acks?.drain(),
      tcpEvents: this.tcpEvents?.drain(),
      dead: this.dead?.drain(),
      stalls: this.stalls?.drain(),
    };
  }
}

export type ProbeBatch = ReturnType<Probes['drain']>;

/** What a PortWatch reads of a switch output port (atm/port.ts SwitchPort). */
export interface WatchedPort {
  readonly K: number;
  readonly nVc: number;
  readonly X: number;
  readonly x1: number;
  readonly xi: Int32Array;
  readonly departed: number;
  readonly dropped: number;
}

/** Per-port figures over the last batch, parallel to the run's ports (index = port). */
export interface PortSamples {
  /** Simulated seconds the figures cover. */
  dt: number;
  /** Occupancy X at the batch's time. */
  X: Int32Array;
  /** Cells that left the port, and cells dropped there, since the previous batch. */
  departed: Float64Array;
  dropped: Float64Array;
  /** departed / (dt × the port's cell rate): the output link's utilisation over the batch. */
  util: Float64Array;
}

/**
 * Watches the ports of a network of switches for the app: per batch, each port's
 * occupancy, departures and drops (cheap counters, not per cell), and, for a focused port that
 * is not the bottleneck, the queue series the bottleneck's own probe records (sampled by the
 * driver between slices of the run, every `interval` ps).
 */
export class PortWatch {
  /** Queue series of the focused port (only when it is not the bottleneck). */
  readonly queue?: ColumnTable<ReturnType<typeof queueSpec>>;
  /** Next sample time (ps); Infinity without a queue series of our own. */
  nextSample: number;
  private readonly lastDeparted: Float64Array;
  private readonly batchDropped: Float64Array;
  private lastT = 0;

  constructor(
    readonly ports: readonly WatchedPort[],
    /** Cells per second of each port's output link. */
    readonly cellRates: readonly number[],
    /** Global VC index of each of the focused port's VCs (local order). */
    readonly vcGlobal: readonly number[],
    readonly focus: number,
    nVc: number,
    ownQueue: boolean,
    readonly interval: number,
  ) {
    if (ownQueue) this.queue = new ColumnTable(queueSpec(nVc));
    this.nextSample = ownQueue ? 0 : Infinity;
    this.lastDeparted = new Float64Array(ports.length);
    this.batchDropped = new Float64Array(ports.length);
  }

  /** Records the focused port's queue at the pending sample time (the run has reached it). */
  sample(): void {
    const p = this.queue;
    if (!p) return;
    writeQueueRow(p, toSeconds(this.nextSample), this.ports[this.focus], this.vcGlobal);
    this.nextSample += this.interval;
  }

  /** The per-port figures since the previous call, at simulated time `now` (ps). */
  drainPorts(now: number): PortSamples {
    const n = this.ports.length;
    const dt = Math.max(0, (now - this.lastT) / 1e12);
    this.lastT = now;
    const out: PortSamples = {
      dt,
      X: new Int32Array(n),
      departed: new Float64Array(n),
      dropped: new Float64Array(n),
      util: new Float64Array(n),
    };
    for (let i = 0; i < n; i++) {
      const p = this.ports[i];
      out.X[i] = p.X;
      out.departed[i] = p.departed - this.lastDeparted[i];
      out.dropped[i] = p.dropped - this.batchDropped[i];
      this.lastDeparted[i] = p.departed;
      this.batchDropped[i] = p.dropped;
      out.util[i] = dt > 0 ? Math.min(1, out.departed[i] / (dt * this.cellRates[i])) : 0;
    }
    return out;
  }
}
