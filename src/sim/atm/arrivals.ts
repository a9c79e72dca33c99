import { IntQueue } from '../core/intQueue';
import type { Random } from '../core/random';
import type { Time } from '../core/time';
import type { BackgroundSource } from '../traffic/background';
import type { Admission } from './admission';
import { dropDue, dueStreams, pickDue } from './arrivalOrder';
import { CellTrain } from './cellTrain';
import type { Forwarding } from './forwarding';
import type { FramePool } from './frames';
import { FrameFlag } from './frames';
import type { PortCounts } from './portCounts';
import type { PortConfig, PortOps } from './portTypes';
import { ACCEPT } from './portTypes';
import { StreamHeap } from './streamHeap';

/**
 * The arrival side of a switch output port: per VC a stream of cells, from an access link
 * (frames whose cell times are known in advance: first arrival + k·interval) or from the
 * previous switch of its route (cells on a CellTrain), and the background sources. The streams
 * are ordered by their next cell's instant (StreamHeap); each slot takes the cells due by its
 * start, in order of instant then stream, or under arrivalOrder 'random' in a random order.
 */
export class Arrivals {
  readonly streams: StreamHeap;
  readonly tieRng: Random | undefined;
  private readonly tieCand: Int32Array;
  /** Per VC: frames handed to the access link, not yet fully arrived, oldest first. */
  readonly pendingFrames: IntQueue[];
  /** Per VC: the frame its stream is delivering (-1 when idle) and its next cell's index. */
  readonly curFrame: Int32Array;
  readonly nextCell: Int32Array;
  /** 1 for a VC fed by a previous switch, whose cells wait on `trains`. */
  readonly cellFed: Uint8Array;
  readonly trains: (CellTrain | null)[];
  /** Whether any VC is fed by another switch (false alone: the fast path). */
  anyFed = false;
  readonly background: BackgroundSource[];
  /** Background cells waiting for a slot (strict priority, not in the buffer). */
  bgPending = 0;

  private readonly K: number;
  private readonly nVc: number;
  private readonly backgroundSharesBuffer: boolean;

  /** The port's parts this one uses on every cell, built before it. */
  constructor(
    cfg: PortConfig,
    private readonly c: PortCounts,
    private readonly frames: FramePool,
    private readonly adm: Admission,
    private readonly fwd: Forwarding,
    private readonly p: PortOps,
  ) {
    this.K = cfg.K;
    this.backgroundSharesBuffer = cfg.backgroundSharesBuffer;
    this.nVc = cfg.nVc;
    this.background = cfg.background;
    // Under random arrival order each slot scans the streams: no heap order needed.
    this.streams = new StreamHeap(cfg.nVc + cfg.background.length, cfg.tieRng !== undefined);
    this.tieRng = cfg.tieRng;
    this.tieCand = new Int32Array(cfg.nVc + cfg.background.length);
    this.pendingFrames = Array.from({ length: cfg.nVc }, () => new IntQueue(16));
    this.curFrame = new Int32Array(cfg.nVc).fill(-1);
    this.nextCell = new Int32Array(cfg.nVc);
    this.cellFed = new Uint8Array(cfg.nVc);
    this.trains = Array.from({ length: cfg.nVc }, () => null);
    for (let b = 0; b < this.background.length; b++) {
      this.streams.set(cfg.nVc + b, this.background[b].next());
    }
  }

  /** VC `vc` is fed by the previous switch of its route (route wiring, SwitchPort.connect). */
  feed(vc: number): void {
    this.anyFed = true;
    this.cellFed[vc] = 1;
    // An edge switch's queues (its connections) all feed the one VC: they share its link.
    this.trains[vc] ??= new CellTrain();
  }

  /** Frame record `f` on VC `vc`'s access link, its first cell at `firstArrival`
   * (SwitchPort.sendFrame). */
  sendFrame(vc: number, f: number, firstArrival: Time): void {
    const q = this.pendingFrames[vc];
    q.push(f);
    if (q.length === 1) {
      this.nextCell[vc] = 0;
      this.curFrame[vc] = f;
      this.streams.set(vc, firstArrival);
    }
  }

  /** A cell of frame record `f` (EOM when `eom` is 1) from the previous switch reaches VC
   * `vc`'s link: it arrives at `t` (SwitchPort.receiveCell). */
  receiveCell(vc: number, f: number, eom: number, t: Time): void {
    const train = this.trains[vc]!;
    if (train.length === 0) this.streams.set(vc, t);
    train.push(t, (f << 1) | eom);
  }

  /** arrivalOrder 'random': the cells due by the start `tn` of a slot enter in a random order
   * (arrivalOrder.ts). (In order of arrival instant, the port takes them with arriveRun.) */
  arriveRandom(tn: Time): void {
    const streams = this.streams;
    const rng = this.tieRng!;
    const cand = this.tieCand;
    let n = dueStreams(streams.key, streams.live, streams.nLive, tn, cand);
    while (n > 0) {
      const i = pickDue(n, rng);
      const s = cand[i];
      this.arrive(s);
      if (streams.key[s] > tn) n = dropDue(cand, n, i);
    }
  }

  /** Next cell of stream s arrives. */
  arrive(s: number): void {
    const p = this.p;
    if (s >= this.nVc) {
      this.arriveBackground(s);
      return;
    }
    const vc = s;
    if (this.anyFed && this.cellFed[vc] === 1) {
      this.arriveFromSwitch(vc);
      return;
    }
    const frames = this.frames;
    const adm = this.adm;
    const f = this.curFrame[vc];
    const k = this.nextCell[vc];
    const t = this.streams.key[vc];
    const isEom = k === frames.cells[f] - 1;
    if (k === 0) adm.decideFrame(vc, f, t, false);
    else if (adm.gcra !== undefined) adm.gcra.laterCell(vc, t);
    const clp = frames.clp[f];
    const c = this.c;
    c.arrive(clp, 1);
    if (adm.mode[vc] === ACCEPT && c.X < this.K && k < adm.mfs) {
      p.enqueue(vc, (f << 1) | (isEom ? 1 : 0), clp, t);
    } else {
      adm.refuseCell(vc, f, k, t, isEom, clp);
    }

    // Advance the stream.
    if (isEom) {
      const q = this.pendingFrames[vc];
      q.shift();
      if (q.length > 0) {
        const g = q.peek();
        this.nextCell[vc] = 0;
        this.curFrame[vc] = g;
        this.streams.set(vc, frames.firstArrival[g]);
      } else {
        this.curFrame[vc] = -1;
        this.streams.set(vc, Infinity);
      }
    } else {
      this.nextCell[vc] = k + 1;
      // Computed from the frame's start, not accumulated, so rounding never drifts.
      this.streams.set(vc, frames.firstArrival[f] + (k + 1) * frames.interval[f]);
    }
  }

  /**
   * Cells of stream s arrive, in order, for as long as they come before every other stream's
   * next cell (by arrival instant, then stream index), are due by `tn`, and are plain: the
   * middle cells of a frame being accepted, into a buffer with room. Such a run costs one heap
   * update, not one per cell. Any other cell (a frame's first or last, a refused one, one from
   * a previous switch or background) goes through arrive(), one at a time. The counts and the
   * order of cells in the buffer are those of arrive() called cell by cell.
   */
  arriveRun(s: number, tn: Time): void {
    const p = this.p;
    const vc = s;
    if (vc >= this.nVc || (this.anyFed && this.cellFed[vc] === 1)) {
      this.arrive(s);
      return;
    }
    const frames = this.frames;
    const adm = this.adm;
    const f = this.curFrame[vc];
    let k = this.nextCell[vc];
    const last = frames.cells[f] - 1;
    if (k === 0 || k >= last || adm.mode[vc] !== ACCEPT) {
      this.arrive(s);
      return;
    }
    const streams = this.streams;
    const other = streams.second();
    const tOther = other < 0 ? Infinity : streams.key[other];
    const before = other < 0 || vc < other; // wins a tie with the other stream
    const first = frames.firstArrival[f];
    const interval = frames.interval[f];
    const clp = frames.clp[f];
    const mfs = adm.mfs;
    const gcra = adm.gcra;
    const c = this.c;
    const K = this.K;
    let t = streams.key[vc];
    const k0 = k;
    while (k < last && k < mfs && c.X < K && t <= tn && (t < tOther || (t === tOther && before))) {
      if (gcra !== undefined) gcra.laterCell(vc, t);
      c.arrive(clp, 1);
      p.enqueue(vc, f << 1, clp, t);
      k++;
      // Computed from the frame's start, not accumulated, as in arrive().
      t = first + k * interval;
    }
    if (k === k0) {
      this.arrive(s);
      return;
    }
    this.nextCell[vc] = k;
    streams.set(vc, t);
  }

  /**
   * Next cell of VC `vc` from the previous switch of its route. A frame starts at the cell
   * after an EOM seen here, as in a real switch: the cells of a frame whose EOM was lost
   * upstream run on into the next frame under the same decision. Conformance (F-GCRA, MFS)
   * was checked at the first switch.
   */
  private arriveFromSwitch(vc: number): void {
    const p = this.p;
    const frames = this.frames;
    const adm = this.adm;
    const train = this.trains[vc]!;
    const t = train.headTime();
    const word = train.headWord();
    train.shift();
    this.streams.set(vc, train.headTime());
    const f = word >> 1;
    const isEom = (word & 1) === 1;
    frames.pending[f]--;
    const k = this.nextCell[vc];
    if (k === 0) adm.decideFrame(vc, f, t, true);
    this.nextCell[vc] = isEom ? 0 : k + 1;
    const clp = frames.clp[f];
    const c = this.c;
    c.arrive(clp, 1);
    c.fedArrivedByClp[clp]++;
    c.fedArrived++;
    if (adm.mode[vc] === ACCEPT && c.X < this.K) {
      p.enqueue(vc, word, clp, t);
    } else {
      adm.refuseCell(vc, f, 0, t, isEom, clp);
      if (
        !isEom &&
        frames.flags[f] & FrameFlag.EOM_DROPPED &&
        frames.pending[f] === 0 &&
        frames.queued[f] === 0
      )
        this.fwd.resolveHeadless(vc, f);
    }
  }

  private arriveBackground(s: number): void {
    const c = this.c;
    const src = this.background[s - this.nVc];
    c.bgArrived++;
    if (this.backgroundSharesBuffer) {
      if (c.X >= this.K) c.bgDropped++;
      else this.p.enqueueBackground(this.streams.key[s]);
    } else {
      this.bgPending++;
    }
    this.streams.set(s, src.next());
  }

  /** Cells on the access links (not yet arrived), counted by walking the pending frames. */
  inAccess(): number {
    const frames = this.frames;
    let access = 0;
    for (let vc = 0; vc < this.pendingFrames.length; vc++) {
      const q = this.pendingFrames[vc];
      for (let i = 0; i < q.length; i++) {
        const f = q.at(i);
        access += frames.cells[f] - (i === 0 ? this.nextCell[vc] : 0);
      }
    }
    return access;
  }

  /** Cells on the links from previous switches. */
  onLinks(): number {
    let link = 0;
    for (const train of this.trains) link += train === null ? 0 : train.length;
    return link;
  }
}
