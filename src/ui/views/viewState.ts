/**
 * View state shared by all views (linking): the zoomed time range, the hovered connection and
 * the connection the time-sequence plot shows. A tiny external store; components read it with
 * useSyncExternalStore so a hover redraws the views without re-rendering the app.
 */
import type { DropRecord } from '../../sim/atm/policies/types';

/** A TCP event of the time-sequence plot, as the keys choose it: a retransmitted segment, a
 * timeout or a fast retransmit of connection `conn` at time t (`seq`: the segment's last
 * byte, where the event is a segment). */
export interface SeqEvent {
  t: number;
  conn: number;
  kind: 'retransmission' | 'timeout' | 'fast retransmit';
  seq: number | null;
  /** The segment's first byte (the drop's `seq`), or null. */
  first: number | null;
}

export interface ViewSnapshot {
  /** Zoomed time range in simulated seconds, or null to follow the whole run so far. */
  timeDomain: [number, number] | null;
  /** The time cursor in simulated seconds (the instant the paused run shows, after a seek
   * or a pause), drawn as a vertical line in every time plot; null while the run plays. */
  cursor: number | null;
  /** Without a zoom: show the last `follow` simulated seconds, or the whole run (null). */
  follow: number | null;
  hoverConn: number | null;
  /** Connection shown in the time-sequence plot; -1 shows all. */
  selectedConn: number;
  dark: boolean;
  presenter: boolean;
  reducedMotion: boolean;
  /** The drop shown in the "why was this dropped?" inspector. */
  inspected: DropRecord | null;
  /** The drop chosen with the arrow keys in the loss raster (marked; Enter inspects it). */
  chosenDrop: DropRecord | null;
  /** The event chosen with the arrow keys in the time-sequence plot (marked). */
  chosenEvent: SeqEvent | null;
  /** Guided story: the view the current step points at, and the threshold it names (the
   * start of a threshold label, e.g. "EPD threshold" or "K"). */
  storyView: string | null;
  highlightThreshold: string | null;
  /** Guided story: the rows of Compare's A/B table the step is about, shown first (metric
   * keys, or `goodput:N` for connection N's goodput). */
  storyRows: readonly string[] | null;
  /** Metrics whose value would give away the answer of a question still open (a lesson's
   * prediction not yet made, a class question tied to a metric and not yet revealed): every
   * readout of them says "hidden" until it is answered. Set through `hide`. */
  hiddenMetrics: readonly string[];
}

/** Who hides metrics: a lesson's open prediction, the class's open question. */
export type HideSource = 'lesson' | 'class';

export class ViewState {
  private snap: ViewSnapshot;
  private listeners = new Set<() => void>();
  private readonly hides = new Map<HideSource, readonly string[]>();

  constructor(init: Partial<ViewSnapshot> = {}) {
    this.snap = {
      timeDomain: null,
      cursor: null,
      follow: 10,
      hoverConn: null,
      selectedConn: 0,
      dark: false,
      presenter: false,
      reducedMotion: false,
      inspected: null,
      chosenDrop: null,
      chosenEvent: null,
      storyView: null,
      highlightThreshold: null,
      storyRows: null,
      hiddenMetrics: [],
      ...init,
    };
  }

  get = (): ViewSnapshot => this.snap;

  set(patch: Partial<ViewSnapshot>): void {
    let changed = false;
    for (const [k, v] of Object.entries(patch)) {
      if (this.snap[k as keyof ViewSnapshot] !== v) changed = true;
    }
    if (!changed) return;
    this.snap = { ...this.snap, ...patch };
    for (const l of this.listeners) l();
  }

  /** `source` hides `metrics` (none: hides nothing any more); hiddenMetrics is the union of
   * what every source hides, a new array only when it changes. */
  hide(source: HideSource, metrics: readonly string[]): void {
    if (metrics.length) this.hides.set(source, metrics);
    else this.hides.delete(source);
    const all = [...new Set([...this.hides.values()].flat())].sort();
    const now = this.snap.hiddenMetrics;
    if (all.length === now.length && all.every((m, i) => m === now[i])) return;
    this.set({ hiddenMetrics: all });
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}
