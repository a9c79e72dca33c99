/**
 * What the live region says: the news of a playing run (what changed since it was last asked)
 * and the message of a run that stands still. The words are here, in one place. Read from the
 * run store only (the worker's batches: its loss, TCP event, stall and queue tables), nothing
 * of the model computed: a deadlock is news once the model has flagged it, which is when it
 * ends (its row gives its start too).
 */
import { StallKind, tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import { rowsBetween } from '../data/rowsBetween';
import { at, count, describeQueue } from '../views/describe';
import { reasonStyle } from '../views/palette';

const TIMEOUT = tcpEventRow('TIMEOUT').code;

/** "TCP 1", "TCP 1 and 3", "TCP 1, 2 and 4". */
const tcps = (conns: number[]) => {
  const xs = [...new Set(conns)].sort((a, b) => a - b).map((c) => String(c + 1));
  return `TCP ${xs.length <= 1 ? xs[0] : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`}`;
};

/**
 * The news of a run, each time it is asked: what happened since the last time (a first drop,
 * timeouts, a threshold of the buffer reached, deadlocks flagged). A new run, or a run that went
 * back in time (a seek back), starts afresh from where it stands.
 */
export class RunNews {
  private run = -1;
  /** Simulated time up to which the news was told. */
  private told = 0;
  /** The thresholds of the buffer (and K) reached so far in the run: each is news once. */
  private reached = new Set<string>();

  constructor(private readonly store: RunStore) {}

  /** Skips to the run's current time: the next news starts there (a threshold already told in
   * this run stays told). */
  catchUp(): void {
    const s = this.store;
    if (s.runs !== this.run) this.reached.clear();
    this.run = s.runs;
    this.told = s.t;
  }

  /** What is new since the last call, in words ('' for nothing). */
  next(): string {
    const s = this.store;
    const info = s.info;
    if (!info) return '';
    if (s.runs !== this.run) {
      this.run = s.runs;
      this.told = 0;
      this.reached.clear();
    } else if (s.t < this.told) {
      this.catchUp();
      return '';
    }
    const from = this.told;
    const to = s.t;
    if (to <= from) return '';
    const out: string[] = [];

    // The run's first drop.
    const loss = s.tables.loss;
    if (loss.rows > 0) {
      const t0 = s.column('loss', 't')[0];
      if (t0 > from && t0 <= to)
        out.push(
          `First drop at ${at(t0)}: VC ${s.column('loss', 'vc')[0]}, ${reasonStyle(s.column('loss', 'reason')[0]).label}.`,
        );
    }

    // Thresholds of the buffer reached for the first time (K: the buffer full).
    const [q0, q1] = rowsBetween(s, 'queue', from, to);
    const X = s.column('queue', 'X');
    let hi = -Infinity;
    for (let i = q0; i < q1; i++) if (X[i] > hi) hi = X[i];
    const K = info.scenario.bufferCells;
    const marks = [
      ...info.thresholds.filter((th) => th.cells > 0 && th.cells < K),
      { label: 'K', cells: K },
    ];
    const reached = marks.filter((m) => !this.reached.has(m.label) && hi >= m.cells);
    for (const m of reached) this.reached.add(m.label);
    if (reached.length)
      out.push(
        `Buffer reached ${reached.map((m) => (m.label === 'K' ? `K = ${K}, full` : `${m.label} = ${Math.round(m.cells)}`)).join(', then ')}.`,
      );

    // Timeouts.
    const [e0, e1] = rowsBetween(s, 'tcpEvents', from, to);
    const kind = s.column('tcpEvents', 'kind');
    const conn = s.column('tcpEvents', 'conn');
    const et = s.column('tcpEvents', 't');
    const timeouts: number[] = [];
    let lastTimeout = 0;
    for (let i = e0; i < e1; i++)
      if (kind[i] === TIMEOUT) {
        timeouts.push(conn[i]);
        lastTimeout = et[i];
      }
    if (timeouts.length === 1) out.push(`Timeout of ${tcps(timeouts)} at ${at(lastTimeout)}.`);
    else if (timeouts.length > 1)
      out.push(
        `${count(timeouts.length, 'timeout')} (${tcps(timeouts)}), the last at ${at(lastTimeout)}.`,
      );

    // Deadlocks flagged (each ended; its row gives when it began).
    const [d0, d1] = rowsBetween(s, 'stalls', from, to);
    const st0 = s.column('stalls', 't0');
    const st1 = s.column('stalls', 't');
    const sc = s.column('stalls', 'conn');
    const sk = s.column('stalls', 'kind');
    for (let i = d0; i < d1 && i < d0 + 3; i++) {
      const what = sk[i] === StallKind.DELAYED_ACK ? 'Stop-and-go stall' : 'Deadlock';
      const ender = sk[i] === StallKind.DELAYED_ACK ? 'the delayed-ACK timer' : 'a timeout';
      out.push(
        `${what} of TCP ${sc[i] + 1} from ${at(st0[i])} to ${at(st1[i])}, ended by ${ender}.`,
      );
    }
    if (d1 - d0 > 3) out.push(`${count(d1 - d0 - 3, 'more stall')}.`);

    this.told = to;
    return out.join(' ');
  }
}

/** The message of a run that stands still at its time: paused (or over), the news since it was
 * last told, and the switch buffer's state. */
export function stillMessage(store: RunStore, news: string): string {
  const t = store.t;
  const head = store.done ? `Run over at ${at(t)}.` : `Paused at ${at(t)}.`;
  const buffer = describeQueue({ store, t, selectedConn: -1, window: [0, t] });
  return [head, news, buffer].filter(Boolean).join(' ');
}

/** What the live region needs of the run's machine (data/runMachine.ts): its phase. */
export interface SeekPhase {
  subscribe(f: () => void): () => void;
  getPhase(): string;
}

/**
 * The message of a run that stands still, knowing how it got there. A run on its way (loading,
 * or seeking: a link's `t=` seeks as soon as its run has started, and on a busy machine the
 * worker may take longer than the settle time to get there) says nothing yet: its arrival
 * will. A run that arrived by a seek (a jump in time) tells its state without the news of the
 * time jumped over.
 */
export class StillTeller {
  private sought: boolean;
  private readonly off: () => void;

  constructor(
    private readonly store: RunStore,
    private readonly news: RunNews,
    private readonly run?: SeekPhase,
  ) {
    // A seek may have begun before the teller was made (effects run late on a busy page).
    this.sought = this.phase() === 'seeking';
    this.off =
      run?.subscribe(() => {
        if (this.phase() === 'seeking') this.sought = true;
      }) ?? (() => {});
  }

  private phase(): string {
    return this.run?.getPhase() ?? '';
  }

  /** The words to say now ('' for nothing: the run is still on its way). */
  message(): string {
    const p = this.phase();
    if (p === 'seeking' || p === 'loading') return '';
    if (this.sought) {
      this.sought = false;
      this.news.catchUp();
    }
    return stillMessage(this.store, this.news.next());
  }

  dispose(): void {
    this.off();
  }
}
