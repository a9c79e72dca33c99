import type { EventName, ProbeOptions, Scenario } from '../sim';
import { Simulation, parseScenario } from '../sim';
import { cellRate } from '../sim/core/time';
import { PortWatch } from '../sim/metrics/probes';
import { BatchPacer } from './pacing';
import type { FromWorker, PortLike, ToWorker } from './protocol';
import { buildBatch, resolvePort, runInfo } from './viewData';

export { portSlug, resolvePort, runInfo } from './viewData';

/** At most this many batches per wall-clock second. */
const FRAME_MS = 1000 / 60;
/** Wall-clock budget of model work per frame, leaving the rest of the frame idle. */
const BUDGET_MS = 12;
/** Simulated time per slice when running flat out (checked against the budget). */
const SLICE_PS = 2e9; // 2 ms

/** A branch still to take: at `atPs` the run switches to `scenario` (Simulation.applyLive). */
interface PendingBranch {
  atPs: number;
  scenario: Scenario;
}

/** A model and what drives it forward (the port watcher, a branch not yet taken). */
interface Model {
  sim: Simulation;
  watch: PortWatch | null;
  branch?: PendingBranch;
}

interface Run extends Model {
  id: number;
  playing: boolean;
  speed: number;
  lastWall: number;
  /** The part of the frame budget this run may use (1; Compare A/B's two runs take half each). */
  share: number;
  /** Play-until target in seconds (the run pauses exactly there), if any. */
  until?: number;
  /** The query the run was built from and, for a branch, the query it shares history with up
   * to the branch time; its probes (for a replay on a focus change or a backward seek). */
  query: string;
  base?: { query: string; atSeconds: number };
  probes: ProbeOptions;
  /** The port the port-dependent probes watch, and the watcher of a network's ports (null
   * for the single topology, whose one port the model's own probes watch). */
  focus: number;
  /** At most one batch in flight while playing, if the page acknowledges them. */
  pacer: BatchPacer;
}

/**
 * Builds a run of `query` whose port-dependent probes watch port `port` (default the
 * bottleneck). For a network, a PortWatch records the per-port figures of each batch and, for
 * a port other than the bottleneck, its queue series; the loss probe keeps the drops of the
 * focused port only.
 */
function build(query: string, probes: ProbeOptions, port?: string | number) {
  const { scenario, errors } = parseScenario(query);
  if (scenario.topology === 'single')
    return { sim: new Simulation(scenario, { probes }), errors, focus: 0, watch: null };
  // The loss probe records the focused port's drops only.
  const sim = new Simulation(scenario, { probes, lossPort: (spec) => resolvePort(spec, port) });
  const spec = sim.topology;
  const focus = resolvePort(spec, port);
  const watch = new PortWatch(
    sim.ports.map((p) => p.c),
    spec.ports.map((p) => cellRate(p.mbps)),
    spec.ports[focus].vcs,
    focus,
    sim.d.nVc,
    focus !== spec.bottleneck && !!probes.queue,
    Math.round((probes.queueIntervalMs ?? 1) * 1e9),
  );
  return { sim, errors, focus, watch };
}

/**
 * Builds the run's model again from t = 0 (same query, same seed: the same run) watching
 * `port`: for a branch, the base query with the branch still to take.
 */
function rebuild(r: Run, port: string | number): ReturnType<typeof build> & Model {
  if (!r.base) return build(r.query, r.probes, port);
  const built = build(r.base.query, r.probes, port);
  return { ...built, branch: branchOf(r.query, r.base.atSeconds) };
}

function branchOf(query: string, atSeconds: number): PendingBranch {
  const b = parseScenario(query);
  if (b.errors.length > 0) throw new Error(`the branch's query is not valid: ${b.errors[0].key}`);
  return { atPs: Math.round(atSeconds * 1e12), scenario: b.scenario };
}

/** Runs the model to `t` (ps) without a branch, sampling the focused port's queue on the way
 * where we record it. */
function advance({ sim, watch }: Model, t: number): void {
  if (!watch || watch.nextSample === Infinity) {
    sim.runUntil(t);
    return;
  }
  for (;;) {
    while (watch.nextSample <= sim.now) watch.sample();
    if (sim.now >= t || sim.done) return;
    sim.runUntil(Math.min(t, watch.nextSample));
  }
}

/** Runs the model to `t` (ps), taking its branch on the way when it reaches the branch time. */
function runTo(m: Model, t: number): void {
  const b = m.branch;
  if (b && t >= b.atPs) {
    advance(m, b.atPs);
    m.branch = undefined;
    if (!m.sim.applyLive(b.scenario))
      throw new Error(
        'a branch can change only the buffer policy and its thresholds; start a comparison from t = 0 for other changes',
      );
  }
  advance(m, t);
}

/** After a single step: the samples the step went past, at the state it reached. */
function catchUp(r: Model): void {
  const w = r.watch;
  if (w) while (w.nextSample <= r.sim.now) w.sample();
}

/** Seconds → ps, clamped to the run [0, duration]. */
function clampPs(sim: Simulation, seconds: number): number {
  if (!Number.isFinite(seconds)) return seconds > 0 ? sim.duration : 0;
  return Math.max(0, Math.min(sim.duration, Math.round(seconds * 1e12)));
}

/**
 * The worker's logic, attached to a port: a thin switch over the model. Runs in a Worker
 * (sim.worker.ts) and, for tests, on one end of a MessageChannel.
 */
export function attachSimHost(port: PortLike, now: () => number = () => performance.now()): void {
  let run: Run | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (msg: FromWorker, transfer: Transferable[] = []) =>
    port.postMessage(msg, { transfer });

  const post = (r: Run, stepped?: EventName | null, t?: number) => {
    const { batch, transfer } = buildBatch(r, stepped, t);
    send(batch, transfer);
    r.pacer.posted();
  };

  const schedule = () => {
    if (timer !== undefined || !run || !run.playing || !run.pacer.mayRun()) return;
    timer = setTimeout(tick, FRAME_MS);
  };

  const tick = () => {
    timer = undefined;
    const r = run;
    if (!r || !r.playing || !r.pacer.mayRun()) return;
    try {
      const t0 = now();
      const sim = r.sim;
      const stop = r.until === undefined ? sim.duration : clampPs(sim, r.until);
      const target =
        r.speed === Infinity
          ? stop
          : Math.min(stop, sim.now + Math.round(Math.min(t0 - r.lastWall, 100) * 1e9 * r.speed));
      const budget = BUDGET_MS * r.share;
      while (sim.now < target && now() - t0 < budget) {
        runTo(r, Math.min(target, sim.now + SLICE_PS));
      }
      r.lastWall = t0;
      const until = r.until;
      const ended = sim.now >= stop;
      if (ended) {
        r.playing = false;
        r.until = undefined;
      }
      if (r.pacer.tickDone(ended)) post(r, undefined, until);
      schedule();
    } catch (e) {
      r.playing = false;
      send({ type: 'error', runId: r.id, message: e instanceof Error ? e.message : String(e) });
    }
  };

  /** Replays the run from t = 0 to `tPs` watching `focus` (focusPort, backward seek). */
  const replay = (old: Run, focus: string | number, tPs: number, why: 'seek' | 'focusPort') => {
    const built = rebuild(old, focus);
    runTo(built, tPs);
    const r: Run = {
      ...old,
      sim: built.sim,
      focus: built.focus,
      watch: built.watch,
      branch: built.branch,
      lastWall: now(),
    };
    send({
      type: 'started',
      runId: r.id,
      info: runInfo(r.sim, r.query, [], r.focus),
      replay: why,
    });
    return r;
  };

  port.addEventListener('message', (ev: MessageEvent) => {
    const msg = ev.data as ToWorker;
    try {
      if (msg.type === 'start') {
        const built = build(msg.query, msg.probes, msg.port);
        const r: Run = {
          id: msg.runId,
          sim: built.sim,
          watch: built.watch,
          playing: !!msg.play,
          speed: msg.speed ?? 1,
          lastWall: now(),
          share: msg.share !== undefined && msg.share > 0 && msg.share <= 1 ? msg.share : 1,
          query: msg.query,
          probes: msg.probes,
          focus: built.focus,
          pacer: new BatchPacer(!!msg.paced),
        };
        r.pacer.maxSpeed = r.speed === Infinity;
        if (msg.branch) {
          // The branch shares the run's history up to the branch time, then takes the
          // branch's policy: the same state continued two ways.
          r.branch = branchOf(msg.branch.query, msg.branch.atSeconds);
          r.base = { query: msg.query, atSeconds: msg.branch.atSeconds };
          r.query = msg.branch.query;
          runTo(r, r.branch.atPs);
        }
        run = r;
        send({
          type: 'started',
          runId: msg.runId,
          info: runInfo(r.sim, r.query, built.errors, built.focus),
        });
        post(r);
        schedule();
        return;
      }
      if (!run || msg.runId !== run.id) return; // stale
      if (msg.type === 'ack') {
        if (run.pacer.acked(msg.batches)) post(run);
        schedule();
      } else if (msg.type === 'play') {
        run.speed = msg.speed;
        run.pacer.maxSpeed = msg.speed === Infinity;
        run.lastWall = now();
        run.until = msg.until;
        if (msg.until !== undefined && clampPs(run.sim, msg.until) <= run.sim.now) {
          // Already there (or past it): the run stays paused where it is.
          run.playing = false;
          run.until = undefined;
          post(run, undefined, msg.until);
          return;
        }
        run.playing = !run.sim.done;
        schedule();
      } else if (msg.type === 'pause') {
        run.playing = false;
        run.until = undefined;
        post(run);
      } else if (msg.type === 'seek') {
        run.playing = false;
        run.until = undefined;
        const tPs = clampPs(run.sim, msg.t);
        if (tPs >= run.sim.now) runTo(run, tPs);
        else run = replay(run, run.focus, tPs, 'seek');
        post(run, undefined, msg.t);
      } else if (msg.type === 'step') {
        run.playing = false;
        run.until = undefined;
        const sim = run.sim;
        if (msg.unit === 'event') {
          const ev = sim.stepEvent();
          catchUp(run);
          post(run, ev);
        } else if (msg.unit === 'frame') {
          sim.stepFrame();
          catchUp(run);
          post(run);
        } else {
          runTo(run, sim.now + Math.round((msg.ms ?? 1) * 1e9));
          post(run);
        }
      } else if (msg.type === 'live') {
        const { scenario, errors } = parseScenario(msg.query);
        const applied = errors.length === 0 && run.sim.applyLive(scenario);
        send({
          type: 'live',
          runId: run.id,
          applied,
          info: applied ? runInfo(run.sim, msg.query, [], run.focus) : undefined,
        });
        if (applied) {
          run.query = msg.query;
          post(run);
        }
      } else if (msg.type === 'focusPort') {
        // (choice) A replay, not a live switch: the views then hold the whole history of the
        // newly watched port, not a series that changes port mid-way. Same query and seed, so
        // the same run, up to the time reached; the play state carries on.
        run = replay(run, msg.port, run.sim.now, 'focusPort');
        post(run);
        schedule();
      } else if (msg.type === 'stop') {
        run = undefined;
      }
    } catch (e) {
      send({
        type: 'error',
        runId: msg.runId,
        message: e instanceof Error ? e.message : String(e),
      });
    }
  });
}
