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

export class Probes {
  readonly cwnd?: ColumnTable<typeof CWND_SPEC>;
  readonly queue?: ColumnTable<ReturnType<typeof queueSpec>>;
  readonly loss?: ColumnTable<typeof LOSS_SPEC>;
  readonly segments?: ColumnTable<typeof SEGMENT_SPEC>;
  readonly acks?: ColumnTable<typeof ACK_SPEC>;
  readonly tcpEvents?: ColumnTable<typeof TCP_EVENT_SPEC>;
  readonly dead?: ColumnTable<typeof DEAD_SPEC>;
  readonly stalls?: ColumnTable<typeof STALL_SPEC>;
  /** Row of the open loss event per VC in the current loss batch (-1: none). */
  readonly openLoss: Int32Array;

  constructor(
    readonly opts: ProbeOptions,
    nVc: number,
  ) {
    if (opts.cwnd) this.cwnd = new ColumnTable(CWND_SPEC);
    if (opts.queue) this.queue = new ColumnTable(queueSpec(nVc));
    if (opts.loss) this.loss = new ColumnTable(LOSS_SPEC);
    if (opts.segments) this.segments = new ColumnTable(SEGMENT_SPEC);
    if (opts.acks) this.acks = new ColumnTable(ACK_SPEC);
    if (opts.tcpEvents) this.tcpEvents = new ColumnTable(TCP_EVENT_SPEC);
    if (opts.dead) this.dead = new ColumnTable(DEAD_SPEC);
    if (opts.stalls) this.stalls = new ColumnTable(STALL_SPEC);
    this.openLoss = new Int32Array(nVc).fill(-1);
  }

  /** Hands over everything recorded since the last drain. */
  drain() {
    this.openLoss.fill(-1);
    return {
      cwnd: this.cwnd?.drain(),
      queue: this.queue?.drain(),
      loss: this.loss?.drain(),
      segments: this.segments?.drain(),
      acks: this.acks?.drain(),
      tcpEvents: this.tcpEvents?.drain(),
      dead: this.dead?.drain(),
      stalls: this.stalls?.drain(),
    };
  }
}

export type ProbeBatch = ReturnType<Probes['drain']>;
