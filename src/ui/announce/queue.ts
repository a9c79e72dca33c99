/**
 * The queue behind the page's polite live region: when the simulation speaks to a screen
 * reader.
 *
 * - While the run plays, `poke()` says that news may have come (each batch). The news is asked
 *   for (`deps.news()`, everything new since it was last asked) and said only once `gapMs` of
 *   wall time (5 s: Highcharts' rule for live charts) have passed since the last announcement;
 *   until then it waits, and is said then, all together.
 * - When the run stands still (paused, stepped, sought, a lesson's pause, the end),
 *   `standStill(describe)` says `describe()` once nothing else has come for `settleMs` (PhET's
 *   utterance queue: a message that settles), read then, so that it tells the settled state. A
 *   poke (the run moves again) before that drops it.
 *
 * The clock and the timer are injected: tests drive them by hand; the page passes
 * performance.now and setTimeout.
 */

export interface AnnounceDeps {
  now(): number;
  /** Calls `f` after `ms`; returns a function that cancels it. */
  later(f: () => void, ms: number): () => void;
  /** What is new since the last call ('' for nothing). */
  news(): string;
  /** Puts `text` in the live region. */
  speak(text: string): void;
}

export interface AnnounceOptions {
  gapMs?: number;
  settleMs?: number;
}

export class AnnounceQueue {
  readonly gapMs: number;
  readonly settleMs: number;
  /** Wall time of the last announcement (−Infinity: none yet). */
  private lastSaid = -Infinity;
  private newsTimer: (() => void) | null = null;
  private stillTimer: (() => void) | null = null;

  constructor(
    private readonly deps: AnnounceDeps,
    opts: AnnounceOptions = {},
  ) {
    this.gapMs = opts.gapMs ?? 5000;
    this.settleMs = opts.settleMs ?? 250;
  }

  /** The run plays and may have news: said now if the gap has passed, else once it has. */
  poke(): void {
    this.stillTimer?.();
    this.stillTimer = null;
    const wait = this.lastSaid + this.gapMs - this.deps.now();
    if (wait > 0) {
      this.newsTimer ??= this.deps.later(() => {
        this.newsTimer = null;
        this.poke();
      }, wait);
      return;
    }
    const text = this.deps.news();
    if (text) this.say(text);
  }

  /** The run stands still: `describe()` is said once nothing else has come for settleMs. */
  standStill(describe: () => string): void {
    this.newsTimer?.();
    this.newsTimer = null;
    this.stillTimer?.();
    this.stillTimer = this.deps.later(() => {
      this.stillTimer = null;
      const text = describe();
      if (text) this.say(text);
    }, this.settleMs);
  }

  /** Drops whatever waits (the setting changed, the page goes). */
  clear(): void {
    this.newsTimer?.();
    this.stillTimer?.();
    this.newsTimer = null;
    this.stillTimer = null;
  }

  /** Something waits to be said. */
  get waiting(): boolean {
    return this.newsTimer !== null || this.stillTimer !== null;
  }

  private say(text: string): void {
    this.lastSaid = this.deps.now();
    this.deps.speak(text);
  }
}
