import type { EventName, ProbeBatch, ProbeOptions } from '../sim';
import { DROP_REASONS, Simulation, parseScenario } from '../sim';
import { cellRate } from '../sim/core/time';
import { PortWatch } from '../sim/metrics/probes';
import type { NetSpec } from '../sim/net/topology';
import { buildTopology, portPolicyOf } from '../sim/net/topology';
import type {
  Batch,
  BufferSnapshot,
  FromWorker,
  PortLike,
  RunInfo,
  ToWorker,
  TopologyInfo,
} from './protocol';
import { SNAPSHOT_CELLS } from './protocol';

/** At most this many batches per wall-clock second. */
const FRAME_MS = 1000 / 60;
/** Wall-clock budget of model work per frame, leaving the rest of the frame idle. */
const BUDGET_MS = 12;
/** Simulated time per slice when running flat out (checked against the budget). */
const SLICE_PS = 2e9; // 2 ms

interface Run {
  id: number;
  sim: Simulation;
  playing: boolean;
  speed: number;
  lastWall: number;
  /** The query the run was built from, and its probes (for a replay on a focus change). */
  query: string;
  probes: ProbeOptions;
  /** The port the port-dependent probes watch, and the watcher of a network's ports (null
   * for the single topology, whose one port the model's own probes watch). */
  focus: number;
  watch: PortWatch | null;
}

/** A port id made URL-safe: "sw2→sw3" → "sw2-sw3". */
export function portSlug(id: string): string {
  return id.replace(/→/g, '-').replace(/[^A-Za-z0-9_-]/g, '-');
}

/** The port named by `port` (id, slug or index), or the bottleneck. */
export function resolvePort(spec: NetSpec, port: string | number | undefined): number {
  const n = spec.ports.length;
  if (typeof port === 'number')
    return Number.isInteger(port) && port >= 0 && port < n ? port : spec.bottleneck;
  if (!port) return spec.bottleneck;
  const i = spec.ports.findIndex((p) => p.id === port || portSlug(p.id) === port);
  if (i >= 0) return i;
  return /^\d+$/.test(port) && Number(port) < n ? Number(port) : spec.bottleneck;
}

function topologyInfo(sim: Simulation): TopologyInfo {
  const spec = sim.topology;
  const first = new Map<string, number[]>();
  spec.routes.forEach((r, v) => {
    const to = spec.ports[r[0]]?.node ?? 'sw1';
    const key = `src${v}|${to}`;
    first.set(key, [...(first.get(key) ?? []), v]);
  });
  return {
    name: spec.topology,
    nodes: spec.nodes.map((n) => ({ id: n.id, kind: n.kind })),
    ports: spec.ports.map((p, i) => ({
      id: p.id,
      slug: portSlug(p.id),
      node: p.node,
      to: p.id.split('→')[1] ?? 'receivers',
      hop: p.hop,
      K: sim.ports[i].K,
      // The port's policy now (live changes replace the scenario, not the topology's spec).
      policy: spec.topology === 'single' ? sim.scenario.policy : portPolicyOf(sim.scenario, p.hop),
      mbps: p.mbps,
      vcs: [...p.vcs],
    })),
    access: [...first].map(([k, vcs]) => {
      const [from, to] = k.split('|');
      return { from, to, vcs };
    }),
    routes: spec.routes.map((r) => [...r]),
    bottleneck: spec.bottleneck,
  };
}

/** What the views need to know of a run before its first batch. */
export function runInfo(
  sim: Simulation,
  query: string,
  issues: RunInfo['issues'],
  focus = sim.topology.bottleneck,
): RunInfo {
  const scenario = sim.scenario;
  return {
    scenario,
    query,
    issues,
    durationSeconds: scenario.duration,
    epdThreshold: sim.d.epdThreshold,
    thresholds: (sim.ports[focus] ?? sim.port).thresholds(),
    goodputCeilingMbps: sim.d.goodputCeilingBps / 1e6,
    nVc: sim.d.nVc,
    nConn: sim.d.nConn,
    vcOfConn: Array.from({ length: sim.d.nConn }, (_, c) => Math.floor(c / scenario.tcpsPerVc)),
    reasons: DROP_REASONS,
    topology: topologyInfo(sim),
    focusPort: focus,
  };
}

function snapshot(sim: Simulation, focus: number): BufferSnapshot {
  const port = sim.ports[focus] ?? sim.port;
  if (sim.topology.topology === 'single' || (port === sim.port && port.nVc === sim.d.nVc)) {
    const limits = new Float64Array(port.nVc);
    for (let v = 0; v < port.nVc; v++) limits[v] = port.perVcLimit(v);
    const order = new Uint16Array(port.X <= SNAPSHOT_CELLS ? port.X : 0);
    const n = order.length > 0 ? port.snapshot(order) : 0;
    return { X: port.X, na: port.na, xi: port.xi.slice(), limits, order, n };
  }
  // A port of a network: its local VCs (and background, queue nVc) mapped to the run's VCs.
  const nVc = sim.d.nVc;
  const vcs = sim.topology.ports[focus].vcs;
  const xi = new Int32Array(nVc + 1);
  const limits = new Float64Array(nVc).fill(NaN);
  for (let j = 0; j < port.nVc; j++) {
    xi[vcs[j]] += port.xi[j]; // an edge switch's queues: the connections of one VC
    limits[vcs[j]] = port.perVcLimit(j);
  }
  xi[nVc] = port.xi[port.nVc];
  const order = new Uint16Array(port.X <= SNAPSHOT_CELLS ? port.X : 0);
  const n = order.length > 0 ? port.snapshot(order) : 0;
  for (let i = 0; i < n; i++) order[i] = order[i] < port.nVc ? vcs[order[i]] : nVc;
  return { X: port.X, na: port.na, xi, limits, order, n };
}

/**
 * Builds a run of `query` whose port-dependent probes watch port `port` (default the
 * bottleneck). For a network, a PortWatch records the per-port figures of each batch and, for
 * a port other than the bottleneck, its queue series; the loss probe keeps the drops of the
 * focused port only.
 */
function build(query: string, probes: ProbeOptions, port?: string | number) {
  const { scenario, errors } = parseScenario(query);
  const spec = buildTopology(scenario);
  if (spec.topology === 'single')
    return { sim: new Simulation(scenario, { probes }), errors, focus: 0, watch: null };
  // The loss probe records the focused port's drops only.
  const focus = resolvePort(spec, port);
  const sim = new Simulation(scenario, { probes, lossPort: focus });
  const watch = new PortWatch(
    sim.ports,
    spec.ports.map((p) => cellRate(p.mbps)),
    spec.ports[focus].vcs,
    focus,
    sim.d.nVc,
    focus !== spec.bottleneck && !!probes.queue,
    Math.round((probes.queueIntervalMs ?? 1) * 1e9),
  );
  return { sim, errors, focus, watch };
}

/** Runs `r` to `t` (ps), sampling the focused port's queue on the way where we record it. */
function runTo(r: Pick<Run, 'sim' | 'watch'>, t: number): void {
  const { sim, watch } = r;
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

/** After a single step: the samples the step went past, at the state it reached. */
function catchUp(r: Pick<Run, 'sim' | 'watch'>): void {
  const w = r.watch;
  if (w) while (w.nextSample <= r.sim.now) w.sample();
}

function transferables(series: ProbeBatch, buffer: BufferSnapshot, b: Batch): Transferable[] {
  const out: Transferable[] = [buffer.xi.buffer, buffer.limits.buffer, buffer.order.buffer];
  if (b.ports)
    out.push(
      b.ports.X.buffer,
      b.ports.departed.buffer,
      b.ports.dropped.buffer,
      b.ports.util.buffer,
    );
  for (const table of Object.values(series) as ({ columns: object } | undefined)[]) {
    if (!table) continue;
    for (const col of Object.values(table.columns) as ArrayBufferView[]) out.push(col.buffer);
  }
  return out;
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

  const post = (r: Run, stepped?: EventName | null) => {
    const sim = r.sim;
    sim.assertInvariants();
    const series = sim.probes.drain();
    if (r.watch?.queue) series.queue = r.watch.queue.drain();
    const buffer = snapshot(sim, r.focus);
    const batch: Batch = {
      type: 'batch',
      runId: r.id,
      t: sim.now / 1e12,
      done: sim.done,
      playing: r.playing,
      metrics: sim.metrics(),
      cells: sim.cellCounts(),
      series,
      buffer,
      ports: r.watch?.drainPorts(sim.now),
      stepped,
    };
    send(batch, transferables(series, buffer, batch));
  };

  const schedule = () => {
    if (timer !== undefined || !run || !run.playing) return;
    timer = setTimeout(tick, FRAME_MS);
  };

  const tick = () => {
    timer = undefined;
    const r = run;
    if (!r || !r.playing) return;
    try {
      const t0 = now();
      const sim = r.sim;
      if (r.speed === Infinity) {
        while (!sim.done && now() - t0 < BUDGET_MS) runTo(r, sim.now + SLICE_PS);
      } else {
        const wall = t0 - r.lastWall;
        const target = sim.now + Math.round(Math.min(wall, 100) * 1e9 * r.speed);
        while (!sim.done && sim.now < target && now() - t0 < BUDGET_MS) {
          runTo(r, Math.min(target, sim.now + SLICE_PS));
        }
      }
      r.lastWall = t0;
      if (sim.done) r.playing = false;
      post(r);
      schedule();
    } catch (e) {
      r.playing = false;
      send({ type: 'error', runId: r.id, message: e instanceof Error ? e.message : String(e) });
    }
  };

  port.addEventListener('message', (ev: MessageEvent) => {
    const msg = ev.data as ToWorker;
    try {
      if (msg.type === 'start') {
        const built = build(msg.query, msg.probes, msg.port);
        const { sim, errors } = built;
        let query = msg.query;
        if (msg.branch) {
          // The branch shares the run's history up to the branch time, then takes the
          // branch's policy: the same state continued two ways.
          const b = parseScenario(msg.branch.query);
          runTo(built, Math.round(msg.branch.atSeconds * 1e12));
          if (b.errors.length > 0 || !sim.applyLive(b.scenario))
            throw new Error(
              'a branch can change only the buffer policy and its thresholds; start a comparison from t = 0 for other changes',
            );
          query = msg.branch.query;
        }
        run = {
          id: msg.runId,
          sim,
          playing: !!msg.play,
          speed: msg.speed ?? 1,
          lastWall: now(),
          query,
          probes: msg.probes,
          focus: built.focus,
          watch: built.watch,
        };
        send({ type: 'started', runId: msg.runId, info: runInfo(sim, query, errors, built.focus) });
        post(run);
        schedule();
        return;
      }
      if (!run || msg.runId !== run.id) return; // stale
      if (msg.type === 'play') {
        run.playing = !run.sim.done;
        run.speed = msg.speed;
        run.lastWall = now();
        schedule();
      } else if (msg.type === 'pause') {
        run.playing = false;
        post(run);
      } else if (msg.type === 'step') {
        run.playing = false;
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
        const old = run;
        const built = build(old.query, old.probes, msg.port);
        runTo(built, old.sim.now);
        run = { ...old, sim: built.sim, focus: built.focus, watch: built.watch, lastWall: now() };
        send({
          type: 'started',
          runId: run.id,
          info: runInfo(run.sim, run.query, [], run.focus),
        });
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
