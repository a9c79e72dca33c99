import { RuleInput } from '../atm/dropReasons';
import type { FramePool } from '../atm/frames';
import type { Time } from '../core/time';
import { toSeconds } from '../core/time';
import type { Stall } from './deadlock';
import type { EmptyEpisodes } from './episodes';
import type { Probes, WatchedPort } from './probes';
import { writeQueueRow } from './probes';

/**
 * Writes the run's probe series (metrics/probes.ts): one method per kind of row, each a no-op
 * when its probe is off. The hosts call it for segments, ACKs, cwnd and TCP events; the ports
 * (through their net/network.ts PortTap) for drops, dead frames, queue samples and the buffer
 * emptying.
 */
export class ProbeRecorder {
  private readonly ackProbe: NonNullable<Probes['acks']> | null;
  private readonly segmentProbe: NonNullable<Probes['segments']> | null;
  private readonly cwndProbe: NonNullable<Probes['cwnd']> | null;
  private readonly tcpEventProbe: NonNullable<Probes['tcpEvents']> | null;
  /** The port whose queue the queue probe samples (the bottleneck), and its VCs' global
   * indices. */
  private queuePort: WatchedPort | null = null;
  private queueVcs: ArrayLike<number> = [];

  constructor(
    readonly probes: Probes,
    private readonly frames: FramePool,
    private readonly emptyEpisodes: EmptyEpisodes,
  ) {
    this.ackProbe = probes.acks ?? null;
    this.segmentProbe = probes.segments ?? null;
    this.cwndProbe = probes.cwnd ?? null;
    this.tcpEventProbe = probes.tcpEvents ?? null;
  }

  /** The queue probe samples `port`, whose VC i is the run's VC vcGlobal[i]. */
  watchQueue(port: WatchedPort, vcGlobal: ArrayLike<number>): void {
    this.queuePort = port;
    this.queueVcs = vcGlobal;
  }

  ack(t: Time, conn: number, ack: number, win: number): void {
    const a = this.ackProbe;
    if (a === null) return;
    const r = a.row();
    a.c.t[r] = toSeconds(t);
    a.c.conn[r] = conn;
    a.c.ack[r] = ack;
    a.c.win[r] = win;
  }

  segment(t: Time, conn: number, seq: number, len: number, retx: boolean): void {
    const p = this.segmentProbe;
    if (p === null) return;
    const r = p.row();
    p.c.t[r] = toSeconds(t);
    p.c.conn[r] = conn;
    p.c.seq[r] = seq;
    p.c.len[r] = len;
    p.c.retx[r] = retx ? 1 : 0;
  }

  cwnd(t: Time, conn: number, cwnd: number, ssthresh: number): void {
    const p = this.cwndProbe;
    if (p === null) return;
    const r = p.row();
    p.c.t[r] = toSeconds(t);
    p.c.conn[r] = conn;
    p.c.cwnd[r] = cwnd;
    p.c.ssthresh[r] = ssthresh;
  }

  tcpEvent(t: Time, conn: number, kind: number): void {
    const p = this.tcpEventProbe;
    if (p === null) return;
    const r = p.row();
    p.c.t[r] = toSeconds(t);
    p.c.conn[r] = conn;
    p.c.kind[r] = kind;
  }

  stalls(stalls: Stall[]): void {
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

  // ---- From the ports (global VC indices) ----
  /** A cell of frame `f` on VC `vc` was dropped (PortSink.cellDropped): a new loss event
   * when `first`, else one more cell of the VC's open one. */
  cellDropped(
    t: Time,
    vc: number,
    f: number,
    reason: number,
    first: boolean,
    rule: Float64Array,
  ): void {
    const probes = this.probes;
    const p = probes.loss;
    if (!p) return;
    const frames = this.frames;
    if (!first) {
      // One more cell of the VC's open event: its row in this batch, or (begun in an earlier
      // batch) a row of lossMore.
      const open = probes.openLoss[vc];
      if (open >= 0) {
        p.c.cells[open]++;
        return;
      }
      const more = probes.lossMore!;
      let m = probes.openMore[vc];
      if (m < 0 && probes.carried[vc]) {
        m = more.row();
        probes.openMore[vc] = m;
        more.c.vc[m] = vc;
        more.c.conn[m] = frames.conn[f];
        more.c.seq[m] = frames.seq[f];
        more.c.reason[m] = reason;
        more.c.cells[m] = 0;
      }
      if (m >= 0) {
        more.c.cells[m]++;
        return;
      }
    }
    probes.carried[vc] = 0;
    probes.openMore[vc] = -1;
    const r = p.row();
    probes.openLoss[vc] = r;
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

  /** The queue probe's tick: one row of the watched port's occupancies. */
  sample(t: Time): void {
    const p = this.probes.queue;
    if (!p || this.queuePort === null) return;
    writeQueueRow(p, toSeconds(t), this.queuePort, this.queueVcs);
  }
}
