/**
 * When the run store's listeners are called: on every change (the views), before those (state
 * the views read as they draw), when the page's status changes (in a task of its own), and at
 * most every so many milliseconds while the run plays (text that a person reads).
 */
import { afterViewsDrawn } from './drawScheduler';
import { nextTask } from './nextTask';

/** Slow listeners of one period (subscribeSlow). */
interface SlowGroup {
  listeners: Set<() => void>;
  /** When the group was last called (performance.now()). */
  last: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Called in the next task already (nextTask). */
  queued: boolean;
  /** The group's listener among `listeners`. */
  fn: () => void;
}

export class StoreListeners {
  private listeners = new Set<() => void>();
  private early = new Set<() => void>();
  private statusListeners = new Set<() => void>();
  /** The status that statusListeners were last called for. */
  private statusSeen = '';
  private statusQueued = false;
  /** The slow listeners, grouped by their period: each group is called together, in one task. */
  private slow = new Map<number, SlowGroup>();

  /** `playing`: does the run play (slow listeners wait while it does); `status`: what the
   * page's chrome shows. */
  constructor(
    private readonly playing: () => boolean,
    private readonly status: () => string,
  ) {}

  /** Calls the listeners of a change: the early ones, then the others; the status listeners
   * in a next task if the status changed. */
  notify(): void {
    for (const l of this.early) l();
    for (const l of this.listeners) l();
    const status = this.status();
    if (status !== this.statusSeen && !this.statusQueued) {
      this.statusQueued = true;
      nextTask(() => {
        this.statusQueued = false;
        this.statusSeen = this.status();
        for (const l of [...this.statusListeners]) l();
      });
    }
  }

  /** `l` is called on every change, in the task that made it. */
  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  /** Like subscribe, but `l` is called before every other listener. */
  subscribeFirst = (l: () => void): (() => void) => {
    this.early.add(l);
    return () => this.early.delete(l);
  };

  /** `l` is called when the status changed, in a task of its own right after the one that
   * changed it. */
  subscribeStatus = (l: () => void): (() => void) => {
    this.statusListeners.add(l);
    return () => this.statusListeners.delete(l);
  };

  /** Like subscribe, but calls `l` at most every `ms` while the run plays (and once more after
   * the last change); while it stands still, once the views show the instant. The listeners of
   * one period share one clock and are called together, in a task of their own. */
  subscribeSlow = (l: () => void, ms = 200): (() => void) => {
    const group = this.slow.get(ms) ?? this.slowGroup(ms);
    group.listeners.add(l);
    return () => {
      group.listeners.delete(l);
      if (group.listeners.size > 0) return;
      this.listeners.delete(group.fn);
      if (group.timer !== undefined) clearTimeout(group.timer);
      this.slow.delete(ms);
    };
  };

  private slowGroup(ms: number): SlowGroup {
    const group: SlowGroup = {
      listeners: new Set(),
      last: 0,
      timer: undefined,
      queued: false,
      fn: () => {},
    };
    const fire = () => {
      group.queued = false;
      group.last = performance.now();
      for (const f of [...group.listeners]) f();
    };
    group.fn = () => {
      if (group.queued) return;
      const playing = this.playing();
      const wait = playing ? ms - (performance.now() - group.last) : 0;
      if (wait <= 0) {
        if (group.timer !== undefined) clearTimeout(group.timer);
        group.timer = undefined;
        group.queued = true;
        // Standing still: once the views show the instant (they draw it in the next frames,
        // those in sight first: useRedraw).
        if (playing) nextTask(fire);
        else afterViewsDrawn(fire);
      } else if (group.timer === undefined) {
        group.timer = setTimeout(() => {
          group.timer = undefined;
          fire();
        }, wait);
      }
    };
    this.slow.set(ms, group);
    this.listeners.add(group.fn);
    return group;
  }
}
