/**
 * The run as sound, an option for a student who cannot see the buffer and for a room that
 * should hear a collapse: the switch buffer's occupancy as the pitch of a soft tone (empty:
 * 220 Hz; full: 880 Hz, two octaves up), a click for each cell-loss event (at most a few per
 * batch), and a low double tone for each retransmission timeout. Read from the run store only
 * (its queue, loss and TCP event tables), what is new since the last batch; silent while the
 * run stands still. The output is injected (webAudio.ts on the page, a recorder in tests).
 */
import { tcpEventRow } from '../../sim';
import type { RunStore } from '../data/runStore';
import { rowsBetween } from '../data/rowsBetween';

export interface SoundOut {
  /** The tone's pitch now (Hz), or null: the tone stops. */
  tone(hz: number | null): void;
  /** `n` clicks, spread over the next moment. */
  clicks(n: number): void;
  /** The timeout's tone. */
  timeout(): void;
}

export const LOW_HZ = 220;
export const HIGH_HZ = 880;
/** Clicks said per batch at most (a burst of drops is a burst, not a buzz). */
export const MAX_CLICKS = 6;

const TIMEOUT = tcpEventRow('TIMEOUT').code;

/** The pitch of a buffer holding `x` of `k` cells: exponential in the fill, so equal steps of
 * occupancy are equal musical intervals. */
export function pitchOf(x: number, k: number): number {
  const f = k > 0 ? Math.min(1, Math.max(0, x / k)) : 0;
  return LOW_HZ * 2 ** (2 * f);
}

export class Sonifier {
  private run = -1;
  /** Simulated time up to which the run was sounded. */
  private told = 0;

  constructor(
    private readonly store: RunStore,
    private readonly out: SoundOut,
  ) {}

  /** After each batch the page takes: sounds what is new; silence while the run stands still
   * (and what a seek jumped over stays silent). */
  update(): void {
    const s = this.store;
    const info = s.info;
    const from = this.told;
    const fresh = s.runs !== this.run || s.t < from;
    this.run = s.runs;
    this.told = s.t;
    if (!info || !s.playing || fresh) {
      if (!info || !s.playing) this.out.tone(null);
      return;
    }
    const q = s.tables.queue;
    if (q.rows > 0) {
      const x = s.column('queue', 'X')[q.rows - 1];
      this.out.tone(pitchOf(x, info.scenario.bufferCells));
    }
    const [l0, l1] = rowsBetween(s, 'loss', from, s.t);
    if (l1 > l0) this.out.clicks(Math.min(MAX_CLICKS, l1 - l0));
    const [e0, e1] = rowsBetween(s, 'tcpEvents', from, s.t);
    const kind = s.column('tcpEvents', 'kind');
    for (let i = e0; i < e1; i++)
      if (kind[i] === TIMEOUT) {
        this.out.timeout();
        break;
      }
  }

  /** The page goes, or the sound is turned off. */
  stop(): void {
    this.out.tone(null);
  }
}
