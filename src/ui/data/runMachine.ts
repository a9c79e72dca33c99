/**
 * The run on a page, as a small state machine: the one module that commands a simulation
 * worker's client. The page's parts (lessons, the timeline, Compare, keys, the playback bar)
 * send it commands and read its phase; it orders what reaches the worker:
 *
 * - `load` starts the scenario asked for, once: asking again for the run on show (the same
 *   query, or one a live change already applied) starts nothing;
 * - a run opened at a link's time starts paused and seeks there once it has started;
 * - `playTo` names the query it is for: asked before that query's run is loaded, it waits
 *   and follows the run's start;
 * - a port asked for reaches the run that has it (at its start, or at once);
 * - commands given before a worker is attached reach it when it is.
 *
 * Phases: idle (no worker), loading (started, not yet answered), playing, paused, seeking (to
 * a time, then paused), toInstant (playing to a lesson's instant, then paused) and ab (the
 * page's run waits behind Compare's two sides).
 */
import type { Batch, RunInfo, StepUnit } from '../../worker/protocol';

export type RunPhase = 'idle' | 'loading' | 'playing' | 'paused' | 'seeking' | 'toInstant' | 'ab';

type Branch = { atSeconds: number; query: string };

/** What the machine needs of a worker client (worker/client.ts `SimClient` has it). */
export interface RunPort {
  start(
    query: string,
    opts: { play?: boolean; speed?: number; branch?: Branch; port?: string; share?: number },
  ): number;
  play(speed: number, until?: number): void;
  pause(): void;
  seek(t: number): void;
  step(unit: StepUnit, ms?: number): void;
  live(query: string): void;
  focusPort(port: string): void;
  restart(): void;
}

/** The settings every start of the run uses. */
export interface RunSettings {
  /** Simulated seconds per second. */
  speed: number;
  /** The focused port's slug (null: the bottleneck). */
  port: string | null;
  /** Compare A/B is open: the run waits (starts paused, is paused). */
  ab: boolean;
}

export interface LoadOpts extends Partial<RunSettings> {
  /** A link's time: the run starts paused and goes there. */
  cursor?: number | null;
  /** B follows A until `atSeconds`, then runs `query` (Compare's branch). */
  branch?: Branch;
  /** The part of the worker's per-frame budget this run may use. */
  share?: number;
}

interface Asked {
  query: string;
  branch?: Branch;
  share?: number;
  cursor: number | null;
}

/** A play to simulated time `until` at `speed`. */
export interface Leg {
  speed: number;
  until: number;
}

const EPS = 1e-9;

export class RunMachine {
  private client: RunPort | null = null;
  private state: Exclude<RunPhase, 'ab'> = 'idle';
  private asked: Asked | null = null;
  /** The time a seek or a play to an instant stops at. */
  private target = 0;
  /** A pause or a play to an instant asked for a query whose run is not started yet. */
  private queued: { query: string; until?: number; speed: number; then?: Leg } | null = null;
  /** The leg a play to an instant takes once paused at its first target (a slow approach). */
  private next: Leg | null = null;
  private info: RunInfo | null = null;
  /** The phase once the loading run has started (commands given while it loads set it). */
  private afterStart: 'playing' | 'paused' | 'toInstant' = 'paused';
  private readonly settings: RunSettings;
  private readonly listeners = new Set<() => void>();

  constructor(settings: Partial<RunSettings> = {}) {
    this.settings = { speed: 1, port: null, ab: false, ...settings };
  }

  get phase(): RunPhase {
    return this.settings.ab ? 'ab' : this.state;
  }
  /** The query of the run asked for (null before the first load). */
  get query(): string | null {
    return this.asked?.query ?? null;
  }
  get speed(): number {
    return this.settings.speed;
  }
  get port(): string | null {
    return this.settings.port;
  }

  subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };
  getPhase = (): RunPhase => this.phase;

  private set(state: Exclude<RunPhase, 'ab'>): void {
    const before = this.phase;
    this.state = state;
    if (this.phase !== before) for (const f of this.listeners) f();
  }

  /** A command's phase: at once, or once the loading run has started. */
  private enter(phase: 'playing' | 'paused' | 'toInstant'): void {
    if (this.state === 'loading') this.afterStart = phase;
    else this.set(phase);
  }

  // ---- The worker ----

  /** A worker's client: the run asked for (if any) starts on it. */
  attach(client: RunPort): void {
    this.client = client;
    if (this.asked) this.send();
  }
  detach(): void {
    this.client = null;
    this.info = null;
    this.set('idle');
  }

  private send(): void {
    const a = this.asked;
    if (!a || !this.client) return;
    const { speed, port, ab } = this.settings;
    this.info = null;
    const q = this.queued?.query === a.query ? this.queued : null;
    this.queued = null;
    const play = !ab && a.cursor === null && !(q && q.until === undefined);
    this.afterStart = play ? 'playing' : 'paused';
    this.client.start(a.query, {
      play,
      speed,
      branch: a.branch,
      port: port ?? undefined,
      share: a.share,
    });
    this.set('loading');
    this.next = null;
    if (q && q.until !== undefined) {
      this.target = q.until;
      this.next = q.then ?? null;
      this.client.play(q.speed, q.until);
      this.afterStart = 'toInstant';
    }
  }

  /** Whether the run asked for is `query`'s, on a worker. */
  private isRunOf(query: string): boolean {
    return !!this.client && this.asked?.query === query && this.state !== 'idle';
  }

  // ---- Commands ----

  /** Settings for the next start (no command is sent). */
  configure(patch: Partial<RunSettings>): void {
    const before = this.phase;
    Object.assign(this.settings, patch);
    if (this.phase !== before) for (const f of this.listeners) f();
  }

  /** Starts `query` from t = 0, unless it is the run asked for already; true if started. */
  load(query: string, opts: LoadOpts = {}): boolean {
    const { cursor = null, branch, share, ...settings } = opts;
    this.configure(settings);
    const a = this.asked;
    const sameBranch =
      a?.branch?.atSeconds === branch?.atSeconds && a?.branch?.query === branch?.query;
    if (a && a.query === query && sameBranch) return false;
    this.asked = { query, branch, share, cursor };
    if (this.queued && this.queued.query !== query) this.queued = null;
    this.send();
    return true;
  }

  /** The run asked for, again from t = 0 (no link time); `patch` changes its settings. */
  restart(patch: Partial<RunSettings> = {}): void {
    this.configure(patch);
    if (!this.asked) return;
    this.asked = { ...this.asked, cursor: null };
    this.send();
  }

  /** A new worker in place of a failed one, running the run asked for. */
  restartWorker(): void {
    this.client?.restart();
    this.restart();
  }

  play(speed = this.settings.speed): void {
    if (!this.client) return;
    this.client.play(speed);
    this.enter('playing');
  }

  /** Plays the run of `query` at `speed` to simulated time `until` and pauses there, then, with
   * `then`, on to `then.until` at `then.speed` (a slow approach); before that run has started,
   * after its start. */
  playTo(query: string, speed: number, until: number, then?: Leg): void {
    if (!this.isRunOf(query)) {
      this.queued = { query, speed, until, then };
      return;
    }
    this.queued = null;
    this.next = then ?? null;
    this.target = until;
    this.client?.play(speed, until);
    this.enter('toInstant');
  }

  /** Pauses the run; with `query`, the run of that query (before it has started: it starts
   * paused). */
  pause(query?: string): void {
    if (query !== undefined && !this.isRunOf(query)) {
      this.queued = { query, speed: this.settings.speed };
      return;
    }
    this.queued = null;
    this.next = null;
    if (!this.client) return;
    this.client.pause();
    this.enter('paused');
  }

  seek(t: number): void {
    this.queued = null;
    this.next = null;
    this.target = t;
    this.client?.seek(t);
    if (this.client) this.set('seeking');
  }

  step(unit: StepUnit, ms?: number): void {
    this.client?.step(unit, ms);
  }

  /** Applies `query` to the running model: it becomes the run asked for (a load of it starts
   * nothing); if the worker cannot apply it, the run restarts (`liveAnswer`). */
  live(query: string): void {
    if (!this.asked || !this.client) return;
    this.asked = { ...this.asked, query, cursor: null };
    this.client.live(query);
  }

  /** Focuses the port-dependent views on port `slug`: at once if the run on show has it, else
   * at the start of the run that does. */
  focusPort(slug: string): void {
    this.settings.port = slug;
    if (this.info?.topology.ports.some((p) => p.slug === slug)) this.client?.focusPort(slug);
  }

  // ---- The worker's answers ----

  /** A run started (or, with `replay`, was rebuilt to the time shown). Returns whether the
   * focused port was dropped (not a port of this network). */
  started(info: RunInfo, replay?: 'seek' | 'focusPort'): { portDropped: boolean } {
    this.info = info;
    if (replay) return { portDropped: false };
    const slug = this.settings.port;
    let portDropped = false;
    if (slug !== null) {
      const want = info.topology.ports.findIndex((p) => p.slug === slug);
      if (want < 0 && info.topology.name !== 'single') {
        this.settings.port = null;
        portDropped = true;
      } else if (want >= 0 && want !== info.focusPort) this.client?.focusPort(slug);
    }
    const a = this.asked;
    if (a && a.cursor !== null) {
      this.target = a.cursor;
      this.asked = { ...a, cursor: null };
      this.client?.seek(this.target);
      this.set('seeking');
    } else if (this.state === 'loading') this.set(this.afterStart);
    return { portDropped };
  }

  /** The worker's answer to `live`: applied (its new info), or the run restarts. */
  liveAnswer(applied: boolean, info?: RunInfo): void {
    if (applied && info) this.info = info;
    else this.restart();
  }

  batch(b: Pick<Batch, 't' | 'playing' | 'done'>): void {
    const s = this.state;
    if (s === 'idle' || s === 'loading') return;
    const there = b.done || Math.abs(b.t - this.target) < EPS;
    if (s === 'toInstant' && !b.playing && there && this.next && !b.done) {
      // At the slow approach's start: on to the instant at the slow speed.
      const n = this.next;
      this.next = null;
      this.target = n.until;
      this.client?.play(n.speed, n.until);
      return;
    }
    if (b.playing) {
      if (s === 'paused') this.set('playing');
    } else if (s === 'playing' || ((s === 'seeking' || s === 'toInstant') && there)) {
      this.set('paused');
    }
  }
}
